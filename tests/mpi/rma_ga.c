/* rma_ga.c - a small global-array style one-sided program: a shared
 * counter served by MPI_Fetch_and_op, accumulates into a distributed
 * array, and read-modify-write updates under exclusive locks.
 * Prints "RESULT ga-<phase> <rank> <ns since the phase's t0>" and
 * "DATA ..." lines (tests/mpi/run_rma.sh compares them with a native run
 * and with the times docs/models.md gives). Before each phase the ranks
 * agree on a time past all their clocks and compute up to it
 * (MPI_Pcontrol; natively a no-op), so every phase starts at one t0.
 * Usage: rma_ga [INTS_PER_RANK] [COUNTER_ROUNDS] */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size;
static double t0;

static void align(void)
{
    MPI_Barrier(MPI_COMM_WORLD);
    double now = MPI_Wtime(), last;
    MPI_Allreduce(&now, &last, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    long long goal = llround(last * 1e9) + 1000000;
    MPI_Pcontrol(5309, (double)(goal - llround(MPI_Wtime() * 1e9)) * 1e-9);
    t0 = goal * 1e-9;
}

static void result(const char *phase)
{
    printf("RESULT ga-%s %d %.0f\n", phase, rank, round((MPI_Wtime() - t0) * 1e9));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int m = argc > 1 ? atoi(argv[1]) : 1024, rounds = argc > 2 ? atoi(argv[2]) : 3;
    int *block, *contrib = malloc(m * sizeof *contrib);
    long *counter;
    MPI_Win arr, ctr;
    MPI_Win_allocate(m * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &block, &arr);
    MPI_Win_allocate(sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &ctr);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, arr);
    for (int i = 0; i < m; i++)
        block[i] = 0;
    MPI_Win_unlock(rank, arr);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, ctr);
    *counter = 0;
    MPI_Win_unlock(rank, ctr);
    for (int i = 0; i < m; i++)
        contrib[i] = (rank + 1) * (i % 7 + 1);

    /* Tasks from a shared counter on rank 0: the values every rank gets
     * are 0 .. rounds x size - 1 in some order. */
    align();
    long one = 1, got, sum = 0;
    for (int k = 0; k < rounds; k++) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, ctr);
        MPI_Fetch_and_op(&one, &got, MPI_LONG, 0, 0, MPI_SUM, ctr);
        MPI_Win_unlock(0, ctr);
        sum += got;
    }
    result("counter");
    long total;
    MPI_Allreduce(&sum, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("DATA counter %ld\n", total);

    /* Every rank adds its contribution to every block, starting with its own. */
    align();
    MPI_Win_lock_all(0, arr);
    for (int j = 0; j < size; j++)
        MPI_Accumulate(contrib, m, MPI_INT, (rank + j) % size, 0, m, MPI_INT, MPI_SUM, arr);
    MPI_Win_unlock_all(arr);
    result("accumulate");

    /* Read-modify-write of rank 0's first element under an exclusive lock. */
    align();
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, arr);
    int v;
    MPI_Get(&v, 1, MPI_INT, 0, 0, 1, MPI_INT, arr);
    MPI_Win_flush(0, arr);
    v += 1;
    MPI_Put(&v, 1, MPI_INT, 0, 0, 1, MPI_INT, arr);
    MPI_Win_unlock(0, arr);
    result("update");

    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, arr);
    unsigned long check = 0;
    for (int i = 0; i < m; i++)
        check = check * 31 + (unsigned)block[i];
    printf("DATA block %d %d %lu\n", rank, block[0], check);
    MPI_Win_unlock(rank, arr);
    MPI_Win_free(&ctr);
    MPI_Win_free(&arr);
    free(contrib);
    MPI_Finalize();
    return 0;
}

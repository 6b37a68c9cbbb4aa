/* coll_times.c - every blocking collective (and a few nonblocking ones)
 * on MPI_COMM_WORLD or on a sub-communicator; checks the data and prints
 * "RESULT <collective>-<bytes> <rank> <virtual exit time in ns>".
 * Usage: coll_times BYTES ONLY [split|cart]
 * ONLY = all runs them one after another (exits then depend on earlier
 * ones: for comparing paths); a collective's name runs just that one, so
 * every rank enters at virtual time 0 (for closed forms); skewed_barrier
 * lets rank r enter a barrier late by 3L + r x 100000 ns. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MPI_Comm comm;
static int rank, size, n, failed;
static const char *only, *current;

/* Run the next collective? (sets the name end() prints) */
static int want(const char *name)
{
    current = name;
    return !strcmp(only, "all") || !strcmp(only, name);
}

static void end(void)
{
    printf("RESULT %s-%d %d %.0f\n", current, n, rank, round(MPI_Wtime() * 1e9));
}

static void check(const char *what, int ok)
{
    if (strcmp(only, "all") && strcmp(only, current))
        return;   /* that collective did not run */
    if (!ok) {
        printf("CHECK FAILED %s on rank %d\n", what, rank);
        failed = 1;
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    n = argc > 1 ? atoi(argv[1]) : 8;
    only = argc > 2 ? argv[2] : "all";
    comm = MPI_COMM_WORLD;
    if (argc > 3 && !strcmp(argv[3], "split")) {   /* halves by parity, reversed */
        int wr;
        MPI_Comm_rank(MPI_COMM_WORLD, &wr);
        MPI_Comm_split(MPI_COMM_WORLD, wr % 2, -wr, &comm);
    } else if (argc > 3 && !strcmp(argv[3], "cart")) {   /* rows of a 2 x P/2 grid */
        int wsize, dims[2] = { 2, 0 }, periods[2] = { 0, 0 }, keep[2] = { 0, 1 };
        MPI_Comm cart;
        MPI_Comm_size(MPI_COMM_WORLD, &wsize);
        MPI_Dims_create(wsize, 2, dims);
        MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
        MPI_Cart_sub(cart, keep, &comm);
        MPI_Comm_free(&cart);
    }
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int cnt = n / (int)sizeof(int) > 0 ? n / (int)sizeof(int) : 1;
    int *a = malloc(sizeof(int) * (size_t)cnt * (size_t)size), *b = malloc(sizeof(int) * (size_t)cnt * (size_t)size);
    int *counts = malloc(sizeof(int) * (size_t)size), *displs = malloc(sizeof(int) * (size_t)size);
    for (int i = 0; i < size; i++) {
        counts[i] = cnt;
        displs[i] = i * cnt;
    }
    for (int i = 0; i < cnt * size; i++) {
        a[i] = rank + 1;
        b[i] = i / cnt + 1;
    }

    if (want("barrier")) { MPI_Barrier(comm); end(); }
    if (want("bcast")) { MPI_Bcast(a, cnt, MPI_INT, 0, comm); end(); }
    check("bcast", a[0] == 1);
    for (int i = 0; i < cnt * size; i++) a[i] = rank + 1;
    if (want("reduce")) { MPI_Reduce(a, b, cnt, MPI_INT, MPI_SUM, 0, comm); end(); }
    check("reduce", rank != 0 || b[0] == size * (size + 1) / 2);
    if (want("allreduce")) { MPI_Allreduce(a, b, cnt, MPI_INT, MPI_SUM, comm); end(); }
    check("allreduce", b[cnt - 1] == size * (size + 1) / 2);
    if (want("allreduce_inplace")) { MPI_Allreduce(MPI_IN_PLACE, a, cnt, MPI_INT, MPI_MAX, comm); end(); }
    check("allreduce in place", a[0] == size);
    for (int i = 0; i < cnt * size; i++) a[i] = rank + 1;
    if (want("gather")) { MPI_Gather(a, cnt, MPI_INT, b, cnt, MPI_INT, 0, comm); end(); }
    check("gather", rank != 0 || b[cnt * (size - 1)] == size);
    if (want("gatherv")) { MPI_Gatherv(a, cnt, MPI_INT, b, counts, displs, MPI_INT, 0, comm); end(); }
    if (want("scatter")) { MPI_Scatter(b, cnt, MPI_INT, a, cnt, MPI_INT, 0, comm); end(); }
    check("scatter", rank != 0 || a[0] == 1);
    if (want("scatterv")) { MPI_Scatterv(b, counts, displs, MPI_INT, a, cnt, MPI_INT, 0, comm); end(); }
    for (int i = 0; i < cnt * size; i++) a[i] = rank + 1;
    if (want("allgather")) { MPI_Allgather(a, cnt, MPI_INT, b, cnt, MPI_INT, comm); end(); }
    check("allgather", b[cnt * (size - 1)] == size);
    if (want("allgatherv")) { MPI_Allgatherv(a, cnt, MPI_INT, b, counts, displs, MPI_INT, comm); end(); }
    if (want("alltoall")) { MPI_Alltoall(a, cnt, MPI_INT, b, cnt, MPI_INT, comm); end(); }
    check("alltoall", b[cnt * (size - 1)] == size);
    if (want("alltoallv")) { MPI_Alltoallv(a, counts, displs, MPI_INT, b, counts, displs, MPI_INT, comm); end(); }
    if (want("reduce_scatter_block")) { MPI_Reduce_scatter_block(a, b, cnt, MPI_INT, MPI_SUM, comm); end(); }
    check("reduce_scatter_block", b[0] == size * (size + 1) / 2);
    if (want("reduce_scatter")) { MPI_Reduce_scatter(a, b, counts, MPI_INT, MPI_SUM, comm); end(); }
    if (want("scan")) { MPI_Scan(a, b, cnt, MPI_INT, MPI_SUM, comm); end(); }
    check("scan", b[0] == (rank + 1) * (rank + 2) / 2);
    if (want("exscan")) { MPI_Exscan(a, b, cnt, MPI_INT, MPI_SUM, comm); end(); }
    check("exscan", rank == 0 || b[0] == rank * (rank + 1) / 2);

    MPI_Request r;
    if (want("iallreduce")) { MPI_Iallreduce(a, b, cnt, MPI_INT, MPI_SUM, comm, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); end(); }
    check("iallreduce", b[0] == size * (size + 1) / 2);
    if (want("ibcast")) { MPI_Ibcast(a, cnt, MPI_INT, 0, comm, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); end(); }
    /* Overlap: a self message of 100000 B (3L + 100000 ns, rendezvous)
     * between start and Wait; the Wait returns at the later of the two. */
    if (want("ioverlap")) {
        char *big = malloc(100000);
        MPI_Iallreduce(a, b, cnt, MPI_INT, MPI_SUM, comm, &r);
        MPI_Sendrecv(big, 100000, MPI_BYTE, rank, 1, big, 100000, MPI_BYTE, rank, 1, comm,
                     MPI_STATUS_IGNORE);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        end();
        free(big);
    }
    if (want("ibarrier")) { MPI_Ibarrier(comm, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); end(); }

    /* Skewed entry: rank r > 0 first sends itself r x 100000 bytes, a
     * rendezvous costing 3L + r x 100000 ns (o = 0, 1 ns/B), so it enters
     * the barrier at that time after the common start. */
    if (want("skewed_barrier") && !strcmp(only, current) && rank > 0) {
        char *big = malloc((size_t)rank * 100000);
        MPI_Sendrecv(big, rank * 100000, MPI_BYTE, rank, 0, big, rank * 100000, MPI_BYTE,
                     rank, 0, comm, MPI_STATUS_IGNORE);
        free(big);
    }
    if (want("skewed_barrier")) {
        MPI_Barrier(comm);
        end();
    }
    printf("RESULT failed %d %d\n", rank, failed);
    if (comm != MPI_COMM_WORLD)
        MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}

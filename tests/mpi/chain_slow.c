/* chain_slow.c - a wait chain with real CPU work: each rank receives from
 * its predecessor, computes, then sends to its successor; rank 0's
 * slow_phase() does W of busy work, the others' fast_phase() a little.
 * Ranks 1..N-1 each wait about W, all of it caused by slow_phase: its
 * root cause costs (N-1) W (docs/patterns.md, root causes). Rank 0 prints
 * the CPU time it measured around slow_phase ("RESULT W NS"), the
 * independent figure the analyzer's cost is checked against.
 * Usage: chain_slow [LOOPS] (default 40000000, about 40 ms) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile double sink;

static double cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return 1e9 * (double)ts.tv_sec + (double)ts.tv_nsec;
}

/* noinline, the loop in each: the innermost frame of the samples' call
 * paths is the phase itself */
__attribute__((noinline)) static void slow_phase(long n)
{
    double x = 1.0;
    for (long i = 0; i < n; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

__attribute__((noinline)) static void fast_phase(long n)
{
    double x = 1.0;
    for (long i = 0; i < n / 1000; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, token = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long loops = argc > 1 ? atol(argv[1]) : 40000000;
    cpu_ns();   /* symbol binding outside the measured phase */
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank > 0)
        MPI_Recv(&token, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double t0 = cpu_ns();
    if (rank == 0)
        slow_phase(loops);
    else
        fast_phase(loops);
    double t1 = cpu_ns();
    if (rank < size - 1)
        MPI_Send(&token, 1, MPI_INT, rank + 1, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("RESULT W %.0f\n", t1 - t0);
    MPI_Finalize();
    return 0;
}

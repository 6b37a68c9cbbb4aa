/* clock_work.c - known busy work between MPI calls: REPS intervals of
 * WORK loop iterations each, separated by MPI_Wtime calls, timed natively
 * (this thread's CPU time around a loop with no MPI call in it) and as
 * seshat reports them (MPI_Wtime). Both are measured ROUNDS times,
 * alternating, and the smallest of each is printed (interference only
 * adds CPU time): "RESULT native NS" and "RESULT reported NS".
 * Usage: clock_work REPS WORK [ROUNDS] */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile double sink;

static void work(long n)
{
    double x = 1.0;
    for (long i = 0; i < n; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int reps = argc > 1 ? atoi(argv[1]) : 500, rounds = argc > 3 ? atoi(argv[3]) : 5;
    long n = argc > 2 ? atol(argv[2]) : 10000;
    double native = INFINITY, reported = INFINITY;
    for (int r = 0; r < rounds; r++) {
        double c0 = cpu_now();
        for (int i = 0; i < reps; i++)
            work(n);
        double c1 = cpu_now();
        if (c1 - c0 < native)
            native = c1 - c0;
        double t0 = MPI_Wtime();
        for (int i = 0; i < reps; i++) {
            work(n);
            MPI_Wtime();
        }
        double t1 = MPI_Wtime();
        if (t1 - t0 < reported)
            reported = t1 - t0;
    }
    if (rank == 0)
        printf("RESULT native %.0f\nRESULT reported %.0f\n", native * 1e9, reported * 1e9);
    MPI_Finalize();
    return 0;
}

/* call_cost.c - what seshat adds to one cheap MPI call (MPI_Comm_rank, no
 * communication), in thread CPU time: the fastest of 5 rounds of N calls.
 * Run under seshat-run with and without --profile: the difference is the
 * profile's cost per call, free of the load that blurs whole-run wall
 * times. Prints "BENCH call_ns <ns per call>" (rank 0). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    int rank = 0, r;
    double best = 1e300;
    for (int round = 0; round < 5; round++) {
        double t0 = cpu_now();
        for (long i = 0; i < n; i++)
            MPI_Comm_rank(MPI_COMM_WORLD, &r);
        double per = (cpu_now() - t0) / (double)n;
        best = per < best ? per : best;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        printf("BENCH call_ns %.1f\n", best);
    MPI_Finalize();
    return 0;
}

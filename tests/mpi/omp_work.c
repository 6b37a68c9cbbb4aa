/* omp_work.c - a hybrid rank: REGIONS parallel regions of WORK loop
 * iterations split statically over the OpenMP threads, an MPI call after
 * each, in ROUNDS rounds. Prints the minimum over every region and round
 * (interference only adds time) of: "RESULT share NS", the CPU time of one thread's share
 * run alone natively; "RESULT wall NS", a region's native wall time;
 * "RESULT reported NS", the virtual time seshat reports for a region;
 * "RESULT threads T".
 * Usage: omp_work REGIONS WORK [ROUNDS] */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double sinks[64];

__attribute__((noinline)) static double work(long n)
{
    double x = 1.0;
    for (long i = 0; i < n; i++)
        x = x * 1.0000001 + 1e-9;
    return x;
}

static double now(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int provided, rank;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int regions = argc > 1 ? atoi(argv[1]) : 20, rounds = argc > 3 ? atoi(argv[3]) : 3;
    long n = argc > 2 ? atol(argv[2]) : 4000000;
    int t = omp_get_max_threads();
    long chunk = n / t;
    double share = INFINITY, wall = INFINITY, reported = INFINITY;
    for (int r = 0; r < rounds; r++) {
        double c0 = now(CLOCK_THREAD_CPUTIME_ID);
        sinks[0] += work(chunk);
        double c1 = now(CLOCK_THREAD_CPUTIME_ID);
        share = fmin(share, c1 - c0);
        for (int k = 0; k < regions; k++) {
            double v0 = MPI_Wtime(), w0 = now(CLOCK_MONOTONIC);
#pragma omp parallel
            sinks[omp_get_thread_num() % 64] += work(chunk);
            wall = fmin(wall, now(CLOCK_MONOTONIC) - w0);
            reported = fmin(reported, MPI_Wtime() - v0);
        }
    }
    if (rank == 0)
        printf("RESULT threads %d\nRESULT share %.0f\nRESULT wall %.0f\nRESULT reported %.0f\n", t,
               share * 1e9, wall * 1e9, reported * 1e9);
    MPI_Finalize();
    return 0;
}

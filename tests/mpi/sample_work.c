/* sample_work.c - two functions of known, different CPU work, called from
 * main between MPI calls: heavy() does 3 units, light() 1 unit, ITERS
 * times each. Every rank prints the CPU time it measured around each
 * ("RESULT heavy RANK NS", "RESULT light RANK NS"), the independent figure
 * the sampler's attribution (trace.sample) is checked against.
 * Usage: sample_work [ITERS [UNIT_LOOPS]] */
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

/* noinline: the leaf both call paths share */
__attribute__((noinline)) static void spin(long n)
{
    double x = 1.0;
    for (long i = 0; i < n; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

/* noinline: each is a frame of its own in the samples' call paths */
__attribute__((noinline)) static void heavy(long unit) { spin(3 * unit); }
__attribute__((noinline)) static void light(long unit) { spin(unit); }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int iters = argc > 1 ? atoi(argv[1]) : 10;
    long unit = argc > 2 ? atol(argv[2]) : 2000000;
    double th = 0, tl = 0;
    /* start-up outside the measured loop: the first calls' symbol binding */
    cpu_ns();
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < iters; i++) {
        double t0 = cpu_ns();
        heavy(unit);
        double t1 = cpu_ns();
        MPI_Barrier(MPI_COMM_WORLD);
        double t2 = cpu_ns();
        light(unit);
        double t3 = cpu_ns();
        MPI_Barrier(MPI_COMM_WORLD);
        th += t1 - t0;
        tl += t3 - t2;
    }
    printf("RESULT heavy %d %.0f\nRESULT light %d %.0f\n", rank, th, rank, tl);
    MPI_Finalize();
    return 0;
}

/* compute.c - fixed CPU work between neighbour exchanges, for the
 * oversubscription test: "RESULT compute RANK NS" per rank (virtual time
 * at the end), and "RESULT workcpu RANK NS", the thread CPU time of the
 * work itself measured by the program: with clock = cpu the two agree in
 * one run however loaded the machine (both are the same thread's CPU).
 * Usage: compute STEPS WORK (WORK = inner iterations per step) */
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

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 20;
    long n = argc > 2 ? atol(argv[2]) : 1000000;
    int peer = rank ^ 1;
    double v = rank, w, cpu = 0;
    for (int s = 0; s < steps; s++) {
        struct timespec a, b;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
        work(n);
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        cpu += (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec);
        if (peer < size)
            MPI_Sendrecv(&v, 1, MPI_DOUBLE, peer, 0, &w, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
    }
    printf("RESULT compute %d %.0f\n", rank, round(MPI_Wtime() * 1e9));
    printf("RESULT workcpu %d %.0f\n", rank, cpu);
    MPI_Finalize();
    return 0;
}

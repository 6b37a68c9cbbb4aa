/* wall_pingpong.c - benchmark: wall-clock cost of communication, read from
 * CLOCK_MONOTONIC (not MPI_Wtime, which seshat makes virtual).
 * Usage: wall_pingpong latency ITERS       one-way 8-byte latency
 *        wall_pingpong compute ITERS WORK  WORK loop iterations (~50 us) then
 *                                          an 8-byte exchange, ITERS times
 * Rank 0 prints "BENCH <what> <microseconds>". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile double sink;

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static void work(long n)
{
    double x = 1.0;
    for (long i = 0; i < n; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int compute = argc > 1 && !strcmp(argv[1], "compute");
    int iters = argc > 2 ? atoi(argv[2]) : 10000;
    long n = argc > 3 ? atol(argv[3]) : 0;
    double buf = 0;
    int peer = 1 - rank;
    for (int warm = 0; warm < 2; warm++) {
        double t0 = now_us();
        for (int i = 0; i < iters; i++) {
            if (compute) {
                work(n);
                MPI_Sendrecv_replace(&buf, 1, MPI_DOUBLE, peer, 0, peer, 0, MPI_COMM_WORLD,
                                     MPI_STATUS_IGNORE);
            } else if (rank == 0) {
                MPI_Send(&buf, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(&buf, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(&buf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(&buf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
            }
        }
        double t = now_us() - t0;
        if (warm && rank == 0)
            printf("BENCH %s %.3f\n", compute ? "compute_total" : "latency",
                   compute ? t : t / (2.0 * iters));
    }
    MPI_Finalize();
    return 0;
}

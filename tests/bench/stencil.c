/* stencil.c - a NAS-like benchmark program: per iteration a little CPU
 * work, a halo exchange with both neighbors (Sendrecv) and an Allreduce of
 * the residual. Rank 0 prints "BENCH stencil_wall_us <us>".
 * Usage: stencil ITERATIONS WORK */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile double sink;

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 5000;
    long work = argc > 2 ? atol(argv[2]) : 10000;
    double halo[64] = { 0 }, ghost[64], res, total;
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int it = 0; it < iters; it++) {
        double x = it;
        for (long i = 0; i < work; i++)
            x = x * 1.0000001 + 1e-9;
        sink = x;
        MPI_Sendrecv(halo, 64, MPI_DOUBLE, right, 0, ghost, 64, MPI_DOUBLE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(halo, 64, MPI_DOUBLE, left, 1, ghost, 64, MPI_DOUBLE, right, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        res = ghost[0] + x * 1e-12;
        MPI_Allreduce(&res, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (rank == 0)
        printf("BENCH stencil_wall_us %.0f\n",
               ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) / 1e3);
    MPI_Finalize();
    return 0;
}

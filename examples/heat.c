/* heat.c - seshat's demo: a 1-D heat equation split across ranks, with a
 * halo exchange per step. It prints the run time it measures through
 * MPI_Wtime and through clock_gettime: wall time natively, virtual under
 * seshat (both; seshat's summary line gives the wall time).
 * Usage: heat [CELLS_PER_RANK] [STEPS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    int steps = argc > 2 ? atoi(argv[2]) : 500;
    double *u = calloc((size_t)n + 2, sizeof *u), *v = calloc((size_t)n + 2, sizeof *v);
    if (rank == 0)
        u[1] = 1000.0;
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    double w0 = mono(), t0 = MPI_Wtime();
    for (int s = 0; s < steps; s++) {
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[n + 1], 1, MPI_DOUBLE, right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 1; i <= n; i++)
            v[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
        double *t = u; u = v; v = t;
    }
    double t1 = MPI_Wtime(), w1 = mono();
    double local = 0, total = 0;
    for (int i = 1; i <= n; i++)
        local += u[i];
    MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("heat: %d ranks x %d cells, %d steps, total heat %.6f\n", size, n, steps, total);
        printf("heat: run time %.6f s (MPI_Wtime), %.6f s (clock_gettime)\n", t1 - t0, w1 - w0);
    }
    free(u);
    free(v);
    MPI_Finalize();
    return 0;
}

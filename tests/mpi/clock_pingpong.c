/* clock_pingpong.c - OSU-style latency under the CPU clock: ITERS round
 * trips of SIZE bytes between ranks 0 and 1 after WARMUP untimed ones, in
 * BATCHES equal batches (default 1) each timed with MPI_Wtime.
 * Usage: clock_pingpong ITERS SIZE [WARMUP [BATCHES]]
 * Rank 0 prints "RESULT oneway NS": the virtual time of the timed loop over
 * 2 x ITERS, in nanoseconds (rounded), as the OSU latency test reports it;
 * and "RESULT median NS": the median over the batches of each batch's
 * one-way time (a burst of load on the shared machine spoils one batch,
 * not the figure). */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void round_trip(int rank, char *buf, int n)
{
    if (rank == 0) {
        MPI_Send(buf, n, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
        MPI_Recv(buf, n, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(buf, n, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, n, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 0, n = argc > 2 ? atoi(argv[2]) : -1;
    int warm = argc > 3 ? atoi(argv[3]) : 100, nb = argc > 4 ? atoi(argv[4]) : 1;
    if (argc < 3 || size != 2 || iters < 1 || n < 0 || warm < 0 || nb < 1 || iters % nb) {
        if (rank == 0)
            fprintf(stderr, "usage: clock_pingpong ITERS SIZE [WARMUP [BATCHES]] (2 ranks, "
                            "BATCHES divides ITERS)\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char *buf = calloc((size_t)n + 1, 1);
    double *t = malloc(sizeof *t * (size_t)(nb + 1));
    for (int i = 0; i < warm; i++)
        round_trip(rank, buf, n);
    t[0] = MPI_Wtime();
    for (int b = 1; b <= nb; b++) {
        for (int i = 0; i < iters / nb; i++)
            round_trip(rank, buf, n);
        t[b] = MPI_Wtime();
    }
    if (rank == 0) {
        double total = t[nb] - t[0];
        for (int b = 0; b < nb; b++)
            t[b] = t[b + 1] - t[b];
        qsort(t, (size_t)nb, sizeof *t, cmp_double);
        double med = nb % 2 ? t[nb / 2] : (t[nb / 2 - 1] + t[nb / 2]) / 2;
        printf("RESULT oneway %.0f\n", round(total * 1e9 / (2.0 * iters)));
        printf("RESULT median %.0f\n", round(med * 1e9 / (2.0 * iters / nb)));
    }
    free(t);
    free(buf);
    MPI_Finalize();
    return 0;
}

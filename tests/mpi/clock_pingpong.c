/* clock_pingpong.c - OSU-style latency under the CPU clock: ITERS round
 * trips of SIZE bytes between ranks 0 and 1 after WARMUP untimed ones.
 * Usage: clock_pingpong ITERS SIZE [WARMUP]
 * Rank 0 prints "RESULT oneway NS": the virtual time of the timed loop over
 * 2 x ITERS, in nanoseconds (rounded), as the OSU latency test reports it. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3 || size != 2) {
        if (rank == 0)
            fprintf(stderr, "usage: clock_pingpong ITERS SIZE [WARMUP] (2 ranks)\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int iters = atoi(argv[1]), n = atoi(argv[2]), warm = argc > 3 ? atoi(argv[3]) : 100;
    char *buf = calloc((size_t)n + 1, 1);
    double t0 = 0;
    for (int i = 0; i < warm + iters; i++) {
        if (i == warm)
            t0 = MPI_Wtime();
        if (rank == 0) {
            MPI_Send(buf, n, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(buf, n, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(buf, n, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, n, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
    double t1 = MPI_Wtime();
    if (rank == 0)
        printf("RESULT oneway %.0f\n", round((t1 - t0) * 1e9 / (2.0 * iters)));
    free(buf);
    MPI_Finalize();
    return 0;
}

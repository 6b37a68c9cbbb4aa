/* wake_loop.c - many short waits in a row, for the wake-up channel
 * (tests/mpi/run_wake.sh): every wait of a rank that naps must end when
 * its message comes, not at the end of the nap.
 *
 *   wake_loop pingpong BYTES ROUNDS   ranks 0 and 1: ROUNDS round trips
 *   wake_loop allreduce ROUNDS        every rank: ROUNDS allreduces of a double
 *
 * Rank 0 prints the virtual time at the end ("RESULT t_end S"); every
 * rank checks the data it received. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int pingpong(int rank, int bytes, int rounds)
{
    char *buf = calloc((size_t)bytes, 1);
    int bad = 0;
    for (int i = 0; i < rounds && rank < 2; i++) {
        if (rank == 0) {
            buf[0] = (char)i;
            MPI_Send(buf, bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD);
            MPI_Recv(buf, bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad += buf[bytes - 1] != (char)(i + 1);
        } else {
            MPI_Recv(buf, bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad += buf[0] != (char)i;
            buf[bytes - 1] = (char)(i + 1);
            MPI_Send(buf, bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD);
        }
    }
    free(buf);
    return bad;
}

static int allreduce(int rank, int size, int rounds)
{
    int bad = 0;
    for (int i = 0; i < rounds; i++) {
        double x = rank + i, sum = 0;
        MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        bad += sum != (double)size * (size - 1) / 2 + (double)size * i;
    }
    return bad;
}

int main(int argc, char **argv)
{
    int rank, size, bad = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 3 && !strcmp(argv[1], "pingpong"))
        bad = pingpong(rank, atoi(argv[2]), atoi(argv[3]));
    else if (argc > 2 && !strcmp(argv[1], "allreduce"))
        bad = allreduce(rank, size, atoi(argv[2]));
    else
        MPI_Abort(MPI_COMM_WORLD, 2);
    if (bad)
        printf("RESULT bad_data %d on rank %d\n", bad, rank);
    if (rank == 0)
        printf("RESULT t_end %.9f\n", MPI_Wtime());
    MPI_Finalize();
    return bad != 0;
}

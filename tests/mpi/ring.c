/* ring.c - ITERS steps of a ring: each rank receives from the left and
 * sends to the right, nonblocking, completed with MODE = waitall | waitany
 * | testsome | persistent. Every rank prints "RESULT ring RANK NS": its
 * final virtual time. Usage: ring MODE BYTES ITERS */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void complete(const char *mode, MPI_Request r[2])
{
    if (!strcmp(mode, "waitany")) {
        for (int done = 0; done < 2; done++) {
            int idx;
            MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
        }
    } else if (!strcmp(mode, "testsome")) {
        int left = 2, out, idx[2];
        while (left > 0) {
            MPI_Testsome(2, r, &out, idx, MPI_STATUSES_IGNORE);
            if (out != MPI_UNDEFINED)
                left -= out;
        }
    } else {
        MPI_Status st[2];
        MPI_Waitall(2, r, st);
    }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 4)
        MPI_Abort(MPI_COMM_WORLD, 2);
    const char *mode = argv[1];
    int bytes = atoi(argv[2]), iters = atoi(argv[3]);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    char *sbuf = malloc((size_t)bytes + 1), *rbuf = malloc((size_t)bytes + 1);
    MPI_Request r[2];
    int persistent = !strcmp(mode, "persistent");
    if (persistent) {
        MPI_Recv_init(rbuf, bytes, MPI_BYTE, left, 3, MPI_COMM_WORLD, &r[0]);
        MPI_Send_init(sbuf, bytes, MPI_BYTE, right, 3, MPI_COMM_WORLD, &r[1]);
    }
    for (int i = 0; i < iters; i++) {
        memset(sbuf, rank + i, (size_t)bytes);
        if (persistent) {
            MPI_Startall(2, r);
        } else {
            MPI_Irecv(rbuf, bytes, MPI_BYTE, left, 3, MPI_COMM_WORLD, &r[0]);
            MPI_Isend(sbuf, bytes, MPI_BYTE, right, 3, MPI_COMM_WORLD, &r[1]);
        }
        complete(mode, r);
        if (bytes > 0 && rbuf[bytes - 1] != (char)(left + i)) {
            fprintf(stderr, "ring: rank %d got wrong data\n", rank);
            MPI_Abort(MPI_COMM_WORLD, 4);
        }
    }
    if (persistent) {
        MPI_Request_free(&r[0]);
        MPI_Request_free(&r[1]);
    }
    printf("RESULT ring %d %.0f\n", rank, round(MPI_Wtime() * 1e9));
    MPI_Finalize();
    return 0;
}

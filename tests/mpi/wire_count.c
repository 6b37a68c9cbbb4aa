/* wire_count.c - a one-way stream of messages from rank 0 to rank 1, for
 * counting the real messages each one costs (run_wire.sh reads Open MPI's
 * pml monitoring, an independent count, for two stream lengths).
 * Usage: wire_count MODE SIZE N   MODE = blocking | nonblocking | ssend
 * | probe | anysource | persistent. Rank 1 checks every byte it receives
 * and prints "RESULT received N" (or "RESULT corrupt I"). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fill(unsigned char *b, int size, int i)
{
    for (int k = 0; k < size; k++)
        b[k] = (unsigned char)(k * 7 + i);
}

static void send_one(const char *mode, unsigned char *b, int size)
{
    MPI_Request r;
    if (!strcmp(mode, "nonblocking")) {
        MPI_Isend(b, size, MPI_BYTE, 1, 5, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else if (!strcmp(mode, "ssend")) {
        MPI_Ssend(b, size, MPI_BYTE, 1, 5, MPI_COMM_WORLD);
    } else if (!strcmp(mode, "persistent")) {
        MPI_Send_init(b, size, MPI_BYTE, 1, 5, MPI_COMM_WORLD, &r);
        MPI_Start(&r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Request_free(&r);
    } else {
        MPI_Send(b, size, MPI_BYTE, 1, 5, MPI_COMM_WORLD);
    }
}

/* The status must say what native MPI says: source 0, tag 5, size bytes. */
static int recv_one(const char *mode, unsigned char *b, int size)
{
    MPI_Request r;
    MPI_Status st;
    int count = -1;
    if (!strcmp(mode, "nonblocking")) {
        MPI_Irecv(b, size, MPI_BYTE, 0, 5, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, &st);
    } else if (!strcmp(mode, "probe")) {
        MPI_Probe(0, 5, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_BYTE, &count);
        if (count != size)
            return 0;
        MPI_Recv(b, size, MPI_BYTE, 0, 5, MPI_COMM_WORLD, &st);
    } else if (!strcmp(mode, "anysource")) {
        MPI_Recv(b, size, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    } else {
        MPI_Recv(b, size, MPI_BYTE, 0, 5, MPI_COMM_WORLD, &st);
    }
    MPI_Get_count(&st, MPI_BYTE, &count);
    return count == size && st.MPI_SOURCE == 0 && st.MPI_TAG == 5;
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const char *mode = argc > 1 ? argv[1] : "blocking";
    int size = argc > 2 ? atoi(argv[2]) : 8, n = argc > 3 ? atoi(argv[3]) : 10;
    unsigned char *b = malloc((size_t)size + 1), *want = malloc((size_t)size + 1);
    int bad = -1;
    for (int i = 0; i < n; i++) {
        if (rank == 0) {
            fill(b, size, i);
            send_one(mode, b, size);
        } else if (rank == 1) {
            fill(want, size, i);
            if ((!recv_one(mode, b, size) || memcmp(b, want, (size_t)size)) && bad < 0)
                bad = i;
        }
    }
    if (rank == 1) {
        if (bad < 0)
            printf("RESULT received %d\n", n);
        else
            printf("RESULT corrupt %d\n", bad);
    }
    free(b);
    free(want);
    MPI_Finalize();
    return 0;
}

/* pingpong.c - round-trip virtual times between ranks 0 and 1.
 * Usage: pingpong MODE SIZE...   MODE = blocking | nonblocking | sendrecv
 * | anysource | ssend | probe | persistent.
 * Rank 0 prints "RESULT MODE SIZE NS": for sendrecv the exchange time, else
 * the round trip, in virtual nanoseconds read through MPI_Wtime. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *buf;

static void one_way_out(const char *mode, int size, int peer)
{
    MPI_Request r;
    MPI_Status st;
    if (!strcmp(mode, "nonblocking")) {
        MPI_Isend(buf, size, MPI_BYTE, peer, 7, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else if (!strcmp(mode, "ssend")) {
        MPI_Ssend(buf, size, MPI_BYTE, peer, 7, MPI_COMM_WORLD);
    } else if (!strcmp(mode, "persistent")) {
        MPI_Send_init(buf, size, MPI_BYTE, peer, 7, MPI_COMM_WORLD, &r);
        MPI_Start(&r);
        MPI_Wait(&r, &st);
        MPI_Request_free(&r);
    } else {
        MPI_Send(buf, size, MPI_BYTE, peer, 7, MPI_COMM_WORLD);
    }
}

static void one_way_in(const char *mode, int size, int peer)
{
    MPI_Request r;
    MPI_Status st;
    int count = -1;
    if (!strcmp(mode, "nonblocking")) {
        MPI_Irecv(buf, size, MPI_BYTE, peer, 7, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, &st);
    } else if (!strcmp(mode, "anysource")) {
        MPI_Recv(buf, size, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    } else if (!strcmp(mode, "probe")) {
        MPI_Probe(peer, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        MPI_Recv(buf, size, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, &st);
    } else if (!strcmp(mode, "persistent")) {
        MPI_Recv_init(buf, size, MPI_BYTE, peer, 7, MPI_COMM_WORLD, &r);
        MPI_Start(&r);
        MPI_Wait(&r, &st);
        MPI_Request_free(&r);
    } else {
        MPI_Recv(buf, size, MPI_BYTE, peer, 7, MPI_COMM_WORLD, &st);
    }
    MPI_Get_count(&st, MPI_BYTE, &count);
    if (count != size || st.MPI_SOURCE != peer || st.MPI_TAG != 7) {
        fprintf(stderr, "pingpong: bad status: count %d source %d tag %d\n", count,
                st.MPI_SOURCE, st.MPI_TAG);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3 || size < 2) {
        if (rank == 0)
            fprintf(stderr, "usage: pingpong MODE SIZE... (2+ ranks)\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const char *mode = argv[1];
    for (int a = 2; a < argc; a++) {
        int n = atoi(argv[a]);
        buf = calloc((size_t)n + 1, 1);
        double t0 = MPI_Wtime();
        if (!strcmp(mode, "sendrecv") && rank < 2) {
            MPI_Sendrecv(buf, n, MPI_BYTE, 1 - rank, 7, buf, n, MPI_BYTE, 1 - rank, 7,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 0) {
            one_way_out(mode, n, 1);
            one_way_in(mode, n, 1);
        } else if (rank == 1) {
            one_way_in(mode, n, 0);
            one_way_out(mode, n, 0);
        }
        double t1 = MPI_Wtime();
        if (rank == 0)
            printf("RESULT %s %d %.0f\n", mode, n, round((t1 - t0) * 1e9));
        free(buf);
    }
    printf("SIZE %d %d\n", rank, size);
    MPI_Finalize();
    return 0;
}

/* conformance-np: 2 (ranks tests/mpi/run_conformance.sh starts) */
/* repeat.c - MPI-3.1 3.5, 3.7 and 7.6: one peer several times over.
 * Periodic rings of 1 and 2 ranks, where a rank's negative and positive
 * neighbour are the same process (the blocks must still land in the
 * order 7.6 gives: from the negative neighbour first); several
 * synchronous and large (rendezvous-size) sends outstanding to one peer
 * at once, received in order (non-overtaking, 3.5). */
#include "conf.h"

/* Every neighbourhood collective on a 1-D periodic ring c. */
static void ring(MPI_Comm c, const char *what)
{
    int rank, send[2], got[2], cnt[2] = { 1, 1 }, dis[2] = { 0, 1 };
    MPI_Comm_rank(c, &rank);
    send[0] = 10 * rank + 1;   /* to the negative neighbour */
    send[1] = 10 * rank + 2;   /* to the positive one */
    got[0] = got[1] = -1;
    MPI_Neighbor_alltoall(send, 1, MPI_INT, got, 1, MPI_INT, c);
    out("%s: neighbor_alltoall %d %d", what, got[0], got[1]);
    got[0] = got[1] = -1;
    MPI_Neighbor_alltoallv(send, cnt, dis, MPI_INT, got, cnt, dis, MPI_INT, c);
    out("%s: neighbor_alltoallv %d %d", what, got[0], got[1]);
    MPI_Aint bd[2] = { 0, sizeof(int) };
    MPI_Datatype ty[2] = { MPI_INT, MPI_INT };
    got[0] = got[1] = -1;
    MPI_Neighbor_alltoallw(send, cnt, bd, ty, got, cnt, bd, ty, c);
    out("%s: neighbor_alltoallw %d %d", what, got[0], got[1]);
    got[0] = got[1] = -1;
    MPI_Neighbor_allgather(&send[0], 1, MPI_INT, got, 1, MPI_INT, c);
    out("%s: neighbor_allgather %d %d", what, got[0], got[1]);
    got[0] = got[1] = -1;
    MPI_Neighbor_allgatherv(&send[1], 1, MPI_INT, got, cnt, dis, MPI_INT, c);
    out("%s: neighbor_allgatherv %d %d", what, got[0], got[1]);
}

static void rings(int rank)
{
    int dims = 0, periods = 1, size;
    MPI_Comm self, cart;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 1, &dims);
    MPI_Cart_create(MPI_COMM_WORLD, 1, &dims, &periods, 0, &cart);
    ring(cart, "ring of 2");
    MPI_Comm_free(&cart);
    MPI_Comm_split(MPI_COMM_WORLD, rank, 0, &self);
    dims = 1;
    MPI_Cart_create(self, 1, &dims, &periods, 0, &cart);
    ring(cart, "ring of 1");
    MPI_Comm_free(&cart);
    MPI_Comm_free(&self);
}

/* n sends of `count` ints from rank 0 to rank 1, all outstanding at once;
 * `ssend`: synchronous. Rank 1 receives them one by one. */
static void outstanding(int rank, int n, int count, int ssend, const char *what)
{
    int *buf = malloc(sizeof *buf * (size_t)count * (size_t)n);
    MPI_Request rq[4];
    if (rank == 0) {
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < count; i++)
                buf[k * count + i] = 1000 * k + i;
            if (ssend)
                MPI_Issend(buf + k * count, count, MPI_INT, 1, 7, MPI_COMM_WORLD, &rq[k]);
            else
                MPI_Isend(buf + k * count, count, MPI_INT, 1, 7, MPI_COMM_WORLD, &rq[k]);
        }
        MPI_Waitall(n, rq, MPI_STATUSES_IGNORE);
        out("%s: sent", what);
    } else if (rank == 1) {
        for (int k = 0; k < n; k++) {
            MPI_Recv(buf, count, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            out("%s: message %d: %lu", what, k, conf_sum(buf, count));
        }
    }
    free(buf);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    rings(rank);
    outstanding(rank, 2, 2, 1, "two 8-byte Issend");
    outstanding(rank, 3, 2, 1, "three 8-byte Issend");
    outstanding(rank, 2, 32768, 0, "two 128 KiB Isend");
    outstanding(rank, 4, 32768, 0, "four 128 KiB Isend");
    conf_done();
}

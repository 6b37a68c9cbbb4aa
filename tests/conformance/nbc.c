/* conformance-np: 3 (ranks tests/mpi/run_conformance.sh starts) */
/* nbc.c - MPI-3.1 chapter 5.12 (nonblocking collectives) and 6.4.2
 * (MPI_Comm_idup): an idup completes without blocking its caller, alone,
 * overlapped with other nonblocking operations, with point-to-point
 * traffic between its start and its completion, and the new communicator
 * carries messages and collectives afterwards. */
#include "conf.h"

static void use(MPI_Comm c, const char *what)
{
    int rank, size, x, sum = 0, left, right, got = -1;
    MPI_Comm_rank(c, &rank);
    MPI_Comm_size(c, &size);
    x = rank + 1;
    MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, c);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    MPI_Sendrecv(&x, 1, MPI_INT, right, 3, &got, 1, MPI_INT, left, 3, c, MPI_STATUS_IGNORE);
    out("%s: sum %d from left %d", what, sum, got);
}

int main(int argc, char **argv)
{
    int rank, size;
    conf_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm a, b, c;
    MPI_Request rq[4];

    /* alone */
    MPI_Comm_idup(MPI_COMM_WORLD, &a, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    use(a, "idup alone");

    /* overlapped with a barrier, an allreduce and another idup */
    int x = rank, mx = -1;
    MPI_Ibarrier(MPI_COMM_WORLD, &rq[0]);
    MPI_Comm_idup(a, &b, &rq[1]);
    MPI_Iallreduce(&x, &mx, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &rq[2]);
    MPI_Comm_idup(MPI_COMM_WORLD, &c, &rq[3]);
    MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
    out("overlapped: max %d", mx);
    use(b, "idup of a dup");
    use(c, "second idup");

    /* point-to-point between start and completion: rank 0 sends before it
     * waits, rank 1 receives before it even starts its idup */
    MPI_Comm d;
    int v = 0;
    if (rank == 0) {
        MPI_Comm_idup(MPI_COMM_WORLD, &d, &rq[0]);
        v = 77;
        MPI_Send(&v, 1, MPI_INT, 1, 8, MPI_COMM_WORLD);
        MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    } else {
        if (rank == 1)
            MPI_Recv(&v, 1, MPI_INT, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Comm_idup(MPI_COMM_WORLD, &d, &rq[0]);
        int flag = 0;
        while (!flag)
            MPI_Test(&rq[0], &flag, MPI_STATUS_IGNORE);
    }
    out("p2p across idup: got %d", v);
    use(d, "idup after p2p");

    /* an idup of an intercommunicator */
    MPI_Comm local, inter, inter2;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 0, rank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, rank == 0 ? 1 : 0, 5, &inter);
    MPI_Comm_idup(inter, &inter2, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    int rsize, sum = 0;
    MPI_Comm_remote_size(inter2, &rsize);
    x = rank;
    MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, inter2);
    out("inter idup: remote size %d remote sum %d", rsize, sum);

    MPI_Comm_free(&inter2);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    MPI_Comm_free(&d);
    MPI_Comm_free(&c);
    MPI_Comm_free(&b);
    MPI_Comm_free(&a);
    conf_done();
    return 0;
}

/* coll_neighbor.c - neighborhood allgather and alltoall (blocking and
 * nonblocking) on a periodic 1-D Cartesian ring: every rank has two
 * neighbors. Prints "RESULT neighbor-<op> <rank> <exit ns>" after one
 * operation entered at virtual time 0, and checks the data.
 * Usage: coll_neighbor allgather|alltoall|iallgather */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int r, p, dims[1] = { 0 }, periods[1] = { 1 };
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Dims_create(p, 1, dims);
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Comm_rank(ring, &r);
    const char *op = argc > 1 ? argv[1] : "allgather";
    double t0 = MPI_Wtime();
    int out[2] = { r, r }, in[2] = { -1, -1 };
    MPI_Request req;
    if (!strcmp(op, "alltoall")) {
        MPI_Neighbor_alltoall(out, 1, MPI_INT, in, 1, MPI_INT, ring);
    } else if (!strcmp(op, "iallgather")) {
        MPI_Ineighbor_allgather(out, 1, MPI_INT, in, 1, MPI_INT, ring, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Neighbor_allgather(out, 1, MPI_INT, in, 1, MPI_INT, ring);
    }
    int bad = in[0] != (r + p - 1) % p || in[1] != (r + 1) % p;
    printf("RESULT neighbor-%s %d %.0f\n", op, r, round((MPI_Wtime() - t0) * 1e9));
    printf("RESULT neighbor-check %d %d\n", r, bad);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}

/* conformance-np: 3 (ranks tests/mpi/run_conformance.sh starts) */
/* create_group.c - MPI-3.1 6.4.2: MPI_Comm_create_group in a loop, as
 * test suites build their communicators, while a rank outside the group
 * talks to a member: rank 0 creates {0, 1} at once; rank 1 first
 * receives from rank 2, which computes before it sends, then joins; the
 * new communicator is used and freed each time. */
#include "conf.h"

static volatile double sink;

/* Some compute, so that rank 2's message is late in virtual time. */
static void work(int n)
{
    double x = 1;
    for (int i = 0; i < n; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    int rank, pair[2] = { 0, 1 };
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Group world, g01;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, 2, pair, &g01);
    for (int it = 0; it < 4; it++) {
        int v = 100 * it + rank, got = -1, sum = -1;
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 2) {
            work(200000);
            MPI_Send(&v, 1, MPI_INT, 1, it, MPI_COMM_WORLD);
            continue;
        }
        if (rank == 1)
            MPI_Recv(&got, 1, MPI_INT, 2, it, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Comm c;
        MPI_Comm_create_group(MPI_COMM_WORLD, g01, 10 + it, &c);
        MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, c);
        MPI_Comm_free(&c);
        out("iteration %d: got %d, sum on {0, 1} %d", it, got, sum);
    }
    MPI_Group_free(&g01);
    MPI_Group_free(&world);
    conf_done();
}

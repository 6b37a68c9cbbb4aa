/* coll_inter.c - collectives on an intercommunicator between the even and
 * the odd ranks. Each run does one of barrier | allreduce | bcast (from
 * world rank 0 to the odd group), entered by everyone at virtual time 0,
 * checks the data and prints "RESULT inter-<op> <world rank> <exit ns>". */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int wr, ws;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wr);
    MPI_Comm_size(MPI_COMM_WORLD, &ws);
    const char *op = argc > 1 ? argv[1] : "barrier";
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, wr % 2, wr, &half);
    /* local leader 0; the remote leader is world rank 1 (for evens) or 0 */
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, wr % 2 ? 0 : 1, 99, &inter);
    int hr, bad = 0;
    MPI_Comm_rank(half, &hr);
    double t0 = MPI_Wtime(), x = wr + 1, y = 0;
    if (!strcmp(op, "barrier")) {
        MPI_Barrier(inter);
    } else if (!strcmp(op, "allreduce")) {
        /* each group gets the sum over the other group */
        MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, inter);
        double other = 0;
        for (int r = (wr + 1) % 2; r < ws; r += 2)
            other += r + 1;
        bad = y != other;
    } else {
        int root = wr % 2 ? 0 : (hr == 0 ? MPI_ROOT : MPI_PROC_NULL);
        y = wr == 0 ? 42 : 0;
        MPI_Bcast(&y, 1, MPI_DOUBLE, root, inter);
        bad = wr % 2 && y != 42;
    }
    printf("RESULT inter-%s %d %.0f\n", op, wr, round((MPI_Wtime() - t0) * 1e9));
    printf("RESULT inter-check %d %d\n", wr, bad);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}

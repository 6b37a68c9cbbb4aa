/* failing.c - ends badly on purpose: "abort" calls MPI_Abort(world, 7)
 * on rank 1, "segv" dereferences NULL on rank 1. Rank 0 waits in a Recv
 * that never completes, so only a clean job teardown ends the run. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, x = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        if (argc > 1 && !strcmp(argv[1], "segv"))
            *(volatile int *)(void *)(argc > 5 ? &x : NULL) = 1;
        MPI_Abort(MPI_COMM_WORLD, 7);
    } else if (rank == 0) {
        MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}

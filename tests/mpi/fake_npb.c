/* fake_npb.c - stands in for an NPB binary in the nas-scripts test: a ring
 * exchange, then NPB's result lines with the time read through MPI_Wtime.
 * argv[0] ending in ".F.x" makes it fail verification. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, size, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double t0 = MPI_Wtime();
    for (int i = 0; i < 100; i++)
        MPI_Sendrecv_replace(&v, 1, MPI_INT, (rank + 1) % size, 0, (rank + size - 1) % size, 0,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double t = MPI_Wtime() - t0;
    size_t len = strlen(argv[0]);
    int bad = len > 4 && !strcmp(argv[0] + len - 4, ".F.x");
    if (rank == 0)
        printf(" Time in seconds =  %12.6f\n Mop/s total     =  %12.2f\n Verification    =  %12s\n",
               t, 1 / (t > 0 ? t : 1), bad ? "UNSUCCESSFUL" : "SUCCESSFUL");   /* 1e6 ops */
    MPI_Finalize();
    return 0;
}

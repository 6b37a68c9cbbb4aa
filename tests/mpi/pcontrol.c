/* pcontrol.c - MPI_Pcontrol(5309, seconds) is virtual compute: prints
 * "RESULT pcontrol-<rank> <virtual ns>" after rank r computed (r+1) ms and
 * then 0.5 us, with a non-seshat level in between that must change nothing.
 * "pcontrol overflow": 10 x 1e9 s of compute, past the clock's 2^62 ns. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double t0 = MPI_Wtime();
    for (int i = 0; argc > 1 && !strcmp(argv[1], "overflow") && i < 10; i++)
        MPI_Pcontrol(5309, 1e9);
    MPI_Pcontrol(5309, (rank + 1) * 1e-3);
    MPI_Pcontrol(1);
    MPI_Pcontrol(5309, 0.5e-6);
    printf("RESULT pcontrol-%d %.0f\n", rank, round((MPI_Wtime() - t0) * 1e9));
    MPI_Finalize();
    return 0;
}

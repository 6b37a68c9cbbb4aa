/* sleeper.c - a run that lasts a known wall time while using almost no
 * CPU: STEPS x (sleep MS milliseconds outside MPI, then an 8-byte
 * MPI_Allreduce). For checks that need a run of a few seconds of wall
 * time (the live status line appears after one), not its CPU work.
 * Prints "RESULT sleeper RANK STEPS" per rank.
 * Usage: sleeper STEPS MS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int steps = argc > 1 ? atoi(argv[1]) : 10;
    long ms = argc > 2 ? atol(argv[2]) : 100;
    struct timespec nap = { ms / 1000, (ms % 1000) * 1000000L };
    long v = 1, sum = 0;
    for (int s = 0; s < steps; s++) {
        nanosleep(&nap, NULL);
        MPI_Allreduce(&v, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    }
    printf("RESULT sleeper %d %d\n", rank, steps);
    MPI_Finalize();
    return 0;
}

/* io_disk.c - MPI-IO on SimGrid's disks (io.model = simgrid; docs/models.md,
 * "MPI-IO"): the virtual time after each step, every rank's.
 * Usage: io_disk FILE BYTES
 * Rank r reads and writes BYTES at offset r x BYTES. Rank 0 prints
 * "RESULT STEP T0 T1 ... T(N-1)" (ns) for the steps open, write_at,
 * read_at, write_at_all, read_at_all, close, and "RESULT data ok" when
 * the reads returned what was written. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NSTEPS 6
static const char *const names[NSTEPS] = { "open", "write_at", "read_at", "write_at_all",
                                           "read_at_all", "close" };

int main(int argc, char **argv)
{
    int rank, size, bad = 0, anybad = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3) {
        if (rank == 0)
            fprintf(stderr, "usage: io_disk FILE BYTES\n");
        MPI_Finalize();
        return 2;
    }
    int n = atoi(argv[2]);
    char *w = malloc((size_t)n), *r = calloc((size_t)n, 1);
    for (int i = 0; i < n; i++)
        w[i] = (char)(rank * 13 + i);
    double t[NSTEPS];
    MPI_Offset at = (MPI_Offset)rank * n;
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    t[0] = MPI_Wtime();
    MPI_File_write_at(fh, at, w, n, MPI_BYTE, MPI_STATUS_IGNORE);
    t[1] = MPI_Wtime();
    MPI_File_read_at(fh, at, r, n, MPI_BYTE, MPI_STATUS_IGNORE);
    t[2] = MPI_Wtime();
    bad |= memcmp(w, r, (size_t)n) != 0;
    MPI_File_write_at_all(fh, at, w, n, MPI_BYTE, MPI_STATUS_IGNORE);
    t[3] = MPI_Wtime();
    memset(r, 0, (size_t)n);
    MPI_File_read_at_all(fh, at, r, n, MPI_BYTE, MPI_STATUS_IGNORE);
    t[4] = MPI_Wtime();
    bad |= memcmp(w, r, (size_t)n) != 0;
    MPI_File_close(&fh);
    t[5] = MPI_Wtime();
    double *all = malloc(sizeof *all * NSTEPS * (size_t)size);
    MPI_Gather(t, NSTEPS, MPI_DOUBLE, all, NSTEPS, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Reduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int s = 0; s < NSTEPS; s++) {
            printf("RESULT %s", names[s]);
            for (int q = 0; q < size; q++)
                printf(" %.0f", all[q * NSTEPS + s] * 1e9);
            printf("\n");
        }
        printf("RESULT data %s\n", anybad ? "bad" : "ok");
    }
    free(all);
    free(w);
    free(r);
    MPI_Finalize();
    return 0;
}

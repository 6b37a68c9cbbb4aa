/* halo.c - the exchange pattern of NAS MG and many stencil codes, on a
 * duplicated communicator: receives from both neighbours posted first
 * (one with MPI_ANY_SOURCE), then blocking sends, then Waitall; STEPS
 * times with a tag per direction. While receives are pending every rank
 * must keep serving the others (relay answers, rendezvous replies).
 * Prints "RESULT halo RANK NS" (final virtual time) per rank.
 * Usage: halo BYTES STEPS */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int n = argc > 1 ? atoi(argv[1]) : 1024, steps = argc > 2 ? atoi(argv[2]) : 10;
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    char *out = malloc((size_t)n), *inl = malloc((size_t)n), *inr = malloc((size_t)n);
    for (int s = 0; s < steps; s++) {
        MPI_Request r[2];
        MPI_Status st[2];
        memset(out, (char)(rank + s), (size_t)n);
        MPI_Irecv(inl, n, MPI_BYTE, left, 1100 + s % 3, comm, &r[0]);
        MPI_Irecv(inr, n, MPI_BYTE, MPI_ANY_SOURCE, 1300 + s % 3, comm, &r[1]);
        MPI_Send(out, n, MPI_BYTE, right, 1100 + s % 3, comm);
        MPI_Send(out, n, MPI_BYTE, left, 1300 + s % 3, comm);
        MPI_Waitall(2, r, st);
        if (inl[n - 1] != (char)(left + s) || inr[n - 1] != (char)(right + s) ||
            st[1].MPI_SOURCE != right) {
            fprintf(stderr, "halo: rank %d step %d: wrong data\n", rank, s);
            MPI_Abort(MPI_COMM_WORLD, 5);
        }
    }
    printf("RESULT halo %d %.0f\n", rank, round(MPI_Wtime() * 1e9));
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}

/* alltoall.c - bench: ITERS all-to-alls of BYTES per peer, as MPI_Alltoall
 * ("coll") or as Irecv/Isend to every peer + Waitall ("p2p"). Rank 0
 * prints "MESSAGES N" (point-to-point transfers the all-to-alls carry). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, p;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (argc < 4) {
        if (rank == 0)
            fprintf(stderr, "usage: alltoall coll|p2p BYTES ITERS\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int coll = !strcmp(argv[1], "coll"), n = atoi(argv[2]), iters = atoi(argv[3]);
    char *s = calloc((size_t)p * (size_t)n + 1, 1), *r = calloc((size_t)p * (size_t)n + 1, 1);
    MPI_Request *rq = malloc(sizeof *rq * 2 * (size_t)p);
    for (int it = 0; it < iters; it++) {
        if (coll) {
            MPI_Alltoall(s, n, MPI_BYTE, r, n, MPI_BYTE, MPI_COMM_WORLD);
            continue;
        }
        int k = 0;
        for (int j = 1; j < p; j++) {
            int from = (rank - j + p) % p, to = (rank + j) % p;
            MPI_Irecv(r + (size_t)from * n, n, MPI_BYTE, from, 0, MPI_COMM_WORLD, &rq[k++]);
            MPI_Isend(s + (size_t)to * n, n, MPI_BYTE, to, 0, MPI_COMM_WORLD, &rq[k++]);
        }
        MPI_Waitall(k, rq, MPI_STATUSES_IGNORE);
    }
    if (rank == 0)
        printf("MESSAGES %lld\n", (long long)iters * p * (p - 1));
    free(s);
    free(r);
    free(rq);
    MPI_Finalize();
    return 0;
}

/* an_exchange.c - all-to-all of fixed-size records, and block ownership. */
#include <stdlib.h>
#include <string.h>

#include "analyze/an_replay.h"

int an_owner(int rank, int nranks, int nprocs)
{
    return (int)(((int64_t)(rank + 1) * nprocs - 1) / nranks);
}

void an_block(int p, int nranks, int nprocs, int *lo, int *hi)
{
    *lo = (int)((int64_t)p * nranks / nprocs);
    *hi = (int)((int64_t)(p + 1) * nranks / nprocs);
}

void *an_exchange(const void *items, size_t n, size_t size, const int *dest, MPI_Comm comm,
                  size_t *nout)
{
    int np;
    MPI_Comm_size(comm, &np);
    if (np == 1) {   /* everything stays here: no copy through MPI */
        void *out = malloc(n * size + 1);
        if (!out)
            an_die("out of memory");
        if (n)
            memcpy(out, items, n * size);
        *nout = n;
        return out;
    }
    int *scount = calloc((size_t)np, sizeof *scount), *rcount = calloc((size_t)np, sizeof *rcount);
    int *sdisp = calloc((size_t)np, sizeof *sdisp), *rdisp = calloc((size_t)np, sizeof *rdisp);
    char *sbuf = malloc(n * size + 1);
    if (!scount || !rcount || !sdisp || !rdisp || !sbuf)
        an_die("out of memory");
    for (size_t i = 0; i < n; i++)
        scount[dest[i]]++;
    for (int p = 1; p < np; p++)
        sdisp[p] = sdisp[p - 1] + scount[p - 1];
    int *fill = calloc((size_t)np, sizeof *fill);
    for (size_t i = 0; i < n; i++)   /* stable: each process keeps the senders' order */
        memcpy(sbuf + (size_t)(sdisp[dest[i]] + fill[dest[i]]++) * size,
               (const char *)items + i * size, size);
    MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, comm);
    size_t total = 0;
    for (int p = 0; p < np; p++) {
        rdisp[p] = (int)total;
        total += (size_t)rcount[p];
    }
    char *rbuf = malloc(total * size + 1);
    if (!rbuf)
        an_die("out of memory");
    MPI_Datatype t;
    MPI_Type_contiguous((int)size, MPI_BYTE, &t);
    MPI_Type_commit(&t);
    MPI_Alltoallv(sbuf, scount, sdisp, t, rbuf, rcount, rdisp, t, comm);
    MPI_Type_free(&t);
    free(scount);
    free(rcount);
    free(sdisp);
    free(rdisp);
    free(fill);
    free(sbuf);
    *nout = total;
    return rbuf;
}

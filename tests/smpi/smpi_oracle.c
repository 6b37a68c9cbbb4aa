/* smpi_oracle.c - communication patterns timed by whichever MPI runs them:
 * compiled with mpicc and run under seshat, or with smpicc and run under
 * smpirun, the same source prints the virtual times both predict
 * (tests/mpi/run_smpi.sh compares them). Every scenario starts with all
 * ranks at virtual time 0 (right after MPI_Init, nothing timed before) and
 * prints "RESULT <key> <rank> <ns since that start>".
 *
 * Usage: smpi_oracle SCENARIO [BYTES...]
 *   pingpong B...   ranks 0 and 1: one round trip per size, in turn;
 *                   rank 0 prints after each (key pp-B)
 *   burst N B       rank 0 sends N messages of B bytes at once (MPI_Isend),
 *                   one to each of ranks 1..N; each receiver prints when
 *                   its message is in (key burst)
 *   coll NAME B     one collective of block size B (the per-rank block:
 *                   alltoall's per peer, gather's per rank), every rank
 *                   prints its exit (key NAME-B)
 *   halo B          4 iterations of a 1-D periodic halo: Irecv from both
 *                   neighbours, Isend to both, Waitall (key halo-B)
 *   skewpair B      ranks released one after another (a chain of 8-byte
 *                   messages: rank r starts about r route latencies late),
 *                   then an exchange with every rank in turn, partner
 *                   rank ^ i at step i (power-of-two sizes: SMPI's pairwise
 *                   alltoallv, which NAS IS runs at 64 ranks), blocks of B
 *                   minus 0..15 x 64 bytes (key skewpair-B) */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, size;
static double t0;

static void result(const char *key, long bytes)
{
    double ns = (MPI_Wtime() - t0) * 1e9;
    printf("RESULT %s-%ld %d %.0f\n", key, bytes, rank, round(ns));
}

static char *buffer(size_t n)
{
    char *b = calloc(n ? n : 1, 1);
    if (!b) {
        fprintf(stderr, "out of memory (%zu bytes)\n", n);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return b;
}

static void pingpong(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        int n = atoi(argv[i]);
        char *b = buffer((size_t)n);
        if (rank == 0) {
            MPI_Send(b, n, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(b, n, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            result("pp", n);
        } else if (rank == 1) {
            MPI_Recv(b, n, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(b, n, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        }
        free(b);
    }
}

static void burst(int nmsg, int n)
{
    char *b = buffer((size_t)n);
    if (nmsg > size - 1)
        nmsg = size - 1;
    if (rank == 0) {
        MPI_Request *req = malloc(sizeof *req * (size_t)nmsg);
        for (int d = 1; d <= nmsg; d++)
            MPI_Isend(b, n, MPI_CHAR, d, 0, MPI_COMM_WORLD, &req[d - 1]);
        MPI_Waitall(nmsg, req, MPI_STATUSES_IGNORE);
        free(req);
    } else if (rank <= nmsg) {
        MPI_Recv(b, n, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        result("burst", n);
    }
    free(b);
}

static void halo(int n)
{
    char *s = buffer(2 * (size_t)n), *r = buffer(2 * (size_t)n);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (int it = 0; it < 4; it++) {
        MPI_Request q[4];
        MPI_Irecv(r, n, MPI_CHAR, left, 0, MPI_COMM_WORLD, &q[0]);
        MPI_Irecv(r + n, n, MPI_CHAR, right, 1, MPI_COMM_WORLD, &q[1]);
        MPI_Isend(s, n, MPI_CHAR, right, 0, MPI_COMM_WORLD, &q[2]);
        MPI_Isend(s + n, n, MPI_CHAR, left, 1, MPI_COMM_WORLD, &q[3]);
        MPI_Waitall(4, q, MPI_STATUSES_IGNORE);
    }
    result("halo", n);
    free(s);
    free(r);
}

/* One collective of block size n (bytes), data as MPI_CHAR except the
 * reductions, which take n / 4 ints (MPI_SUM). */
static int coll(const char *name, int n)
{
    size_t p = (size_t)size;
    char *a = buffer((size_t)n * p), *b = buffer((size_t)n * p);
    int ni = n / 4, ok = 1;
    MPI_Comm w = MPI_COMM_WORLD;
    if (!strcmp(name, "barrier")) MPI_Barrier(w);
    else if (!strcmp(name, "bcast")) MPI_Bcast(a, n, MPI_CHAR, 0, w);
    else if (!strcmp(name, "reduce")) MPI_Reduce(a, b, ni, MPI_INT, MPI_SUM, 0, w);
    else if (!strcmp(name, "allreduce")) MPI_Allreduce(a, b, ni, MPI_INT, MPI_SUM, w);
    else if (!strcmp(name, "gather")) MPI_Gather(a, n, MPI_CHAR, b, n, MPI_CHAR, 0, w);
    else if (!strcmp(name, "scatter")) MPI_Scatter(a, n, MPI_CHAR, b, n, MPI_CHAR, 0, w);
    else if (!strcmp(name, "allgather")) MPI_Allgather(a, n, MPI_CHAR, b, n, MPI_CHAR, w);
    else if (!strcmp(name, "alltoall")) MPI_Alltoall(a, n, MPI_CHAR, b, n, MPI_CHAR, w);
    else if (!strcmp(name, "reduce_scatter")) MPI_Reduce_scatter_block(a, b, ni, MPI_INT, MPI_SUM, w);
    else if (!strcmp(name, "scan")) MPI_Scan(a, b, ni, MPI_INT, MPI_SUM, w);
    else if (!strcmp(name, "alltoallv")) {
        int *cnt = malloc(sizeof *cnt * p), *dsp = malloc(sizeof *dsp * p);
        for (size_t i = 0; i < p; i++) {
            cnt[i] = n;
            dsp[i] = (int)i * n;
        }
        MPI_Alltoallv(a, cnt, dsp, MPI_CHAR, b, cnt, dsp, MPI_CHAR, w);
        free(cnt);
        free(dsp);
    } else ok = 0;
    if (ok)
        result(name, n);
    free(a);
    free(b);
    return ok;
}

/* Early ranks' messages for later steps reach a late rank while it still
 * receives an earlier one: they share its link (SMPI; seshat under
 * contention = on) or not (seshat, contention = off). */
static void skewpair(int n)
{
    double x = 0;
    if (rank > 0)
        MPI_Recv(&x, 1, MPI_DOUBLE, rank - 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank < size - 1)
        MPI_Send(&x, 1, MPI_DOUBLE, rank + 1, 7, MPI_COMM_WORLD);
    char *a = buffer((size_t)n), *b = buffer((size_t)n);
    for (int i = 0; i < size; i++) {
        int peer = rank ^ i, len = n - 64 * ((rank + peer) % 16);
        MPI_Sendrecv(a, len > 0 ? len : 0, MPI_CHAR, peer, 9, b, n, MPI_CHAR, peer, 9,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    result("skewpair", n);
    free(a);
    free(b);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    t0 = MPI_Wtime();
    const char *what = argc > 1 ? argv[1] : "";
    int rc = 0;
    if (!strcmp(what, "pingpong") && size >= 2)
        pingpong(argc - 2, argv + 2);
    else if (!strcmp(what, "burst") && argc > 3)
        burst(atoi(argv[2]), atoi(argv[3]));
    else if (!strcmp(what, "halo") && argc > 2)
        halo(atoi(argv[2]));
    else if (!strcmp(what, "skewpair") && argc > 2 && !(size & (size - 1)))
        skewpair(atoi(argv[2]));
    else if (!strcmp(what, "coll") && argc > 3 && coll(argv[2], atoi(argv[3])))
        ;
    else {
        if (rank == 0)
            fprintf(stderr, "usage: smpi_oracle pingpong B... | burst N B | coll NAME B | halo B | skewpair B\n");
        rc = 1;
    }
    MPI_Finalize();
    return rc;
}

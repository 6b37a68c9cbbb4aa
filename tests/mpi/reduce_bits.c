/* reduce_bits.c - the exact bits of every order-sensitive reduction:
 * floating-point sums of values of mixed magnitude depend on the order
 * in which an MPI library adds them, so a simulator that runs another
 * algorithm than the native call changes the last bits. Rank 0 prints,
 * per operation, count and rank, a 64-bit FNV-1a hash of the result's
 * bytes and the first and last element in hex (%a); tests/mpi/run_bits.sh
 * compares the lines byte for byte with a native run.
 * Usage: reduce_bits [-p] [counts...] (default 1 7 1000 4096 70000);
 * -p leaves out the persistent form (Open MPI's MPIX_Allreduce_init,
 * whose requests seshat does not know). */
#include <mpi.h>
#include <mpi-ext.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, size, persistent = 1;

static uint64_t fnv(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

/* Values spanning 30 decades, both signs: sums lose different bits in
 * every order. */
static double value(int r, int i)
{
    int e = (i * 7 + r * 13) % 31 - 15;
    double m = 1.0 + 1e-3 * (double)((i * 31 + r * 17) % 997);
    double v = m;
    for (int k = 0; k < (e < 0 ? -e : e); k++)
        v = e < 0 ? v / 10 : v * 10;
    return (i + r) % 3 == 1 ? -v : v;
}

static void fill_d(double *a, int n, int r)
{
    for (int i = 0; i < n; i++)
        a[i] = value(r, i);
}

static void fill_f(float *a, int n, int r)
{
    for (int i = 0; i < n; i++)
        a[i] = (float)value(r, i);
}

/* Rank 0 prints one line per rank: name, count, rank, hash, ends. A
 * member that has no result (a root's peers) sends a zero line. */
static void report(const char *name, int count, MPI_Comm comm, const void *buf, int n,
                   MPI_Datatype t)
{
    int tsize, me, p;
    MPI_Type_size(t, &tsize);
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    struct { uint64_t h; double first, last; } mine = { 0, 0, 0 }, *all = NULL;
    if (n > 0) {
        mine.h = fnv(buf, (size_t)n * (size_t)tsize);
        if (t == MPI_FLOAT) {
            mine.first = ((const float *)buf)[0];
            mine.last = ((const float *)buf)[n - 1];
        } else {
            mine.first = ((const double *)buf)[0];
            mine.last = ((const double *)buf)[n - 1];
        }
    }
    if (me == 0)
        all = malloc(sizeof *all * (size_t)p);
    MPI_Gather(&mine, sizeof mine, MPI_BYTE, all, sizeof mine, MPI_BYTE, 0, comm);
    if (me == 0) {
        for (int r = 0; r < p; r++)
            printf("BITS np %d %s n %d rank %d hash %016llx first %a last %a\n", size, name, count,
                   r, (unsigned long long)all[r].h, all[r].first, all[r].last);
        fflush(stdout);
        free(all);
    }
}

/* A non-commutative user op: a <- a/2 + b (order of operands matters). */
static void halfsum(void *in, void *inout, int *len, MPI_Datatype *t)
{
    (void)t;
    double *a = in, *b = inout;
    for (int i = 0; i < *len; i++)
        b[i] = a[i] * 0.5 + b[i];
}

/* A commutative user sum (Open MPI picks other algorithms for user ops). */
static void usersum(void *in, void *inout, int *len, MPI_Datatype *t)
{
    (void)t;
    double *a = in, *b = inout;
    for (int i = 0; i < *len; i++)
        b[i] += a[i];
}

static void blocking(int n, double *s, double *r, float *sf, float *rf, MPI_Op hs, MPI_Op us)
{
    MPI_Allreduce(s, r, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    report("allreduce_d", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
    MPI_Allreduce(sf, rf, n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    report("allreduce_f", n, MPI_COMM_WORLD, rf, n, MPI_FLOAT);
    MPI_Allreduce(s, r, n, MPI_DOUBLE, MPI_PROD, MPI_COMM_WORLD);
    report("allreduce_prod", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
    MPI_Allreduce(s, r, n, MPI_DOUBLE, us, MPI_COMM_WORLD);
    report("allreduce_user", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
    MPI_Allreduce(s, r, n, MPI_DOUBLE, hs, MPI_COMM_WORLD);
    report("allreduce_noncomm", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
    for (int root = 0; root < size; root += size - 1 > 0 ? size - 1 : 1) {
        memset(r, 0, sizeof *r * (size_t)n);
        MPI_Reduce(s, r, n, MPI_DOUBLE, MPI_SUM, root, MPI_COMM_WORLD);
        report(root ? "reduce_d_last" : "reduce_d_0", n, MPI_COMM_WORLD, r,
               rank == root ? n : 0, MPI_DOUBLE);
        MPI_Reduce(s, r, n, MPI_DOUBLE, hs, root, MPI_COMM_WORLD);
        report(root ? "reduce_noncomm_last" : "reduce_noncomm_0", n, MPI_COMM_WORLD, r,
               rank == root ? n : 0, MPI_DOUBLE);
        if (size == 1)
            break;
    }
    MPI_Scan(s, r, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    report("scan", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
    MPI_Scan(s, r, n, MPI_DOUBLE, hs, MPI_COMM_WORLD);
    report("scan_noncomm", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
    memset(r, 0, sizeof *r * (size_t)n);
    MPI_Exscan(s, r, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    report("exscan", n, MPI_COMM_WORLD, r, rank ? n : 0, MPI_DOUBLE);
}

/* Reduce_scatter: rank i gets n/size (+1 for the first n % size). */
static void scatters(int n, double *s, double *r, MPI_Op hs)
{
    int *counts = malloc(sizeof(int) * (size_t)size), block = n / size;
    for (int i = 0; i < size; i++)
        counts[i] = n / size + (i < n % size);
    MPI_Reduce_scatter(s, r, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    report("reduce_scatter", n, MPI_COMM_WORLD, r, counts[rank], MPI_DOUBLE);
    MPI_Reduce_scatter(s, r, counts, MPI_DOUBLE, hs, MPI_COMM_WORLD);
    report("reduce_scatter_noncomm", n, MPI_COMM_WORLD, r, counts[rank], MPI_DOUBLE);
    if (block > 0) {
        MPI_Reduce_scatter_block(s, r, block, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        report("reduce_scatter_block", n, MPI_COMM_WORLD, r, block, MPI_DOUBLE);
        memcpy(r, s, sizeof *r * (size_t)block * (size_t)size);
        MPI_Reduce_scatter_block(MPI_IN_PLACE, r, block, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        report("reduce_scatter_block_inplace", n, MPI_COMM_WORLD, r, block, MPI_DOUBLE);
    }
    free(counts);
}

static void in_place(int n, const double *s, double *r)
{
    memcpy(r, s, sizeof *r * (size_t)n);
    MPI_Allreduce(MPI_IN_PLACE, r, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    report("allreduce_inplace", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
    memcpy(r, s, sizeof *r * (size_t)n);
    MPI_Reduce(rank == 0 ? MPI_IN_PLACE : r, r, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    report("reduce_inplace", n, MPI_COMM_WORLD, r, rank == 0 ? n : 0, MPI_DOUBLE);
    memcpy(r, s, sizeof *r * (size_t)n);
    MPI_Scan(MPI_IN_PLACE, r, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    report("scan_inplace", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
}

static void nonblocking(int n, const double *s, double *r, MPI_Comm dup)
{
    MPI_Request rq;
    MPI_Iallreduce(s, r, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    report("iallreduce", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
    memset(r, 0, sizeof *r * (size_t)n);
    MPI_Ireduce(s, r, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    report("ireduce", n, MPI_COMM_WORLD, r, rank == 0 ? n : 0, MPI_DOUBLE);
    MPI_Iscan(s, r, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    report("iscan", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
    memset(r, 0, sizeof *r * (size_t)n);
    MPI_Iexscan(s, r, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    report("iexscan", n, MPI_COMM_WORLD, r, rank ? n : 0, MPI_DOUBLE);
    if (n / size > 0) {
        MPI_Ireduce_scatter_block(s, r, n / size, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &rq);
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
        report("ireduce_scatter_block", n, MPI_COMM_WORLD, r, n / size, MPI_DOUBLE);
    }
#ifdef OMPI_HAVE_MPI_EXT_PCOLLREQ
    /* Open MPI 4.1's persistent collectives (MPI-4's MPI_Allreduce_init) */
    if (!persistent)
        return;
    MPIX_Allreduce_init(s, r, n, MPI_DOUBLE, MPI_SUM, dup, MPI_INFO_NULL, &rq);
    for (int k = 0; k < 2; k++) {
        MPI_Start(&rq);
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
    }
    MPI_Request_free(&rq);
    report("allreduce_init", n, dup, r, n, MPI_DOUBLE);
#else
    (void)dup;
#endif
}

/* Two halves (the lower one the larger), joined by an intercommunicator:
 * each side gets the other side's sum. */
static void inter(int n, const double *s, double *r)
{
    if (size < 2)
        return;
    int low = rank < (size + 1) / 2;
    MPI_Comm half, ic;
    MPI_Comm_split(MPI_COMM_WORLD, low, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, low ? (size + 1) / 2 : 0, 7, &ic);
    MPI_Allreduce(s, r, n, MPI_DOUBLE, MPI_SUM, ic);
    /* report on the world: every rank's result */
    report("inter_allreduce", n, MPI_COMM_WORLD, r, n, MPI_DOUBLE);
    MPI_Comm_free(&ic);
    MPI_Comm_free(&half);
}

static void one_count(int n, MPI_Op hs, MPI_Op us, MPI_Comm dup)
{
    double *s = malloc(sizeof *s * (size_t)n), *r = malloc(sizeof *r * (size_t)n);
    float *sf = malloc(sizeof *sf * (size_t)n), *rf = malloc(sizeof *rf * (size_t)n);
    fill_d(s, n, rank);
    fill_f(sf, n, rank);
    blocking(n, s, r, sf, rf, hs, us);
    scatters(n, s, r, hs);
    in_place(n, s, r);
    nonblocking(n, s, r, dup);
    inter(n, s, r);
    free(s); free(r); free(sf); free(rf);
}

int main(int argc, char **argv)
{
    static const int defaults[] = { 1, 7, 1000, 4096, 70000 };
    MPI_Op hs, us;
    MPI_Comm dup;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op_create(halfsum, 0, &hs);
    MPI_Op_create(usersum, 1, &us);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int first = 1;
    if (argc > 1 && !strcmp(argv[1], "-p")) {
        persistent = 0;
        first = 2;
    }
    if (argc > first)
        for (int i = first; i < argc; i++)
            one_count(atoi(argv[i]), hs, us, dup);
    else
        for (size_t i = 0; i < sizeof defaults / sizeof *defaults; i++)
            one_count(defaults[i], hs, us, dup);
    MPI_Comm_free(&dup);
    MPI_Op_free(&hs);
    MPI_Op_free(&us);
    if (rank == 0)
        printf("BITS np %d done\n", size);
    MPI_Finalize();
    return 0;
}

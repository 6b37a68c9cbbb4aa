/* calib_measure.c - timed loops; the minimum over batches is kept because
 * interference on a shared machine only ever adds time. */
#include "calibrate/calib_measure.h"

#include "common/safe_write.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Iterations per batch: about a millisecond of work, at least a few. */
static int iterations(int64_t bytes)
{
    return bytes <= 4096 ? 500 : bytes <= 65536 ? 100 : bytes <= 1048576 ? 20 : 5;
}

/* One-way time of a ping-pong between ranks 0 and 1 (others idle). */
static double pingpong(char *buf, int64_t n, int it, int rank, double *send_call)
{
    double calls = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < it; i++) {
        if (rank == 0) {
            double c = MPI_Wtime();
            MPI_Send(buf, (int)n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
            calls += MPI_Wtime() - c;
            MPI_Recv(buf, (int)n, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(buf, (int)n, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, (int)n, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
        }
    }
    double t = (MPI_Wtime() - t0) / (2.0 * it);
    *send_call = calls / it;
    return t;
}

enum { C_BARRIER, C_BCAST, C_ALLREDUCE, C_ALLTOALL, C_ALLTOALLV, C_COUNT };
static const char *const coll_name[C_COUNT] = { "barrier", "bcast", "allreduce", "alltoall",
                                                "alltoallv" };

/* Block sizes as seshat's schedules see them (the whole buffer for bcast
 * and allreduce, the block for one peer for alltoall/v), up to the largest
 * NAS class A uses on 2 ranks: IS's allreduce of 1024 bucket sizes (4 KiB)
 * and alltoallv of its keys (8 MiB a peer), FT's alltoall (32 MiB a peer). */
static const int64_t coll_sizes[C_COUNT][CALIB_COLL_SIZES] = {
    [C_BARRIER] = { 0, -1 },
    [C_BCAST] = { 8, 4096, 65536, 1 << 20, -1 },
    [C_ALLREDUCE] = { 8, 4096, 65536, 1 << 20, -1 },
    [C_ALLTOALL] = { 8, 4096, 65536, 1 << 20, 8 << 20, 32 << 20 },
    [C_ALLTOALLV] = { 8, 4096, 65536, 1 << 20, 8 << 20, -1 },
};

/* One call of collective c with block n; counts/displs for alltoallv. */
static void one_call(int c, char *a, char *b, int64_t n, const int *cnt, const int *dsp)
{
    switch (c) {
    case C_BARRIER: MPI_Barrier(MPI_COMM_WORLD); break;
    case C_BCAST: MPI_Bcast(a, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD); break;
    case C_ALLREDUCE:
        MPI_Allreduce(a, b, (int)(n / 8 > 0 ? n / 8 : 1), MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        break;
    case C_ALLTOALL: MPI_Alltoall(a, (int)n, MPI_BYTE, b, (int)n, MPI_BYTE, MPI_COMM_WORLD); break;
    default: MPI_Alltoallv(a, cnt, dsp, MPI_BYTE, b, cnt, dsp, MPI_BYTE, MPI_COMM_WORLD);
    }
}

/* The buffer a collective of block n needs on `size` ranks. */
static int64_t coll_bytes(int c, int64_t n, int size)
{
    return c == C_ALLTOALL || c == C_ALLTOALLV ? n * size : n;
}

/* A collective whose buffers pass CALIB_COLD_FROM bytes is timed with cold
 * caches, as a program calls it after a phase of work over its data: each
 * rank first reads CALIB_FLUSH_BYTES of other memory (a 32 MiB L3's worth;
 * the ranks together read it twice over), untimed. Only the large sizes
 * (IS's and FT's blocks): a flush per call costs more than the call. Reusing warm buffers measured NAS IS's 8 MiB-a-peer
 * MPI_Alltoallv at 1.6 ms on this machine, where IS's own calls take
 * 3.4-3.6 ms (docs/validation.md). */
#define CALIB_COLD_FROM (4 << 20)
#define CALIB_FLUSH_BYTES ((size_t)32 << 20)

static volatile unsigned char flush_sink;

static void flush_caches(void)
{
    static unsigned char *mem;
    if (!mem && !(mem = malloc(CALIB_FLUSH_BYTES)))
        return; /* warm then: calib_measure says nothing, the fit is only optimistic */
    static int filled;
    if (!filled) {
        memset(mem, 1, CALIB_FLUSH_BYTES);
        filled = 1;
    }
    unsigned char x = 0;
    for (size_t i = 0; i < CALIB_FLUSH_BYTES; i += 64)
        x ^= mem[i];
    flush_sink = x;
}

/* One call's time from a common start, as a program sees a collective
 * between phases of work: a barrier before every call (not timed), each
 * rank's mean over the calls, the slowest rank's mean. Back-to-back calls
 * would measure a pipeline instead (a bcast root returns before the data
 * is consumed). */
static double collective(int c, char *a, char *b, int64_t n, int it, int size)
{
    int cold = coll_bytes(c, n, size) >= CALIB_COLD_FROM;
    int cnt[CALIB_MAX_RANKS], dsp[CALIB_MAX_RANKS];
    for (int r = 0; r < size && r < CALIB_MAX_RANKS; r++) {
        cnt[r] = (int)n;
        dsp[r] = (int)(r * n);
    }
    double sum = 0, worst;
    for (int i = 0; i < it; i++) {
        if (cold)
            flush_caches();
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        one_call(c, a, b, n, cnt, dsp);
        sum += MPI_Wtime() - t0;
    }
    double t = sum / it;
    /* A collective ends when its last member leaves. */
    MPI_Allreduce(&t, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return worst;
}

static void measure_p2p(FILE *f, const calib_plan *p, char *buf, int rank)
{
    double best_call = 1e30;
    for (int64_t n = 8; n <= p->max_size; n *= 2) {
        double best = 1e30;
        for (int k = 0; k < p->batches; k++) {
            double call, t = pingpong(buf, n, iterations(n), rank, &call);
            if (t < best)
                best = t;
            if (n == 8 && call < best_call)
                best_call = call;
        }
        if (f)
            fprintf(f, "pingpong %lld %.1f\n", (long long)n, best * 1e9);
    }
    if (f)
        fprintf(f, "send_call 8 %.1f\n", best_call * 1e9);
}

static void measure_coll(FILE *f, const calib_plan *p, char *a, char *b, int size)
{
    for (int c = 0; c < C_COUNT; c++)
        for (int s = 0; s < CALIB_COLL_SIZES && coll_sizes[c][s] >= 0; s++) {
            int64_t n = coll_sizes[c][s];
            if (coll_bytes(c, n, size) > p->coll_max)
                break;
            double best = 1e30;
            for (int k = 0; k < p->batches; k++) {
                double t = collective(c, a, b, n, iterations(coll_bytes(c, n, size)), size);
                if (t < best)
                    best = t;
            }
            if (f)
                fprintf(f, "%s %lld %.1f\n", coll_name[c], (long long)n, best * 1e9);
        }
}

int calib_measure(const calib_plan *p, const char *out, char *err, size_t errlen)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2 || size > CALIB_MAX_RANKS) {
        snprintf(err, errlen, "needs 2 to %d MPI ranks, got %d", CALIB_MAX_RANKS, size);
        return -1;
    }
    int64_t most = p->collectives && p->coll_max > p->max_size ? p->coll_max : p->max_size;
    size_t len = (size_t)(most > 1048576 ? most : 1048576) + 64;
    char *a = calloc(len, 1), *b = calloc(len, 1);
    FILE *f = NULL;
    seshat_sw w;   /* never through a link; an earlier file kept on failure */
    if (rank == 0)
        f = seshat_sw_open(&w, out, err, errlen);
    int bad = !a || !b || (rank == 0 && !f), any;
    MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!any) {
        measure_p2p(f, p, a, rank);
        if (p->collectives)
            measure_coll(f, p, a, b, size);
    } else if (!*err) {
        snprintf(err, errlen, "rank 0 could not write %s or a rank ran out of memory", out);
    }
    if (f && any)
        seshat_sw_abort(&w);
    else if (f && seshat_sw_commit(&w, err, errlen))
        any = 1;
    free(a);
    free(b);
    return any ? -1 : 0;
}

/* cn_stress.c - stress patterns for the SimGrid network model, written for
 * [network] contention = on (tests/mpi/run_contention.sh) but correct MPI
 * on any run. Usage: cn_stress PATTERN [K] [BYTES], on 2 or more ranks.
 *
 * Stress patterns (each repeated a few times, messages of 8 B and 4 KiB
 * (eager) and 256 KiB (rendezvous), every byte checked):
 *   wildcard      every rank sends several tagged messages to rank 0, which
 *                 takes them with MPI_ANY_SOURCE/MPI_ANY_TAG, then answers
 *   ring          Sendrecv and Isend/Irecv/Waitall laps around the ring
 *   alltoall_p2p  all-to-all from Irecv/Isend to every peer + Waitall
 *   storm         64 Irecv per rank from seeded peers, matched by Isends,
 *                 completed by Waitany, Waitsome, Testsome loops, Waitall
 *   collectives   every blocking collective, small and large, roots vary,
 *                 plus Iallreduce, Ibcast + Test loop, Ibarrier
 *   comms         Comm_split into halves (and with MPI_UNDEFINED),
 *                 Comm_dup, collectives and p2p inside, Comm_free
 *   mixed         point-to-point among ranks while one late rank keeps its
 *                 partner blocked on messages and the others already sit
 *                 in an Allreduce (blocking and nonblocking)
 * At the end rank 0 prints "pattern NAME vtime_ns N" (N = its MPI_Wtime in
 * ns after a final barrier) and "ok".
 *
 * Timing patterns (one transfer per sender after an MPI_Barrier; t0 =
 * MPI_Wtime() right after it on every rank, times relative to it):
 *   incast K BYTES  ranks 1..K each MPI_Send one message to rank 0, which
 *                   posts an Irecv per sender and MPI_Waitall
 *   pairs _ BYTES   rank 2i sends one message to rank 2i+1 (argv[2] unused)
 *   exchange _ BYTES  rank 2i and 2i+1 MPI_Sendrecv one message both ways at
 *                   once; each prints "rank R xchg_time_ns N"
 * Senders print "rank R send_time_ns N", receivers "rank R recv_time_ns N",
 * every rank also "rank R t0_ns T" (its absolute t0: ranks may leave the
 * barrier at different virtual times). Defaults: K = 2, BYTES = 1048576.
 *
 * Schedules depend on nothing but the rank count and the arguments: no
 * virtual time depends on which of two messages MPI matched first in real
 * time, given network.overhead = 0 (wildcard receives of rendezvous
 * messages are pre-posted together; replies go out in a fixed order). */
#include <math.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMALL 8
#define MEDIUM 4096
#define LARGE (256 * 1024)
static const int sizes[3] = { SMALL, MEDIUM, LARGE };

static int rank, nprocs;
static const char *pattern = "?";
static volatile double sink;

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "cn_stress %s: rank %d: ", pattern, rank);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 3);
    exit(3);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die("out of memory (%zu bytes)", n);
    return p;
}

/* Byte i of the message from src to dst in iteration it with tag tag. */
static unsigned char val(int src, int dst, int it, int tag, size_t i)
{
    uint32_t h = (uint32_t)src * 2654435761u ^ (uint32_t)dst * 40503u ^
                 (uint32_t)it * 2246822519u ^ (uint32_t)tag * 3266489917u;
    h ^= h >> 15;
    return (unsigned char)(h + (h >> 8) + i * 31u + (i >> 8));
}

static void fill(void *buf, size_t n, int src, int dst, int it, int tag)
{
    unsigned char *b = buf;
    for (size_t i = 0; i < n; i++)
        b[i] = val(src, dst, it, tag, i);
}

static void check(const void *buf, size_t n, int src, int dst, int it, int tag,
                  const char *what)
{
    const unsigned char *b = buf;
    for (size_t i = 0; i < n; i++)
        if (b[i] != val(src, dst, it, tag, i))
            die("%s: message %d->%d iteration %d tag %d (%zu bytes): byte %zu is %u, "
                "expected %u", what, src, dst, it, tag, n, i, b[i],
                val(src, dst, it, tag, i));
}

static void check_status(const MPI_Status *st, int src, int tag, int bytes, const char *what)
{
    int count;
    MPI_Get_count(st, MPI_BYTE, &count);
    if (st->MPI_SOURCE != src || st->MPI_TAG != tag || count != bytes)
        die("%s: status source %d tag %d count %d, expected %d %d %d", what, st->MPI_SOURCE,
            st->MPI_TAG, count, src, tag, bytes);
}

/* Deterministic compute of varying length (free under clock = none). */
static void compute(int it)
{
    long n = ((rank * 7 + it * 3) % 5) * 20000L;
    double x = sink;
    for (long i = 0; i < n; i++)
        x = x * 0.999999 + 1e-9 * (double)i;
    sink = x;
}

static uint32_t rng_next(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

static void check_int(int got, int want, const char *what, size_t i)
{
    if (got != want)
        die("%s: element %zu is %d, expected %d", what, i, got, want);
}

/* ---- wildcard ------------------------------------------------------- */

#define W_ITERS 3
#define W_MSGS 6

/* Iterations 0 and 1 mix all sizes, received by Irecv(ANY, ANY) posted
 * together, completed by Waitall (0) or a Waitany loop (1); iteration 2
 * is eager only, received by blocking MPI_Recv(ANY, ANY) one by one. */
static int w_size(int src, int tag, int it)
{
    int s = sizes[(src + tag + it) % 3];
    return it == 2 && s == LARGE ? MEDIUM : s;
}

static void p_wildcard(void)
{
    int total = (nprocs - 1) * W_MSGS;
    for (int it = 0; it < W_ITERS; it++) {
        compute(it);
        if (rank == 0) {
            char **rbuf = xmalloc((size_t)total * sizeof *rbuf);
            MPI_Request *rq = xmalloc((size_t)total * sizeof *rq);
            MPI_Status *st = xmalloc((size_t)total * sizeof *st);
            /* slot[src * W_MSGS + tag]: which receive got that message */
            int *slot = xmalloc((size_t)nprocs * W_MSGS * sizeof *slot);
            int *next_tag = xmalloc((size_t)nprocs * sizeof *next_tag);
            for (int i = 0; i < nprocs * W_MSGS; i++)
                slot[i] = -1;
            for (int i = 0; i < nprocs; i++)
                next_tag[i] = 0;
            for (int m = 0; m < total; m++)
                rbuf[m] = xmalloc(LARGE);
            if (it < 2) {
                for (int m = 0; m < total; m++)
                    MPI_Irecv(rbuf[m], LARGE, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG,
                              MPI_COMM_WORLD, &rq[m]);
                if (it == 0) {
                    MPI_Waitall(total, rq, st);
                } else {
                    for (int done = 0; done < total; done++) {
                        int idx;
                        MPI_Status s1;
                        MPI_Waitany(total, rq, &idx, &s1);
                        if (idx == MPI_UNDEFINED)
                            die("Waitany: MPI_UNDEFINED with %d left", total - done);
                        st[idx] = s1;
                    }
                }
            } else {
                for (int m = 0; m < total; m++)
                    MPI_Recv(rbuf[m], LARGE, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG,
                             MPI_COMM_WORLD, &st[m]);
            }
            for (int m = 0; m < total; m++) {
                int src = st[m].MPI_SOURCE, tag = st[m].MPI_TAG;
                if (src < 1 || src >= nprocs || tag < 0 || tag >= W_MSGS)
                    die("wildcard receive %d: source %d tag %d", m, src, tag);
                if (slot[src * W_MSGS + tag] >= 0)
                    die("message %d tag %d received twice", src, tag);
                slot[src * W_MSGS + tag] = m;
                check_status(&st[m], src, tag, w_size(src, tag, it), "wildcard");
                check(rbuf[m], (size_t)w_size(src, tag, it), src, 0, it, tag, "wildcard");
            }
            /* Non-overtaking: receive slots match in posting order, so
             * from one source the tags fill the slots in sending order. */
            for (int m = 0; m < total; m++) {
                int src = st[m].MPI_SOURCE;
                if (st[m].MPI_TAG != next_tag[src])
                    die("from %d: tag %d matched before tag %d", src, st[m].MPI_TAG,
                        next_tag[src]);
                next_tag[src]++;
            }
            /* Answer every message, in (source, tag) order. */
            MPI_Request *sq = xmalloc((size_t)total * sizeof *sq);
            char **sbuf = xmalloc((size_t)total * sizeof *sbuf);
            int k = 0;
            for (int src = 1; src < nprocs; src++)
                for (int tag = 0; tag < W_MSGS; tag++, k++) {
                    int n = w_size(src, tag + 1, it);
                    sbuf[k] = xmalloc((size_t)n);
                    fill(sbuf[k], (size_t)n, 0, src, it, 100 + tag);
                    MPI_Isend(sbuf[k], n, MPI_BYTE, src, 100 + tag, MPI_COMM_WORLD, &sq[k]);
                }
            MPI_Waitall(total, sq, MPI_STATUSES_IGNORE);
            for (int m = 0; m < total; m++) {
                free(rbuf[m]);
                free(sbuf[m]);
            }
            free(rbuf), free(sbuf), free(rq), free(sq), free(st), free(slot), free(next_tag);
        } else {
            char *sbuf[W_MSGS];
            MPI_Request rq[W_MSGS];
            int nrq = 0;
            for (int tag = 0; tag < W_MSGS; tag++) {
                int n = w_size(rank, tag, it);
                sbuf[tag] = xmalloc((size_t)n);
                fill(sbuf[tag], (size_t)n, rank, 0, it, tag);
                if (tag % 2 == 0)
                    MPI_Send(sbuf[tag], n, MPI_BYTE, 0, tag, MPI_COMM_WORLD);
                else
                    MPI_Isend(sbuf[tag], n, MPI_BYTE, 0, tag, MPI_COMM_WORLD, &rq[nrq++]);
            }
            /* The answers, in reverse tag order. */
            char *rbuf = xmalloc(LARGE);
            for (int tag = W_MSGS - 1; tag >= 0; tag--) {
                MPI_Status st;
                int n = w_size(rank, tag + 1, it);
                MPI_Recv(rbuf, LARGE, MPI_BYTE, 0, 100 + tag, MPI_COMM_WORLD, &st);
                check_status(&st, 0, 100 + tag, n, "wildcard answer");
                check(rbuf, (size_t)n, 0, rank, it, 100 + tag, "wildcard answer");
            }
            MPI_Waitall(nrq, rq, MPI_STATUSES_IGNORE);
            for (int tag = 0; tag < W_MSGS; tag++)
                free(sbuf[tag]);
            free(rbuf);
        }
    }
}

/* ---- ring ------------------------------------------------------------ */

#define R_LAPS 4

static void p_ring(void)
{
    int right = (rank + 1) % nprocs, left = (rank - 1 + nprocs) % nprocs;
    char *s1 = xmalloc(LARGE), *s2 = xmalloc(LARGE), *r1 = xmalloc(LARGE), *r2 = xmalloc(LARGE);
    for (int lap = 0; lap < R_LAPS; lap++) {
        MPI_Status st[4];
        MPI_Request rq[4];
        compute(lap);
        /* blocking Sendrecv to the right */
        int n = sizes[lap % 3];
        fill(s1, (size_t)n, rank, right, lap, 1);
        MPI_Sendrecv(s1, n, MPI_BYTE, right, 1, r1, LARGE, MPI_BYTE, left, 1, MPI_COMM_WORLD, st);
        check_status(&st[0], left, 1, n, "ring sendrecv");
        check(r1, (size_t)n, left, rank, lap, 1, "ring sendrecv");
        /* Irecv + Isend + Waitall to the right */
        n = sizes[(lap + 1) % 3];
        fill(s1, (size_t)n, rank, right, lap, 2);
        MPI_Irecv(r1, n, MPI_BYTE, left, 2, MPI_COMM_WORLD, &rq[0]);
        MPI_Isend(s1, n, MPI_BYTE, right, 2, MPI_COMM_WORLD, &rq[1]);
        MPI_Waitall(2, rq, st);
        check_status(&st[0], left, 2, n, "ring waitall");
        check(r1, (size_t)n, left, rank, lap, 2, "ring waitall");
        /* both directions at once, sends posted first */
        n = sizes[(lap + 2) % 3];
        fill(s1, (size_t)n, rank, right, lap, 3);
        fill(s2, (size_t)n, rank, left, lap, 4);
        MPI_Isend(s1, n, MPI_BYTE, right, 3, MPI_COMM_WORLD, &rq[0]);
        MPI_Isend(s2, n, MPI_BYTE, left, 4, MPI_COMM_WORLD, &rq[1]);
        MPI_Irecv(r1, n, MPI_BYTE, left, 3, MPI_COMM_WORLD, &rq[2]);
        MPI_Irecv(r2, n, MPI_BYTE, right, 4, MPI_COMM_WORLD, &rq[3]);
        MPI_Waitall(4, rq, st);
        check_status(&st[2], left, 3, n, "ring both ways");
        check_status(&st[3], right, 4, n, "ring both ways");
        check(r1, (size_t)n, left, rank, lap, 3, "ring both ways");
        check(r2, (size_t)n, right, rank, lap, 4, "ring both ways");
        /* blocking Sendrecv to the left, rendezvous every other lap */
        n = lap % 2 ? LARGE : MEDIUM;
        fill(s2, (size_t)n, rank, left, lap, 5);
        MPI_Sendrecv(s2, n, MPI_BYTE, left, 5, r2, n, MPI_BYTE, right, 5, MPI_COMM_WORLD, st);
        check_status(&st[0], right, 5, n, "ring sendrecv left");
        check(r2, (size_t)n, right, rank, lap, 5, "ring sendrecv left");
    }
    free(s1), free(s2), free(r1), free(r2);
}

/* ---- alltoall_p2p ----------------------------------------------------- */

#define A_ITERS 4

static void p_alltoall_p2p(void)
{
    int np = nprocs - 1;
    char **sb = xmalloc((size_t)nprocs * sizeof *sb), **rb = xmalloc((size_t)nprocs * sizeof *rb);
    MPI_Request *rq = xmalloc(2 * (size_t)np * sizeof *rq);
    MPI_Status *st = xmalloc(2 * (size_t)np * sizeof *st);
    for (int q = 0; q < nprocs; q++) {
        sb[q] = xmalloc(LARGE);
        rb[q] = xmalloc(LARGE);
    }
    for (int it = 0; it < A_ITERS; it++) {
        int n = sizes[it % 3], k = 0;
        compute(it);
        for (int q = 0; q < nprocs; q++)
            fill(sb[q], (size_t)n, rank, q, it, 0);
        /* Receives from the left first; odd iterations post the sends first. */
        for (int pass = 0; pass < 2; pass++) {
            if ((pass == 0) == (it % 2 == 0))
                for (int d = 1; d <= np; d++) {
                    int q = (rank - d + nprocs) % nprocs;
                    MPI_Irecv(rb[q], n, MPI_BYTE, q, it, MPI_COMM_WORLD, &rq[k++]);
                }
            else
                for (int d = 1; d <= np; d++) {
                    int q = (rank + d) % nprocs;
                    MPI_Isend(sb[q], n, MPI_BYTE, q, it, MPI_COMM_WORLD, &rq[k++]);
                }
        }
        MPI_Waitall(k, rq, st);
        for (int q = 0; q < nprocs; q++)
            if (q != rank)
                check(rb[q], (size_t)n, q, rank, it, 0, "alltoall_p2p");
    }
    for (int q = 0; q < nprocs; q++) {
        free(sb[q]);
        free(rb[q]);
    }
    free(sb), free(rb), free(rq), free(st);
}

/* ---- storm ------------------------------------------------------------ */

#define S_N 64
#define S_ITERS 4

/* The S_N receives rank r posts in iteration it: peers and sizes drawn
 * from a generator seeded by (r, it); every rank can compute them. */
static void storm_plan(int r, int it, int peer[S_N], int bytes[S_N])
{
    uint32_t s = (uint32_t)(r + 1) * 2654435761u ^ (uint32_t)(it + 1) * 97u;
    if (!s)
        s = 1;
    for (int i = 0; i < 4; i++)
        rng_next(&s);
    for (int k = 0; k < S_N; k++) {
        peer[k] = (r + 1 + (int)(rng_next(&s) % (uint32_t)(nprocs - 1))) % nprocs;
        uint32_t x = rng_next(&s) % 16;
        bytes[k] = x == 0 ? LARGE : x < 9 ? SMALL : MEDIUM;
    }
}

static void p_storm(void)
{
    int peer[S_N], bytes[S_N], rp[S_N], rbytes[S_N];
    int maxsend = S_N * (nprocs - 1);
    char **buf = xmalloc((size_t)(S_N + maxsend) * sizeof *buf);
    MPI_Request *rq = xmalloc((size_t)(S_N + maxsend) * sizeof *rq);
    MPI_Status *st = xmalloc((size_t)(S_N + maxsend) * sizeof *st);
    int *idx = xmalloc((size_t)(S_N + maxsend) * sizeof *idx);
    int *got = xmalloc(S_N * sizeof *got);
    static const char *modes[4] = { "waitany", "waitsome", "testsome", "waitall" };
    for (int it = 0; it < S_ITERS; it++) {
        int mode = (it + rank) % 4, n = 0, nrecv = S_N;
        compute(it);
        storm_plan(rank, it, peer, bytes);
        /* even iterations post the receives first, odd ones the sends */
        for (int pass = 0; pass < 2; pass++) {
            if ((pass == 0) == (it % 2 == 0)) {
                for (int k = 0; k < S_N; k++) {
                    buf[k] = xmalloc((size_t)bytes[k]);
                    MPI_Irecv(buf[k], bytes[k], MPI_BYTE, peer[k], k, MPI_COMM_WORLD, &rq[k]);
                }
            } else {
                n = S_N;
                for (int d = 1; d < nprocs; d++) {
                    int r = (rank + d) % nprocs;
                    storm_plan(r, it, rp, rbytes);
                    for (int k = 0; k < S_N; k++) {
                        if (rp[k] != rank)
                            continue;
                        buf[n] = xmalloc((size_t)rbytes[k]);
                        fill(buf[n], (size_t)rbytes[k], rank, r, it, k);
                        MPI_Isend(buf[n], rbytes[k], MPI_BYTE, r, k, MPI_COMM_WORLD, &rq[n]);
                        n++;
                    }
                }
            }
        }
        for (int k = 0; k < S_N; k++)
            got[k] = 0;
        int left = n;
        const char *what = modes[mode];
        if (mode == 3) {
            MPI_Waitall(n, rq, st);
            for (int i = 0; i < S_N; i++)
                idx[i] = i;
            for (int i = 0; i < S_N; i++) {
                check_status(&st[i], peer[i], i, bytes[i], what);
                check(buf[i], (size_t)bytes[i], peer[i], rank, it, i, what);
                got[i]++;
            }
            left = 0;
        }
        while (left > 0) {
            int out = 0;
            if (mode == 0) {
                int i;
                MPI_Waitany(n, rq, &i, &st[0]);
                if (i == MPI_UNDEFINED)
                    die("Waitany: MPI_UNDEFINED with %d left", left);
                idx[0] = i;
                out = 1;
            } else if (mode == 1) {
                MPI_Waitsome(n, rq, &out, idx, st);
                if (out == MPI_UNDEFINED || out == 0)
                    die("Waitsome: %d with %d left", out, left);
            } else {
                MPI_Testsome(n, rq, &out, idx, st);
                if (out == MPI_UNDEFINED)
                    die("Testsome: MPI_UNDEFINED with %d left", left);
            }
            for (int j = 0; j < out; j++) {
                int i = idx[j];
                if (i < 0 || i >= n)
                    die("%s: index %d of %d", what, i, n);
                if (i < nrecv) {
                    check_status(&st[j], peer[i], i, bytes[i], what);
                    check(buf[i], (size_t)bytes[i], peer[i], rank, it, i, what);
                    got[i]++;
                }
            }
            left -= out;
        }
        for (int k = 0; k < S_N; k++)
            if (got[k] != 1)
                die("%s: receive %d completed %d times", what, k, got[k]);
        for (int i = 0; i < n; i++) {
            if (rq[i] != MPI_REQUEST_NULL)
                die("%s: request %d still active", what, i);
            free(buf[i]);
        }
    }
    free(buf), free(rq), free(st), free(idx), free(got);
}

/* ---- collectives ------------------------------------------------------ */

#define C_ITERS 2

static void p_collectives(void)
{
    const int counts[2] = { SMALL / (int)sizeof(int), LARGE / (int)sizeof(int) };
    size_t maxc = (size_t)counts[1];
    int *a = xmalloc(maxc * (size_t)nprocs * sizeof(int));
    int *b = xmalloc(maxc * (size_t)nprocs * sizeof(int));
    int tri = nprocs * (nprocs + 1) / 2;
    for (int it = 0; it < C_ITERS; it++)
        for (int c = 0; c < 2; c++) {
            int cnt = counts[c], root = (it * 3 + c) % nprocs;
            size_t n = (size_t)cnt;
            compute(it + c);
            MPI_Barrier(MPI_COMM_WORLD);

            for (size_t i = 0; i < n; i++)
                a[i] = rank == root ? root * 1000003 + it * 7919 + (int)i : -1;
            MPI_Bcast(a, cnt, MPI_INT, root, MPI_COMM_WORLD);
            for (size_t i = 0; i < n; i++)
                check_int(a[i], root * 1000003 + it * 7919 + (int)i, "bcast", i);

            for (size_t i = 0; i < n; i++)
                a[i] = (rank + 1) * ((int)(i % 13) + 1) + it;
            MPI_Reduce(a, b, cnt, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
            if (rank == root)
                for (size_t i = 0; i < n; i++)
                    check_int(b[i], ((int)(i % 13) + 1) * tri + nprocs * it, "reduce", i);

            MPI_Allreduce(a, b, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            for (size_t i = 0; i < n; i++)
                check_int(b[i], ((int)(i % 13) + 1) * tri + nprocs * it, "allreduce sum", i);
            for (size_t i = 0; i < n; i++)
                a[i] = rank * 3 + (int)(i % 5);
            MPI_Allreduce(a, b, cnt, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
            for (size_t i = 0; i < n; i++)
                check_int(b[i], (nprocs - 1) * 3 + (int)(i % 5), "allreduce max", i);

            for (size_t i = 0; i < n; i++)
                a[i] = rank * 100000 + (int)i + it * 7;
            MPI_Gather(a, cnt, MPI_INT, b, cnt, MPI_INT, root, MPI_COMM_WORLD);
            if (rank == root)
                for (int j = 0; j < nprocs; j++)
                    for (size_t i = 0; i < n; i++)
                        check_int(b[(size_t)j * n + i], j * 100000 + (int)i + it * 7, "gather", i);

            if (rank == root)
                for (int j = 0; j < nprocs; j++)
                    for (size_t i = 0; i < n; i++)
                        a[(size_t)j * n + i] = j * 100000 + (int)i + it * 7 + 1;
            MPI_Scatter(a, cnt, MPI_INT, b, cnt, MPI_INT, root, MPI_COMM_WORLD);
            for (size_t i = 0; i < n; i++)
                check_int(b[i], rank * 100000 + (int)i + it * 7 + 1, "scatter", i);

            for (size_t i = 0; i < n; i++)
                a[i] = rank * 100000 + (int)i + it * 11;
            MPI_Allgather(a, cnt, MPI_INT, b, cnt, MPI_INT, MPI_COMM_WORLD);
            for (int j = 0; j < nprocs; j++)
                for (size_t i = 0; i < n; i++)
                    check_int(b[(size_t)j * n + i], j * 100000 + (int)i + it * 11, "allgather", i);

            for (int j = 0; j < nprocs; j++)
                for (size_t i = 0; i < n; i++)
                    a[(size_t)j * n + i] = (rank * 31 + j * 7 + it) % 16384 * 65537 + (int)i;
            MPI_Alltoall(a, cnt, MPI_INT, b, cnt, MPI_INT, MPI_COMM_WORLD);
            for (int j = 0; j < nprocs; j++)
                for (size_t i = 0; i < n; i++)
                    check_int(b[(size_t)j * n + i], (j * 31 + rank * 7 + it) % 16384 * 65537 + (int)i,
                              "alltoall", i);

            for (int j = 0; j < nprocs; j++)
                for (size_t i = 0; i < n; i++)
                    a[(size_t)j * n + i] = (rank + 1) * (j + 1) + (int)(i % 7);
            MPI_Reduce_scatter_block(a, b, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            for (size_t i = 0; i < n; i++)
                check_int(b[i], (rank + 1) * tri + nprocs * (int)(i % 7), "reduce_scatter_block", i);

            for (size_t i = 0; i < n; i++)
                a[i] = rank + 1 + (int)(i % 3);
            MPI_Scan(a, b, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            for (size_t i = 0; i < n; i++)
                check_int(b[i], (rank + 1) * (rank + 2) / 2 + (rank + 1) * (int)(i % 3), "scan", i);

            MPI_Request r;
            for (size_t i = 0; i < n; i++)
                a[i] = (rank + 1) * ((int)(i % 13) + 1) + it;
            MPI_Iallreduce(a, b, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            for (size_t i = 0; i < n; i++)
                check_int(b[i], ((int)(i % 13) + 1) * tri + nprocs * it, "iallreduce", i);

            int root2 = (root + 1) % nprocs, flag = 0;
            for (size_t i = 0; i < n; i++)
                a[i] = rank == root2 ? root2 * 1000003 + it * 13 + (int)i : -1;
            MPI_Ibcast(a, cnt, MPI_INT, root2, MPI_COMM_WORLD, &r);
            while (!flag)
                MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
            for (size_t i = 0; i < n; i++)
                check_int(a[i], root2 * 1000003 + it * 13 + (int)i, "ibcast", i);

            MPI_Ibarrier(MPI_COMM_WORLD, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        }
    free(a), free(b);
}

/* ---- comms ------------------------------------------------------------ */

#define M_ITERS 3

static void p_comms(void)
{
    char *s = xmalloc(LARGE), *s2 = xmalloc(LARGE), *r1 = xmalloc(LARGE), *r2 = xmalloc(LARGE);
    int *members = xmalloc((size_t)nprocs * sizeof *members);
    for (int it = 0; it < M_ITERS; it++) {
        int color = rank < nprocs / 2 ? 0 : 1;
        int lo = color ? nprocs / 2 : 0, hi = color ? nprocs : nprocs / 2;
        MPI_Comm half, hdup, wdup, third;
        compute(it);
        /* odd iterations order the halves backwards */
        MPI_Comm_split(MPI_COMM_WORLD, color, it % 2 ? -rank : rank, &half);
        int hr, hs;
        MPI_Comm_rank(half, &hr);
        MPI_Comm_size(half, &hs);
        if (hs != hi - lo)
            die("half %d has %d ranks, expected %d", color, hs, hi - lo);
        MPI_Allgather(&rank, 1, MPI_INT, members, 1, MPI_INT, half);
        for (int j = 0; j < hs; j++)
            check_int(members[j], it % 2 ? hi - 1 - j : lo + j, "split order", (size_t)j);

        int v = rank, sum;
        MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, half);
        check_int(sum, (lo + hi - 1) * (hi - lo) / 2, "half allreduce", 0);
        int hroot = it % hs, bv = rank == members[hroot] ? 4242 + it : -1;
        MPI_Bcast(&bv, 1, MPI_INT, hroot, half);
        check_int(bv, 4242 + it, "half bcast", 0);

        /* a ring inside the half */
        int right = (hr + 1) % hs, left = (hr - 1 + hs) % hs;
        int wr = members[right], wl = members[left], n = sizes[it % 3];
        MPI_Status st;
        fill(s, (size_t)n, rank, wr, it, 10);
        MPI_Sendrecv(s, n, MPI_BYTE, right, 10, r1, n, MPI_BYTE, left, 10, half, &st);
        check_status(&st, left, 10, n, "half ring");
        check(r1, (size_t)n, wl, rank, it, 10, "half ring");

        /* a duplicate is a separate channel: the same tag on both */
        MPI_Comm_dup(half, &hdup);
        MPI_Request rq[4];
        MPI_Status sts[4];
        n = sizes[(it + 2) % 3];
        fill(s, (size_t)n, rank, wr, it, 11);
        fill(s2, (size_t)n, rank, wr, it, 12);
        MPI_Irecv(r2, n, MPI_BYTE, left, 7, hdup, &rq[0]);
        MPI_Irecv(r1, n, MPI_BYTE, left, 7, half, &rq[1]);
        MPI_Isend(s, n, MPI_BYTE, right, 7, half, &rq[2]);
        MPI_Isend(s2, n, MPI_BYTE, right, 7, hdup, &rq[3]);
        MPI_Waitall(4, rq, sts);
        check(r1, (size_t)n, wl, rank, it, 11, "half vs dup: half");
        check(r2, (size_t)n, wl, rank, it, 12, "half vs dup: dup");
        MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_MAX, hdup);
        check_int(sum, hi - 1, "dup allreduce", 0);

        MPI_Comm_dup(MPI_COMM_WORLD, &wdup);
        MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, wdup);
        check_int(sum, nprocs * (nprocs - 1) / 2, "world dup allreduce", 0);
        MPI_Barrier(wdup);

        /* ranks r % 3 == 1 get MPI_COMM_NULL */
        MPI_Comm_split(MPI_COMM_WORLD, rank % 3 == 1 ? MPI_UNDEFINED : rank % 3, rank, &third);
        if (rank % 3 == 1) {
            if (third != MPI_COMM_NULL)
                die("MPI_UNDEFINED split gave a communicator");
        } else {
            int ts, want = 0;
            MPI_Comm_size(third, &ts);
            for (int q = rank % 3; q < nprocs; q += 3)
                want += q;
            MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, third);
            check_int(sum, want, "third allreduce", 0);
            if (ts > 1) { /* a large exchange between its first two members */
                int tr;
                MPI_Comm_rank(third, &tr);
                if (tr < 2) {
                    int other = rank % 3 + 3 * (1 - tr);
                    fill(s, LARGE, rank, other, it, 13);
                    MPI_Sendrecv(s, LARGE, MPI_BYTE, 1 - tr, 13, r1, LARGE, MPI_BYTE, 1 - tr, 13,
                                 third, &st);
                    check(r1, LARGE, other, rank, it, 13, "third exchange");
                }
            }
            MPI_Comm_free(&third);
        }
        MPI_Comm_free(&hdup);
        MPI_Comm_free(&wdup);
        MPI_Comm_free(&half);
    }
    free(s), free(s2), free(r1), free(r2), free(members);
}

/* ---- mixed ------------------------------------------------------------ */

#define X_ITERS 4

static void p_mixed(void)
{
    char *s = xmalloc(LARGE), *r = xmalloc(LARGE);
    int *others = xmalloc((size_t)nprocs * sizeof *others);
    for (int it = 0; it < X_ITERS; it++) {
        /* "late" keeps "partner" blocked on its messages while the others
         * exchange with their neighbours and enter the Allreduce early */
        int late = (it * 3) % nprocs, partner = (late + 1) % nprocs, m = 0, me = -1;
        for (int q = 0; q < nprocs; q++)
            if (q != late && q != partner) {
                if (q == rank)
                    me = m;
                others[m++] = q;
            }
        int v = (rank + 1) * (it + 1), sum = 0, want = (it + 1) * nprocs * (nprocs + 1) / 2;
        MPI_Request red = MPI_REQUEST_NULL;
        MPI_Status st;
        compute(it);
        if (rank == late) {
            compute(it + 7);
            for (int j = 0; j < 3; j++) {
                int n = sizes[(j + it) % 3];
                fill(s, (size_t)n, rank, partner, it, j);
                MPI_Send(s, n, MPI_BYTE, partner, j, MPI_COMM_WORLD);
            }
            MPI_Recv(r, SMALL, MPI_BYTE, partner, 9, MPI_COMM_WORLD, &st);
            check(r, SMALL, partner, rank, it, 9, "mixed answer");
        } else if (rank == partner) {
            for (int j = 0; j < 3; j++) {
                int n = sizes[(j + it) % 3];
                MPI_Recv(r, LARGE, MPI_BYTE, late, j, MPI_COMM_WORLD, &st);
                check_status(&st, late, j, n, "mixed late message");
                check(r, (size_t)n, late, rank, it, j, "mixed late message");
            }
            fill(s, SMALL, rank, late, it, 9);
            MPI_Send(s, SMALL, MPI_BYTE, late, 9, MPI_COMM_WORLD);
        } else {
            /* odd iterations: already in an Iallreduce while exchanging */
            if (it % 2)
                MPI_Iallreduce(&v, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &red);
            if (m >= 2) {
                int right = others[(me + 1) % m], left = others[(me - 1 + m) % m];
                for (int j = 0; j < 2; j++) {
                    int n = sizes[(it + j + me) % 3], nl = sizes[(it + j + (me - 1 + m) % m) % 3];
                    MPI_Request rq[2];
                    fill(s, (size_t)n, rank, right, it, 20 + j);
                    MPI_Irecv(r, nl, MPI_BYTE, left, 20 + j, MPI_COMM_WORLD, &rq[0]);
                    MPI_Isend(s, n, MPI_BYTE, right, 20 + j, MPI_COMM_WORLD, &rq[1]);
                    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
                    check(r, (size_t)nl, left, rank, it, 20 + j, "mixed neighbours");
                }
            }
        }
        if (red != MPI_REQUEST_NULL)
            MPI_Wait(&red, MPI_STATUS_IGNORE);
        else if (it % 2 && (rank == late || rank == partner)) {
            MPI_Iallreduce(&v, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &red);
            MPI_Wait(&red, MPI_STATUS_IGNORE);
        } else
            MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        check_int(sum, want, "mixed allreduce", 0);
    }
    free(s), free(r), free(others);
}

/* ---- timing patterns -------------------------------------------------- */

static long long ns_since(double t0) { return llround((MPI_Wtime() - t0) * 1e9); }

static void p_incast(int k, long bytes)
{
    if (k < 1 || k >= nprocs)
        die("incast: K = %d needs 1 <= K < ranks (%d)", k, nprocs);
    char *buf = xmalloc((size_t)bytes * (rank == 0 ? (size_t)k : 1));
    if (rank >= 1 && rank <= k)
        fill(buf, (size_t)bytes, rank, 0, 0, 1);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    long long t = -1;
    if (rank == 0) {
        MPI_Request *rq = xmalloc((size_t)k * sizeof *rq);
        MPI_Status *st = xmalloc((size_t)k * sizeof *st);
        for (int i = 0; i < k; i++)
            MPI_Irecv(buf + (size_t)i * (size_t)bytes, (int)bytes, MPI_BYTE, i + 1, 1,
                      MPI_COMM_WORLD, &rq[i]);
        MPI_Waitall(k, rq, st);
        t = ns_since(t0);
        for (int i = 0; i < k; i++) {
            check_status(&st[i], i + 1, 1, (int)bytes, "incast");
            check(buf + (size_t)i * (size_t)bytes, (size_t)bytes, i + 1, 0, 0, 1, "incast");
        }
        free(rq), free(st);
    } else if (rank <= k) {
        MPI_Send(buf, (int)bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        t = ns_since(t0);
    }
    printf("rank %d t0_ns %lld\n", rank, llround(t0 * 1e9));
    if (rank == 0)
        printf("rank 0 recv_time_ns %lld\n", t);
    else if (rank <= k)
        printf("rank %d send_time_ns %lld\n", rank, t);
    fflush(stdout);
    free(buf);
}

static void p_pairs(long bytes)
{
    char *buf = xmalloc((size_t)bytes);
    int peer = rank ^ 1, sender = rank % 2 == 0;
    if (peer >= nprocs)
        peer = -1; /* odd rank count: the last rank only waits */
    if (sender)
        fill(buf, (size_t)bytes, rank, peer, 0, 2);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    long long t = -1;
    if (peer >= 0) {
        if (sender) {
            MPI_Send(buf, (int)bytes, MPI_BYTE, peer, 2, MPI_COMM_WORLD);
        } else {
            MPI_Request rq;
            MPI_Status st;
            MPI_Irecv(buf, (int)bytes, MPI_BYTE, peer, 2, MPI_COMM_WORLD, &rq);
            MPI_Waitall(1, &rq, &st);
            t = ns_since(t0);
            check_status(&st, peer, 2, (int)bytes, "pairs");
            check(buf, (size_t)bytes, peer, rank, 0, 2, "pairs");
        }
        if (sender)
            t = ns_since(t0);
    }
    printf("rank %d t0_ns %lld\n", rank, llround(t0 * 1e9));
    if (peer >= 0)
        printf("rank %d %s_time_ns %lld\n", rank, sender ? "send" : "recv", t);
    fflush(stdout);
    free(buf);
}

static void p_exchange(long bytes)
{
    char *out = xmalloc((size_t)bytes), *in = xmalloc((size_t)bytes);
    int peer = rank ^ 1;
    if (peer >= nprocs)
        peer = MPI_PROC_NULL; /* odd rank count: the last rank only waits */
    fill(out, (size_t)bytes, rank, peer, 0, 3);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    MPI_Status st;
    MPI_Sendrecv(out, (int)bytes, MPI_BYTE, peer, 3, in, (int)bytes, MPI_BYTE, peer, 3,
                 MPI_COMM_WORLD, &st);
    long long t = ns_since(t0);
    if (peer != MPI_PROC_NULL) {
        check_status(&st, peer, 3, (int)bytes, "exchange");
        check(in, (size_t)bytes, peer, rank, 0, 3, "exchange");
        printf("rank %d t0_ns %lld\nrank %d xchg_time_ns %lld\n", rank, llround(t0 * 1e9), rank, t);
    }
    fflush(stdout);
    free(out), free(in);
}

/* ---- main ------------------------------------------------------------- */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc < 2 || nprocs < 2) {
        if (rank == 0)
            fprintf(stderr, "usage: cn_stress wildcard|ring|alltoall_p2p|storm|collectives|comms"
                            "|mixed|incast [K [BYTES]]|pairs|exchange [_ [BYTES]] (2 or more ranks)\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    pattern = argv[1];
    int k = argc > 2 ? atoi(argv[2]) : 2;
    long bytes = argc > 3 ? atol(argv[3]) : 1048576;
    if (bytes < 1 || bytes > 1L << 30)
        die("BYTES = %ld out of range", bytes);

    if (!strcmp(pattern, "wildcard"))
        p_wildcard();
    else if (!strcmp(pattern, "ring"))
        p_ring();
    else if (!strcmp(pattern, "alltoall_p2p"))
        p_alltoall_p2p();
    else if (!strcmp(pattern, "storm"))
        p_storm();
    else if (!strcmp(pattern, "collectives"))
        p_collectives();
    else if (!strcmp(pattern, "comms"))
        p_comms();
    else if (!strcmp(pattern, "mixed"))
        p_mixed();
    else if (!strcmp(pattern, "incast"))
        p_incast(k, bytes);
    else if (!strcmp(pattern, "pairs"))
        p_pairs(bytes);
    else if (!strcmp(pattern, "exchange"))
        p_exchange(bytes);
    else
        die("unknown pattern '%s'", pattern);

    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        printf("pattern %s vtime_ns %lld\nok\n", pattern, llround(MPI_Wtime() * 1e9));
        fflush(stdout);
    }
    MPI_Finalize();
    return 0;
}

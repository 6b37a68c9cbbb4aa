/* coll_sched.c - collective algorithms as rounds of transfers. Each
 * function queues the rounds of one algorithm; docs/models.md gives every
 * schedule with its closed-form LogGP cost. */
#include <stdlib.h>

#include "model/coll_rounds.h"
#include "model/coll_sched.h"

const char *const seshat_coll_kind_names[SESHAT_COLL_NKINDS] = {
#define X(E, n) #n,
    SESHAT_COLL_KINDS(X)
#undef X
};
const char *const seshat_coll_alg_names[SESHAT_ALG_COUNT] = {
#define X(E, n) #n,
    SESHAT_COLL_ALGS(X)
#undef X
};

#define SEND seshat_rounds_send
#define END seshat_rounds_end

static int pow2_floor(int p)
{
    int q = 1;
    while (q * 2 <= p)
        q *= 2;
    return q;
}

static int real_rank(int vr, int root, int p) { return (vr + root) % p; }

/* ---- rooted trees (ranks relative to the root) ---- */

static void binomial_down(seshat_rounds *R, const seshat_coll *c, int scatter)
{
    int p = c->p, top = pow2_floor(p) < p ? 2 * pow2_floor(p) : p;
    for (int mask = top / 2; mask >= 1; mask /= 2) {
        for (int vr = 0; vr + mask < p; vr += 2 * mask) {
            int64_t blocks = scatter ? (p - vr - mask < mask ? p - vr - mask : mask) : 1;
            SEND(R, real_rank(vr, c->root, p), real_rank(vr + mask, c->root, p), blocks * c->bytes);
        }
        END(R);
    }
}

static void binomial_up(seshat_rounds *R, const seshat_coll *c, int gather)
{
    int p = c->p;
    for (int mask = 1; mask < p; mask *= 2) {
        for (int vr = mask; vr < p; vr += 2 * mask) {
            int64_t blocks = gather ? (p - vr < mask ? p - vr : mask) : 1;
            SEND(R, real_rank(vr, c->root, p), real_rank(vr - mask, c->root, p), blocks * c->bytes);
        }
        END(R);
    }
}

static void binary_down(seshat_rounds *R, const seshat_coll *c)
{
    for (int level = 0, first = 0; first < c->p; level++) {
        int width = 1 << level;
        for (int i = first; i < first + width && i < c->p; i++)
            for (int k = 1; k <= 2; k++)
                if (2 * i + k < c->p)
                    SEND(R, real_rank(i, c->root, c->p), real_rank(2 * i + k, c->root, c->p), c->bytes);
        END(R);
        first += width;
    }
}

#define SEGMENT (64 * 1024)

/* A chain from the root, the message cut into segments that flow in a
 * pipeline; `up` reverses the chain (reduce). */
static void pipeline(seshat_rounds *R, const seshat_coll *c, int up)
{
    int p = c->p;
    int64_t nseg = c->bytes > SEGMENT ? (c->bytes + SEGMENT - 1) / SEGMENT : 1;
    for (int64_t step = 0; step < nseg + p - 2; step++) {
        for (int i = 0; i < p - 1; i++) {
            int64_t s = step - i;
            if (s < 0 || s >= nseg)
                continue;
            int64_t len = s == nseg - 1 ? c->bytes - (nseg - 1) * SEGMENT : SEGMENT;
            if (nseg == 1)
                len = c->bytes;
            int a = up ? p - 1 - i : i, b = up ? p - 2 - i : i + 1;
            SEND(R, real_rank(a, c->root, p), real_rank(b, c->root, p), len);
        }
        END(R);
    }
}

static void linear_out(seshat_rounds *R, const seshat_coll *c)
{
    for (int r = 0; r < c->p; r++)
        SEND(R, c->root, r, c->bytes);
    END(R);
}

static void linear_in(seshat_rounds *R, const seshat_coll *c)
{
    for (int r = 0; r < c->p; r++)
        SEND(R, r, c->root, c->bytes);
    END(R);
}

/* ---- symmetric ---- */

static void dissemination(seshat_rounds *R, int p, int64_t bytes)
{
    for (int d = 1; d < p; d *= 2) {
        for (int r = 0; r < p; r++)
            SEND(R, r, (r + d) % p, bytes);
        END(R);
    }
}

/* Ranks beyond the largest power of two fold into their neighbours first
 * and get the result back last (MPICH/Open MPI). `grow` doubles the block
 * every round (allgather); `halve` runs recursive halving first (the
 * reduce-scatter of Rabenseifner). */
static void recursive_doubling(seshat_rounds *R, int p, int64_t bytes, int grow, int halve)
{
    int q = pow2_floor(p), rem = p - q;
    for (int r = 0; r < 2 * rem; r += 2)
        SEND(R, r, r + 1, bytes);
    if (rem)
        END(R);
    /* member i of the power-of-two group is rank: odd ranks below 2rem, then the rest */
    int *g = malloc(sizeof *g * (size_t)q);
    if (!g)
        return;
    for (int i = 0; i < q; i++)
        g[i] = i < rem ? 2 * i + 1 : i + rem;
    int64_t block = halve ? bytes / 2 : bytes;
    if (halve) {
        for (int d = q / 2; d >= 1; d /= 2, block /= 2) {
            for (int i = 0; i < q; i++)
                SEND(R, g[i], g[i ^ d], block);
            END(R);
        }
        block = bytes / q;
    }
    for (int d = 1; d < q; d *= 2) {
        for (int i = 0; i < q; i++)
            SEND(R, g[i], g[i ^ d], block);
        END(R);
        if (grow || halve)
            block *= 2;
    }
    for (int r = 0; r < 2 * rem; r += 2)
        SEND(R, r + 1, r, grow ? bytes * p : bytes);
    if (rem)
        END(R);
    free(g);
}

static void ring(seshat_rounds *R, int p, int64_t block, int passes)
{
    for (int pass = 0; pass < passes; pass++)
        for (int s = 0; s < p - 1; s++) {
            for (int r = 0; r < p; r++)
                SEND(R, r, (r + 1) % p, block);
            END(R);
        }
}

static void bruck_allgather(seshat_rounds *R, int p, int64_t bytes)
{
    for (int d = 1; d < p; d *= 2) {
        int64_t blocks = p - d < d ? p - d : d;
        for (int r = 0; r < p; r++)
            SEND(R, r, (r - d + p) % p, blocks * bytes);
        END(R);
    }
}

static void bruck_alltoall(seshat_rounds *R, int p, int64_t bytes)
{
    for (int d = 1; d < p; d *= 2) {
        int64_t blocks = 0;
        for (int j = 0; j < p; j++)
            blocks += (j & d) != 0;
        for (int r = 0; r < p; r++)
            SEND(R, r, (r + d) % p, blocks * bytes);
        END(R);
    }
}

static void pairwise(seshat_rounds *R, int p, int64_t bytes)
{
    for (int s = 1; s < p; s++) {
        for (int r = 0; r < p; r++)
            SEND(R, r, (r + s) % p, bytes);
        END(R);
    }
}

static void all_to_all_linear(seshat_rounds *R, int p, int64_t bytes)
{
    for (int r = 0; r < p; r++)
        for (int s = 1; s < p; s++)
            SEND(R, r, (r + s) % p, bytes);
    END(R);
}

static void chain(seshat_rounds *R, int p, int64_t bytes)
{
    for (int r = 0; r + 1 < p; r++) {
        SEND(R, r, r + 1, bytes);
        END(R);
    }
}

static void scan_doubling(seshat_rounds *R, int p, int64_t bytes)
{
    for (int d = 1; d < p; d *= 2) {
        for (int r = 0; r + d < p; r++)
            SEND(R, r, r + d, bytes);
        END(R);
    }
}

int seshat_coll_supports(enum seshat_coll_kind kind, enum seshat_coll_alg a)
{
    if (a == SESHAT_ALG_AUTO)
        return 1;
    switch (kind) {
    case SESHAT_COLL_BARRIER: return a == SESHAT_ALG_DISSEMINATION || a == SESHAT_ALG_RECURSIVE_DOUBLING || a == SESHAT_ALG_LINEAR;
    case SESHAT_COLL_BCAST: return a == SESHAT_ALG_BINOMIAL || a == SESHAT_ALG_BINARY || a == SESHAT_ALG_PIPELINE || a == SESHAT_ALG_LINEAR;
    case SESHAT_COLL_REDUCE: return a == SESHAT_ALG_BINOMIAL || a == SESHAT_ALG_PIPELINE || a == SESHAT_ALG_LINEAR;
    case SESHAT_COLL_ALLREDUCE: return a == SESHAT_ALG_RECURSIVE_DOUBLING || a == SESHAT_ALG_RING || a == SESHAT_ALG_RABENSEIFNER || a == SESHAT_ALG_LINEAR;
    case SESHAT_COLL_GATHER:
    case SESHAT_COLL_SCATTER: return a == SESHAT_ALG_BINOMIAL || a == SESHAT_ALG_LINEAR;
    case SESHAT_COLL_ALLGATHER: return a == SESHAT_ALG_RECURSIVE_DOUBLING || a == SESHAT_ALG_RING || a == SESHAT_ALG_BRUCK || a == SESHAT_ALG_LINEAR;
    case SESHAT_COLL_ALLTOALL: return a == SESHAT_ALG_PAIRWISE || a == SESHAT_ALG_BRUCK || a == SESHAT_ALG_LINEAR;
    case SESHAT_COLL_REDUCE_SCATTER: return a == SESHAT_ALG_RING || a == SESHAT_ALG_LINEAR;
    case SESHAT_COLL_SCAN:
    case SESHAT_COLL_EXSCAN: return a == SESHAT_ALG_LINEAR || a == SESHAT_ALG_RECURSIVE_DOUBLING;
    default: return 0;
    }
}

enum seshat_coll_alg seshat_coll_choose(const seshat_coll *c)
{
    int64_t n = c->bytes;
    int pow2 = (c->p & (c->p - 1)) == 0;
    switch (c->kind) {
    case SESHAT_COLL_BARRIER: return SESHAT_ALG_DISSEMINATION;
    case SESHAT_COLL_BCAST:
        return n <= 2048 ? SESHAT_ALG_BINOMIAL : n <= 370728 ? SESHAT_ALG_BINARY : SESHAT_ALG_PIPELINE;
    case SESHAT_COLL_REDUCE: return n <= 65536 ? SESHAT_ALG_BINOMIAL : SESHAT_ALG_PIPELINE;
    case SESHAT_COLL_ALLREDUCE: return n <= 10240 ? SESHAT_ALG_RECURSIVE_DOUBLING : SESHAT_ALG_RING;
    case SESHAT_COLL_GATHER:
    case SESHAT_COLL_SCATTER: return n <= 6000 ? SESHAT_ALG_BINOMIAL : SESHAT_ALG_LINEAR;
    case SESHAT_COLL_ALLGATHER:
        return n * c->p <= 81920 ? (pow2 ? SESHAT_ALG_RECURSIVE_DOUBLING : SESHAT_ALG_BRUCK) : SESHAT_ALG_RING;
    case SESHAT_COLL_ALLTOALL:
        return (n <= 200 && c->p > 12) ? SESHAT_ALG_BRUCK : n < 3000 ? SESHAT_ALG_LINEAR : SESHAT_ALG_PAIRWISE;
    case SESHAT_COLL_REDUCE_SCATTER: return SESHAT_ALG_RING;
    default: return SESHAT_ALG_LINEAR;
    }
}

static void run(seshat_rounds *R, const seshat_coll *c, enum seshat_coll_alg a)
{
    int p = c->p;
    int64_t n = c->bytes;
    switch (c->kind) {
    case SESHAT_COLL_BARRIER:
        if (a == SESHAT_ALG_LINEAR) {
            seshat_coll lin = *c;
            lin.root = 0;
            lin.bytes = 0;
            linear_in(R, &lin);
            linear_out(R, &lin);
        } else {
            dissemination(R, p, 0);
        }
        return;
    case SESHAT_COLL_BCAST:
        if (a == SESHAT_ALG_BINARY) binary_down(R, c);
        else if (a == SESHAT_ALG_PIPELINE) pipeline(R, c, 0);
        else if (a == SESHAT_ALG_LINEAR) linear_out(R, c);
        else binomial_down(R, c, 0);
        return;
    case SESHAT_COLL_REDUCE:
        if (a == SESHAT_ALG_PIPELINE) pipeline(R, c, 1);
        else if (a == SESHAT_ALG_LINEAR) linear_in(R, c);
        else binomial_up(R, c, 0);
        return;
    case SESHAT_COLL_ALLREDUCE:
        if (a == SESHAT_ALG_RING) ring(R, p, (n + p - 1) / p, 2);
        else if (a == SESHAT_ALG_RABENSEIFNER) recursive_doubling(R, p, n, 0, 1);
        else if (a == SESHAT_ALG_LINEAR) { linear_in(R, c); linear_out(R, c); }
        else recursive_doubling(R, p, n, 0, 0);
        return;
    case SESHAT_COLL_GATHER:
        if (a == SESHAT_ALG_LINEAR) linear_in(R, c);
        else binomial_up(R, c, 1);
        return;
    case SESHAT_COLL_SCATTER:
        if (a == SESHAT_ALG_LINEAR) linear_out(R, c);
        else binomial_down(R, c, 1);
        return;
    case SESHAT_COLL_ALLGATHER:
        if (a == SESHAT_ALG_RING) ring(R, p, n, 1);
        else if (a == SESHAT_ALG_BRUCK) bruck_allgather(R, p, n);
        else if (a == SESHAT_ALG_LINEAR) all_to_all_linear(R, p, n);
        else recursive_doubling(R, p, n, 1, 0);
        return;
    case SESHAT_COLL_ALLTOALL:
        if (a == SESHAT_ALG_BRUCK) bruck_alltoall(R, p, n);
        else if (a == SESHAT_ALG_LINEAR) all_to_all_linear(R, p, n);
        else pairwise(R, p, n);
        return;
    case SESHAT_COLL_REDUCE_SCATTER:
        if (a == SESHAT_ALG_LINEAR) {
            seshat_coll whole = *c;
            whole.root = 0;
            whole.bytes = n * p;
            linear_in(R, &whole);
            whole.bytes = n;
            linear_out(R, &whole);
        } else {
            ring(R, p, n, 1);
        }
        return;
    case SESHAT_COLL_SCAN:
    case SESHAT_COLL_EXSCAN:
        if (a == SESHAT_ALG_RECURSIVE_DOUBLING) scan_doubling(R, p, n);
        else chain(R, p, n);
        return;
    default:
        dissemination(R, p, n);
    }
}

/* The collective model: the plain model with every cost multiplied. */
/* One group's binomial phase, mapped onto its merged ranks. */
static void group_phase(seshat_rounds *R, const int *map, int size, int64_t bytes, int down)
{
    seshat_coll g = { SESHAT_COLL_BCAST, SESHAT_ALG_BINOMIAL, size, 0, bytes, 1.0 };
    seshat_rounds_map(R, map);
    if (down)
        binomial_down(R, &g, 0);
    else
        binomial_up(R, &g, 0);
    seshat_rounds_map(R, NULL);
}

static void run_inter(seshat_rounds *R, const seshat_coll *c, const int *lo, int a, const int *hi,
                      int b)
{
    int64_t n = c->bytes;
    if (c->kind == SESHAT_COLL_BCAST || c->kind == SESHAT_COLL_SCATTER ||
        c->kind == SESHAT_COLL_REDUCE || c->kind == SESHAT_COLL_GATHER) {
        int root_low = c->root < a;
        const int *other = root_low ? hi : lo;
        int other_size = root_low ? b : a;
        if (c->kind == SESHAT_COLL_BCAST || c->kind == SESHAT_COLL_SCATTER) {
            SEND(R, c->root, other[0], c->kind == SESHAT_COLL_SCATTER ? n * other_size : n);
            END(R);
            group_phase(R, other, other_size, n, 1);
        } else {
            group_phase(R, other, other_size, n, 0);
            SEND(R, other[0], c->root, c->kind == SESHAT_COLL_GATHER ? n * other_size : n);
            END(R);
        }
        return;
    }
    group_phase(R, lo, a, n, 0);
    group_phase(R, hi, b, n, 0);
    SEND(R, lo[0], hi[0], n);
    SEND(R, hi[0], lo[0], n);
    END(R);
    group_phase(R, lo, a, n, 1);
    group_phase(R, hi, b, n, 1);
}

int seshat_coll_eval_inter(const seshat_model *m, const seshat_coll *c, int low,
                           const seshat_vtime *entry, seshat_vtime *exit)
{
    seshat_model sm = seshat_model_scaled(m, c->factor);
    int *ranks = malloc(sizeof *ranks * (size_t)c->p);
    seshat_rounds *R = ranks ? seshat_rounds_new(&sm, c->p, exit) : NULL;
    for (int r = 0; r < c->p; r++)
        exit[r] = entry[r];
    if (!R || low <= 0 || low >= c->p) {
        free(ranks);
        seshat_rounds_free(R);
        return R ? 0 : -1;
    }
    for (int r = 0; r < c->p; r++)
        ranks[r] = r;
    run_inter(R, c, ranks, low, ranks + low, c->p - low);
    seshat_rounds_free(R);
    free(ranks);
    return 0;
}

static int by_time(const void *a, const void *b)
{
    seshat_vtime x = *(const seshat_vtime *)a, y = *(const seshat_vtime *)b;
    return (x > y) - (x < y);
}

seshat_vtime seshat_coll_neighbor_exit(const seshat_model *m, seshat_vtime entry, int outdeg,
                                       int64_t bytes, const seshat_vtime *in_entry, int indeg)
{
    seshat_vtime t = entry, nic = 0;
    for (int k = 0; k < outdeg; k++)
        t = m->inject(m, t, bytes, &nic) + m->send_overhead;
    seshat_vtime *arr = malloc(sizeof *arr * (size_t)(indeg > 0 ? indeg : 1));
    if (!arr)
        return t;
    int n = 0;
    for (int j = 0; j < indeg; j++)
        if (in_entry[j] >= 0) {
            seshat_msg msg = { bytes, in_entry[j], SESHAT_PROTO_EAGER, -1, -1 };
            arr[n++] = m->p2p(m, &msg, 0).arrival;
        }
    qsort(arr, (size_t)n, sizeof *arr, by_time);
    for (int j = 0; j < n; j++)
        t = m->recv_done(m, t, arr[j]);
    free(arr);
    return t;
}

int seshat_coll_eval(const seshat_model *m, const seshat_coll *c, const seshat_vtime *entry,
                     seshat_vtime *exit)
{
    return seshat_coll_eval_world(m, c, NULL, entry, exit);
}

int seshat_coll_eval_world(const seshat_model *m, const seshat_coll *c, const int *world,
                           const seshat_vtime *entry, seshat_vtime *exit)
{
    seshat_model sm = seshat_model_scaled(m, c->factor);
    for (int r = 0; r < c->p; r++)
        exit[r] = entry[r];
    if (c->p <= 1)
        return 0;
    enum seshat_coll_alg a = c->alg;
    if (a == SESHAT_ALG_AUTO || !seshat_coll_supports(c->kind, a))
        a = seshat_coll_choose(c);
    seshat_rounds *R = seshat_rounds_new(&sm, c->p, exit);
    if (!R) {
        seshat_vtime mx = 0;
        for (int r = 0; r < c->p; r++)
            mx = entry[r] > mx ? entry[r] : mx;
        for (int r = 0; r < c->p; r++)
            exit[r] = mx;
        return -1;
    }
    seshat_rounds_world(R, world);
    run(R, c, a);
    seshat_rounds_free(R);
    return 0;
}

struct record_ctx { seshat_coll_xfer_fn fn; void *ctx; int rounds; };

static void record_one(void *ctx, int round, int src, int dst, int64_t bytes)
{
    struct record_ctx *rc = ctx;
    rc->fn(rc->ctx, round, src, dst, bytes);
    if (round + 1 > rc->rounds)
        rc->rounds = round + 1;
}

int seshat_coll_record(const seshat_coll *c, seshat_coll_xfer_fn fn, void *ctx)
{
    if (c->p <= 1)
        return 0;
    enum seshat_coll_alg a = c->alg;
    if (a == SESHAT_ALG_AUTO || !seshat_coll_supports(c->kind, a))
        a = seshat_coll_choose(c);
    seshat_vtime dummy;
    seshat_rounds *R = seshat_rounds_new(NULL, c->p, &dummy);
    if (!R)
        return -1;
    struct record_ctx rc = { fn, ctx, 0 };
    seshat_rounds_record(R, record_one, &rc);
    run(R, c, a);
    seshat_rounds_free(R);
    return rc.rounds;
}

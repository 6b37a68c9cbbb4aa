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

static int in_list(enum seshat_coll_alg a, const enum seshat_coll_alg *list)
{
    for (; *list != SESHAT_ALG_AUTO; list++)
        if (*list == a)
            return 1;
    return 0;
}
#define A_(x) SESHAT_ALG_##x

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

/* The heap tree of binary_down, leaves first (reduce). */
static void binary_up(seshat_rounds *R, const seshat_coll *c)
{
    int depth = 0;
    while ((2 << depth) - 1 < c->p)
        depth++;
    for (int level = depth; level >= 1; level--) {
        for (int i = (1 << level) - 1; i < (2 << level) - 1 && i < c->p; i++)
            SEND(R, real_rank(i, c->root, c->p), real_rank((i - 1) / 2, c->root, c->p), c->bytes);
        END(R);
    }
}

/* Open MPI's k-nomial tree (radix 4): level by level from the top, each
 * holder vr sends to vr + m, vr + 2m, vr + 3m in that order. */
static void knomial_down(seshat_rounds *R, const seshat_coll *c, int radix)
{
    int p = c->p, top = 1;
    while (top * radix < p)
        top *= radix;
    for (int m = top; m >= 1; m /= radix) {
        for (int vr = 0; vr < p; vr += radix * m)
            for (int k = 1; k < radix && vr + k * m < p; k++)
                SEND(R, real_rank(vr, c->root, p), real_rank(vr + k * m, c->root, p), c->bytes);
        END(R);
    }
}

#define SEGMENT (64 * 1024)

/* A chain from the root, the message cut into segments of `seg` bytes
 * that flow in a pipeline (seg 0: one unsegmented chain, Open MPI's chain
 * and pipeline under its fixed rules); `up` reverses the chain (reduce). */
static void pipeline(seshat_rounds *R, const seshat_coll *c, int up, int64_t seg)
{
    int p = c->p;
    const int64_t SEG = seg > 0 ? seg : c->bytes + 1;
    int64_t nseg = c->bytes > SEG ? (c->bytes + SEG - 1) / SEG : 1;
    for (int64_t step = 0; step < nseg + p - 2; step++) {
        for (int i = 0; i < p - 1; i++) {
            int64_t s = step - i;
            if (s < 0 || s >= nseg)
                continue;
            int64_t len = s == nseg - 1 ? c->bytes - (nseg - 1) * SEG : SEG;
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

/* The power-of-two group left once the first 2 rem ranks have folded in
 * pairs: member i is the odd (keep_odd) or even rank of pair i, then the
 * ranks from 2 rem on. NULL if out of memory. */
static int *pow2_group(int p, int q, int keep_odd)
{
    int rem = p - q, *g = malloc(sizeof *g * (size_t)q);
    for (int i = 0; g && i < q; i++)
        g[i] = i < rem ? 2 * i + keep_odd : i + rem;
    return g;
}

/* Exchange rounds within the group at distances d0, d0*2 or d0/2, ...:
 * `bytes` the first round, then x `scale` (2, 1 or 1/2 as -2). */
static void exchanges(seshat_rounds *R, const int *g, int q, int64_t bytes, int up, int scale)
{
    for (int d = up ? 1 : q / 2; d >= 1 && d < q; d = up ? d * 2 : d / 2) {
        for (int i = 0; i < q; i++)
            SEND(R, g[i], g[i ^ d], bytes);
        END(R);
        bytes = scale == -2 ? bytes / 2 : bytes * scale;
    }
}

/* Recursive doubling (allreduce, allgather with grow, barrier with 0
 * bytes; MPICH/Open MPI): ranks beyond the largest power of two q fold
 * into their odd neighbours first and get the result back last. */
static void recursive_doubling(seshat_rounds *R, int p, int64_t bytes, int grow)
{
    int q = pow2_floor(p), rem = p - q;
    int *g = pow2_group(p, q, 1);
    if (!g)
        return;
    for (int r = 0; r < 2 * rem; r += 2)
        SEND(R, r, r + 1, bytes);
    if (rem)
        END(R);
    exchanges(R, g, q, bytes, 1, grow ? 2 : 1);
    for (int r = 0; r < 2 * rem; r += 2)
        SEND(R, r + 1, r, grow ? bytes * p : bytes);
    if (rem)
        END(R);
    free(g);
}

/* Open MPI's Rabenseifner allreduce (redscat_allgather): pairs of the
 * first 2 rem ranks swap halves and the odd one returns its reduced half
 * (the even ranks stay), a reduce-scatter by recursive halving at
 * distances 1, 2, 4, ..., an allgather by recursive doubling back at
 * distances q/2, ..., 1, and the whole result to the folded ranks. */
static void rabenseifner(seshat_rounds *R, int p, int64_t bytes)
{
    int q = pow2_floor(p), rem = p - q;
    int *g = pow2_group(p, q, 0);
    if (!g)
        return;
    if (rem) {
        for (int r = 0; r < 2 * rem; r += 2) {
            SEND(R, r, r + 1, bytes / 2);
            SEND(R, r + 1, r, bytes - bytes / 2);
        }
        END(R);
        for (int r = 0; r < 2 * rem; r += 2)
            SEND(R, r + 1, r, bytes / 2);
        END(R);
    }
    exchanges(R, g, q, bytes / 2, 1, -2);
    exchanges(R, g, q, bytes / q, 0, 2);
    for (int r = 0; r < 2 * rem; r += 2)
        SEND(R, r, r + 1, bytes);
    if (rem)
        END(R);
    free(g);
}

/* Reduce-scatter of p blocks of `block` bytes by recursive halving (Open
 * MPI's reduce_scatter_block recursive_halving; its butterfly is timed
 * alike): the first 2 rem ranks fold their whole vector into the odd
 * neighbour, the group halves it at distances q/2, ..., 1, and each folded
 * rank gets its block back. `doubling`: every round moves the whole vector
 * (recursive_doubling, used for blocks of a few bytes). */
static void reduce_scatter_halving(seshat_rounds *R, int p, int64_t block, int doubling)
{
    int q = pow2_floor(p), rem = p - q;
    int64_t whole = block * p;
    int *g = pow2_group(p, q, 1);
    if (!g)
        return;
    for (int r = 0; r < 2 * rem; r += 2)
        SEND(R, r, r + 1, whole);
    if (rem)
        END(R);
    exchanges(R, g, q, doubling ? whole : whole / 2, 0, doubling ? 1 : -2);
    for (int r = 0; r < 2 * rem; r += 2)
        SEND(R, r + 1, r, block);
    if (rem)
        END(R);
    free(g);
}

/* Open MPI's neighbor exchange allgather (even p): one block with the
 * neighbour of the first pair, then p/2 - 1 rounds of two blocks with the
 * left and right neighbours in turn. */
static void neighbor_exchange(seshat_rounds *R, int p, int64_t bytes)
{
    for (int k = 0; k < p / 2; k++) {
        for (int r = 0; r < p; r++) {
            int right = (r % 2 == 0) == (k % 2 == 0);
            SEND(R, r, right ? (r + 1) % p : (r - 1 + p) % p, k ? 2 * bytes : bytes);
        }
        END(R);
    }
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
#define ANY(...) in_list(a, (const enum seshat_coll_alg[]){ __VA_ARGS__, SESHAT_ALG_AUTO })
    if (a == SESHAT_ALG_AUTO)
        return 1;
    switch (kind) {
    case SESHAT_COLL_BARRIER: return ANY(A_(DISSEMINATION), A_(RECURSIVE_DOUBLING), A_(LINEAR), A_(TREE));
    case SESHAT_COLL_BCAST:
        return ANY(A_(BINOMIAL), A_(BINARY), A_(PIPELINE), A_(LINEAR), A_(CHAIN), A_(KNOMIAL),
                   A_(SCATTER_ALLGATHER));
    case SESHAT_COLL_REDUCE: return ANY(A_(BINOMIAL), A_(PIPELINE), A_(LINEAR), A_(CHAIN), A_(BINARY));
    case SESHAT_COLL_ALLREDUCE:
        return ANY(A_(RECURSIVE_DOUBLING), A_(RING), A_(RABENSEIFNER), A_(LINEAR), A_(NONOVERLAPPING));
    case SESHAT_COLL_GATHER:
    case SESHAT_COLL_SCATTER: return ANY(A_(BINOMIAL), A_(LINEAR));
    case SESHAT_COLL_ALLGATHER:
        return ANY(A_(RECURSIVE_DOUBLING), A_(RING), A_(BRUCK), A_(LINEAR), A_(NEIGHBOR_EXCHANGE));
    case SESHAT_COLL_ALLTOALL: return ANY(A_(PAIRWISE), A_(BRUCK), A_(LINEAR));
    case SESHAT_COLL_REDUCE_SCATTER:
        return ANY(A_(RING), A_(LINEAR), A_(RECURSIVE_HALVING), A_(RECURSIVE_DOUBLING));
    case SESHAT_COLL_SCAN:
    case SESHAT_COLL_EXSCAN: return ANY(A_(LINEAR), A_(RECURSIVE_DOUBLING));
    default: return 0;
    }
#undef ANY
}

static void run(seshat_rounds *R, const seshat_coll *c, enum seshat_coll_alg a);

/* Another collective's schedule inside this one, with auto's choice for
 * it (Open MPI's nonoverlapping allreduce: its reduce, then its bcast). */
static void run_sub(seshat_rounds *R, const seshat_coll *c, enum seshat_coll_kind kind)
{
    seshat_coll sub = *c;
    sub.kind = kind;
    sub.root = 0;
    run(R, &sub, seshat_coll_choose(&sub));
}

static void run_barrier(seshat_rounds *R, const seshat_coll *c, enum seshat_coll_alg a)
{
    seshat_coll zero = *c;
    zero.root = 0;
    zero.bytes = 0;
    if (a == SESHAT_ALG_LINEAR) {
        linear_in(R, &zero);
        linear_out(R, &zero);
    } else if (a == SESHAT_ALG_TREE) {
        binomial_up(R, &zero, 0);
        binomial_down(R, &zero, 0);
    } else if (a == SESHAT_ALG_RECURSIVE_DOUBLING) {
        recursive_doubling(R, c->p, 0, 0);
    } else {
        dissemination(R, c->p, 0);
    }
}

static void run_bcast(seshat_rounds *R, const seshat_coll *c, enum seshat_coll_alg a)
{
    if (a == SESHAT_ALG_BINARY) binary_down(R, c);
    else if (a == SESHAT_ALG_PIPELINE) pipeline(R, c, 0, SEGMENT);
    else if (a == SESHAT_ALG_CHAIN) pipeline(R, c, 0, 0);
    else if (a == SESHAT_ALG_KNOMIAL) knomial_down(R, c, 4);
    else if (a == SESHAT_ALG_LINEAR || (a == SESHAT_ALG_SCATTER_ALLGATHER && c->bytes < c->p))
        linear_out(R, c);
    else if (a == SESHAT_ALG_SCATTER_ALLGATHER) {
        /* binomial scatter of p blocks, then recursive doubling allgather */
        seshat_coll part = *c;
        part.bytes = (c->bytes + c->p - 1) / c->p;
        binomial_down(R, &part, 1);
        recursive_doubling(R, c->p, part.bytes, 1);
    } else binomial_down(R, c, 0);
}

static void run_reduce(seshat_rounds *R, const seshat_coll *c, enum seshat_coll_alg a)
{
    if (a == SESHAT_ALG_PIPELINE) pipeline(R, c, 1, SEGMENT);
    else if (a == SESHAT_ALG_CHAIN) pipeline(R, c, 1, 0);
    else if (a == SESHAT_ALG_BINARY) binary_up(R, c);
    else if (a == SESHAT_ALG_LINEAR) linear_in(R, c);
    else binomial_up(R, c, 0);
}

/* Elements in an n-byte buffer: the schedule knows bytes, not the
 * datatype; taken as 8-byte elements (4 or 1 when n is no multiple). */
static int64_t elements(int64_t n)
{
    return n % 8 == 0 ? n / 8 : n % 4 == 0 ? n / 4 : n;
}

static void run_allreduce(seshat_rounds *R, const seshat_coll *c, enum seshat_coll_alg a)
{
    int p = c->p;
    int64_t n = c->bytes;
    /* Open MPI's ring needs an element per member and runs recursive
     * doubling below that; its Rabenseifner needs one per member of the
     * power-of-two group and runs the linear allreduce below. */
    if (a == SESHAT_ALG_RING && n > 0 && elements(n) < p)
        a = SESHAT_ALG_RECURSIVE_DOUBLING;
    if (a == SESHAT_ALG_RABENSEIFNER && n > 0 && elements(n) < pow2_floor(p))
        a = SESHAT_ALG_LINEAR;
    if (a == SESHAT_ALG_RING) ring(R, p, (n + p - 1) / p, 2);
    else if (a == SESHAT_ALG_RABENSEIFNER) rabenseifner(R, p, n);
    else if (a == SESHAT_ALG_LINEAR) { linear_in(R, c); linear_out(R, c); }
    else if (a == SESHAT_ALG_NONOVERLAPPING) {
        run_sub(R, c, SESHAT_COLL_REDUCE);
        run_sub(R, c, SESHAT_COLL_BCAST);
    } else recursive_doubling(R, p, n, 0);
}

static void run_reduce_scatter(seshat_rounds *R, const seshat_coll *c, enum seshat_coll_alg a)
{
    if (a == SESHAT_ALG_LINEAR) {
        seshat_coll whole = *c;
        whole.root = 0;
        whole.bytes = c->bytes * c->p;
        linear_in(R, &whole);
        whole.bytes = c->bytes;
        linear_out(R, &whole);
    } else if (a == SESHAT_ALG_RECURSIVE_HALVING || a == SESHAT_ALG_RECURSIVE_DOUBLING) {
        reduce_scatter_halving(R, c->p, c->bytes, a == SESHAT_ALG_RECURSIVE_DOUBLING);
    } else {
        ring(R, c->p, c->bytes, 1);
    }
}

static void run(seshat_rounds *R, const seshat_coll *c, enum seshat_coll_alg a)
{
    int p = c->p;
    int64_t n = c->bytes;
    switch (c->kind) {
    case SESHAT_COLL_BARRIER: run_barrier(R, c, a); return;
    case SESHAT_COLL_BCAST: run_bcast(R, c, a); return;
    case SESHAT_COLL_REDUCE: run_reduce(R, c, a); return;
    case SESHAT_COLL_ALLREDUCE: run_allreduce(R, c, a); return;
    case SESHAT_COLL_GATHER:
        if (a == SESHAT_ALG_LINEAR) linear_in(R, c);
        else binomial_up(R, c, 1);
        return;
    case SESHAT_COLL_SCATTER:
        if (a == SESHAT_ALG_LINEAR) linear_out(R, c);
        else binomial_down(R, c, 1);
        return;
    case SESHAT_COLL_ALLGATHER:
        if (a == SESHAT_ALG_RING || (a == SESHAT_ALG_NEIGHBOR_EXCHANGE && p % 2)) ring(R, p, n, 1);
        else if (a == SESHAT_ALG_NEIGHBOR_EXCHANGE) neighbor_exchange(R, p, n);
        else if (a == SESHAT_ALG_BRUCK) bruck_allgather(R, p, n);
        else if (a == SESHAT_ALG_LINEAR) all_to_all_linear(R, p, n);
        else recursive_doubling(R, p, n, 1);
        return;
    case SESHAT_COLL_ALLTOALL:
        if (a == SESHAT_ALG_BRUCK) bruck_alltoall(R, p, n);
        else if (a == SESHAT_ALG_LINEAR) all_to_all_linear(R, p, n);
        else pairwise(R, p, n);
        return;
    case SESHAT_COLL_REDUCE_SCATTER: run_reduce_scatter(R, c, a); return;
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
    seshat_coll g = { SESHAT_COLL_BCAST, SESHAT_ALG_BINOMIAL, size, 0, bytes, 1.0, 0 };
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
        t = m->inject(m, t, bytes, -1, -1, &nic) + m->send_overhead;
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

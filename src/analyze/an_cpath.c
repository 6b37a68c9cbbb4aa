/* an_cpath.c - gather the waits, walk the path on the root, split its time
 * by call site where the streams are. */
#include "analyze/an_cpath.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/an_replay.h"
#include "analyze/an_stream.h"

typedef struct ival { int64_t rank, from, to; } ival;

void *an_gather(const void *items, size_t n, size_t size, MPI_Comm comm, size_t *nout)
{
    int me, np;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &np);
    if (np == 1) {   /* already here */
        void *out = malloc(n * size + 1);
        if (!out)
            an_die("out of memory");
        if (n)
            memcpy(out, items, n * size);
        *nout = n;
        return out;
    }
    int cnt = (int)n, *cnts = me ? NULL : calloc((size_t)np, sizeof *cnts);
    int *disp = me ? NULL : calloc((size_t)np, sizeof *disp);
    MPI_Gather(&cnt, 1, MPI_INT, cnts, 1, MPI_INT, 0, comm);
    size_t total = 0;
    for (int p = 0; !me && p < np; p++) {
        disp[p] = (int)total;
        total += (size_t)cnts[p];
    }
    char *out = me ? NULL : malloc(total * size + 1);
    MPI_Datatype t;
    MPI_Type_contiguous((int)size, MPI_BYTE, &t);
    MPI_Type_commit(&t);
    MPI_Gatherv(items, cnt, t, out, cnts, disp, t, 0, comm);
    MPI_Type_free(&t);
    free(cnts);
    free(disp);
    *nout = total;
    return out;
}

/* Puts a run of m records in cmp's order: left alone when already in
 * order, reversed when in reverse order (the walk emits intervals
 * backwards), sorted otherwise. */
static void order_run(char *run, size_t m, size_t size, int (*cmp)(const void *, const void *))
{
    size_t up = 0, down = 0;
    for (size_t i = 1; i < m; i++) {
        int c = cmp(run + (i - 1) * size, run + i * size);
        up += c <= 0;
        down += c >= 0;
    }
    if (m < 2 || up == m - 1)
        return;
    if (down < m - 1) {
        qsort(run, m, size, cmp);
        return;
    }
    char t[64];
    for (size_t i = 0, j = m - 1; i < j; i++, j--) {
        memcpy(t, run + i * size, size);
        memcpy(run + i * size, run + j * size, size);
        memcpy(run + j * size, t, size);
    }
}

/* Sorts n records of `size` bytes by rank, then within a rank by cmp (which
 * orders by rank first): a stable counting pass by rank, then order_run on
 * each rank's run. The records arrive nearly in order per rank, so this is
 * linear where a full qsort of millions of waits was a tenth of the
 * analyzer's time. */
static void sort_by_rank(void *base, size_t n, size_t size, int64_t (*rank_of)(const void *),
                         int (*cmp)(const void *, const void *))
{
    char *b = base;
    int64_t hi = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t r = rank_of(b + i * size);
        if (r < 0 || r > INT32_MAX) {   /* not a rank: the plain sort */
            qsort(base, n, size, cmp);
            return;
        }
        hi = r > hi ? r : hi;
    }
    size_t *end = calloc((size_t)hi + 1, sizeof *end);   /* end[r]: where rank r's run ends */
    char *tmp = malloc(n * size + 1);
    if (!end || !tmp)
        an_die("out of memory");
    for (size_t i = 0; i < n; i++)
        end[rank_of(b + i * size)]++;
    for (int64_t r = 1; r <= hi; r++)
        end[r] += end[r - 1];
    for (size_t i = n; i-- > 0;)   /* backwards, so the pass is stable */
        memcpy(tmp + --end[rank_of(b + i * size)] * size, b + i * size, size);
    memcpy(b, tmp, n * size);
    free(tmp);
    for (int64_t r = 0; r <= hi; r++) {   /* end[r] is now where rank r's run starts */
        size_t from = end[r], to = r < hi ? end[r + 1] : n;
        order_run(b + from * size, to - from, size, cmp);
    }
    free(end);
}

static int64_t wait_rank(const void *x) { return ((const an_wait *)x)->rank; }
static int64_t ival_rank(const void *x) { return ((const ival *)x)->rank; }
_Static_assert(sizeof(an_wait) <= 64 && sizeof(ival) <= 64, "sort_by_rank swaps through 64 bytes");

static int by_rank_end(const void *x, const void *y)
{
    const an_wait *a = x, *b = y;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    if (a->cause_time != b->cause_time)
        return a->cause_time < b->cause_time ? -1 : 1;
    /* Ties broken fully, so the path is the same for any process count. */
    if (a->cause_rank != b->cause_rank)
        return a->cause_rank < b->cause_rank ? -1 : 1;
    return (a->E > b->E) - (a->E < b->E);
}

/* The latest wait of `rank` that ended at or before t, or NULL. */
static const an_wait *last_wait(const an_wait *w, size_t n, int rank, int64_t t)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {   /* first index with (rank, end) > (rank, t) */
        size_t mid = (lo + hi) / 2;
        if (w[mid].rank < rank || (w[mid].rank == rank && w[mid].cause_time <= t))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && w[lo - 1].rank == rank ? &w[lo - 1] : NULL;
}

static ival *walk(const seshat_analysis *a, an_wait *w, size_t nw, size_t *nout)
{
    if (nw)   /* w may be NULL then */
        sort_by_rank(w, nw, sizeof *w, wait_rank, by_rank_end);
    an_vec out;
    an_vec_init(&out, sizeof(ival));
    int r = 0;
    for (int k = 1; k < a->nranks; k++)
        r = a->rank_time[k] > a->rank_time[r] ? k : r;
    int64_t t = a->rank_time[r];
    for (size_t step = 0; step < 4 * nw + 16; step++) {
        const an_wait *x = last_wait(w, nw, r, t);
        if (!x) {
            *(ival *)an_vec_push(&out) = (ival){ r, 0, t };
            break;
        }
        if (t > x->cause_time)
            *(ival *)an_vec_push(&out) = (ival){ r, x->cause_time, t };
        r = x->cause_rank;
        t = x->cause_time;
    }
    *nout = out.n;
    return out.data;
}

struct split {
    an_local const *L;
    const ival *iv;        /* this rank's intervals, ascending */
    size_t n, k;
    int rank;
    int64_t prev;
    int64_t *acc;          /* [nacc]: ns on the path per local site + 1 (0: computation) */
    int nacc;
};

/* Adds the overlap of [from, to) with the path to `site`. */
static void overlap(struct split *s, int64_t from, int64_t to, int site)
{
    while (s->k < s->n && s->iv[s->k].to <= from)
        s->k++;
    int64_t ns = 0;
    for (size_t k = s->k; k < s->n && s->iv[k].from < to; k++) {
        int64_t a = from > s->iv[k].from ? from : s->iv[k].from;
        int64_t b = to < s->iv[k].to ? to : s->iv[k].to;
        ns += b > a ? b - a : 0;
    }
    if (ns > 0 && site + 1 < s->nacc)
        s->acc[site + 1] += ns;
}

static void on_call(void *ctx, const an_call *c)
{
    struct split *s = ctx;
    overlap(s, s->prev, c->enter, -1);
    overlap(s, c->enter, c->exit, c->site);
    s->prev = c->exit;
}

static int by_rank_from(const void *x, const void *y)
{
    const ival *a = x, *b = y;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    return (a->from > b->from) - (a->from < b->from);
}

static void split_local(const an_local *L, const char *dir, ival *iv, size_t n, an_vec *out)
{
    if (n)
        sort_by_rank(iv, n, sizeof *iv, ival_rank, by_rank_from);
    size_t first = 0;
    for (int r = L->lo; r < L->hi; r++) {
        while (first < n && iv[first].rank < r)
            first++;
        size_t last = first;
        while (last < n && iv[last].rank == r)
            last++;
        if (first == last)
            continue;
        int nacc = L->ranks[r - L->lo].nsites + 1;
        int64_t *acc = calloc((size_t)nacc, sizeof *acc);
        if (!acc)
            an_die("out of memory");
        struct split s = { L, iv + first, last - first, 0, r, 0, acc, nacc };
        an_stream_cb cb = { &s, on_call, NULL, NULL };
        int64_t end;
        char err[4400];
        /* A read error was reported by the first pass (the trace's
         * problems): the records before it are all there is. */
        an_stream_read(dir, r, &cb, &end, err, sizeof err);
        overlap(&s, s.prev, end, -1);
        for (int k = 0; k < nacc; k++)
            if (acc[k]) {
                int64_t *v = an_vec_push(out);
                v[0] = r;
                v[1] = k - 1;
                v[2] = acc[k];
            }
        free(acc);
        first = last;
    }
}

/* The report's list of the longest waits (insertion into a short list). */
static void keep_top_waits(seshat_analysis *a, const an_wait *w, size_t nw)
{
    for (size_t i = 0; i < nw; i++) {
        seshat_wait x = { w[i].rank, w[i].cause_rank, w[i].E, w[i].cause_time };
        int64_t len = x.to - x.from;
        if (len <= 0)
            continue;
        int k = a->ntop_waits < SESHAT_TOP_WAITS ? a->ntop_waits++ : SESHAT_TOP_WAITS;
        for (; k > 0 && a->top_waits[k - 1].to - a->top_waits[k - 1].from < len; k--)
            if (k < SESHAT_TOP_WAITS)
                a->top_waits[k] = a->top_waits[k - 1];
        if (k < SESHAT_TOP_WAITS)
            a->top_waits[k] = x;
    }
}

static void imbalance(seshat_analysis *a)
{
    for (int s = -1; s < a->nsites; s++) {
        int row = s < 0 ? a->nsites : s, p = s < 0 ? SESHAT_PAT_COMPUTATION : SESHAT_PAT_MPI;
        int64_t sum = 0;
        for (int r = 0; r < a->nranks; r++)
            sum += seshat_analysis_inclusive(a, p, s, r);
        int64_t d = a->critical_path[row] - sum / (a->nranks ? a->nranks : 1);
        a->cp_imbalance[row] = d > 0 ? d : 0;
    }
    a->have_critical_path = 1;
}

void an_cpath(an_local *L, const char *dir, MPI_Comm comm, seshat_analysis *a)
{
    int me, np1;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &np1);
    size_t nw, niv = 0;
    /* One process: walk its own records in place, no copy. */
    an_wait *w = np1 == 1 ? L->waits.data
                          : an_gather(L->waits.data, L->waits.n, sizeof(an_wait), comm, &nw);
    if (np1 == 1)
        nw = L->waits.n;
    if (!me)
        keep_top_waits(a, w, nw);
    ival *iv = me ? NULL : walk(a, w, nw, &niv);
    if (np1 == 1)
        an_vec_free(&L->waits);
    else
        free(w);
    int64_t n64 = (int64_t)niv;
    MPI_Bcast(&n64, 1, MPI_INT64_T, 0, comm);
    if (me)
        iv = malloc((size_t)n64 * sizeof *iv + 1);
    MPI_Bcast(iv, (int)(n64 * (int64_t)sizeof *iv), MPI_BYTE, 0, comm);
    an_vec parts;
    an_vec_init(&parts, 3 * sizeof(int64_t));
    split_local(L, dir, iv, (size_t)n64, &parts);
    free(iv);
    size_t np;
    int64_t *all = an_gather(parts.data, parts.n, 3 * sizeof(int64_t), comm, &np);
    an_vec_free(&parts);
    for (size_t i = 0; !me && i < np; i++) {
        int64_t r = all[3 * i], s = all[3 * i + 1];
        int g = s < 0 ? a->nsites : (r >= 0 && r < a->nranks && s < a->nlocal[r]) ? a->local_site[r][s] : -1;
        if (g >= 0) {
            a->critical_path[g] += all[3 * i + 2];
            a->cp_rank[(size_t)g * (size_t)a->nranks + (size_t)r] += all[3 * i + 2];
        }
    }
    free(all);
    if (!me)
        imbalance(a);
}

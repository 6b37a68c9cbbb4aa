/* an_delay.c - delay costs: the waits to every process, each process
 * measures its ranks' synchronization intervals, the root walks the
 * waits backwards in time and charges them. */
#include "analyze/an_delay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/an_replay.h"
#include "analyze/an_samples.h"
#include "analyze/an_stream.h"
#include "tracefmt/trace_format.h"

/* The kinds of wait state, each with its short- and long-term metric. */
enum { G_LS, G_LR, G_BAR, G_N2N, G_12N, G_N21, G_SCAN, NGROUPS };
static const int short_metric[NGROUPS] = { SESHAT_DL_LS, SESHAT_DL_LR, SESHAT_DL_BAR,
                                           SESHAT_DL_N2N, SESHAT_DL_B12N, SESHAT_DL_N21,
                                           SESHAT_DL_SCAN };
static const int long_metric[NGROUPS] = { SESHAT_DL_LS_LT, SESHAT_DL_LR_LT, SESHAT_DL_BAR_LT,
                                          SESHAT_DL_N2N_LT, SESHAT_DL_B12N_LT, SESHAT_DL_N21_LT,
                                          SESHAT_DL_SCAN_LT };

static int group_of(int pattern)
{
    switch (pattern) {
    case SESHAT_PAT_LATE_RECEIVER: return G_LR;
    case SESHAT_PAT_WAIT_BARRIER:
    case SESHAT_PAT_RMA_WAIT_AT_FENCE: return G_BAR;   /* a fence is timed as a barrier */
    case SESHAT_PAT_WAIT_NXN: return G_N2N;
    case SESHAT_PAT_LATE_BROADCAST: return G_12N;
    case SESHAT_PAT_EARLY_REDUCE: return G_N21;
    case SESHAT_PAT_EARLY_SCAN: return G_SCAN;
    default: return G_LS;   /* Late Sender and its Wrong Order parts */
    }
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* ---- the waits, one per waiting call ---- */

static int by_rank_enter(const void *x, const void *y)
{
    const an_wait *a = x, *b = y;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    if (a->E != b->E)
        return a->E < b->E ? -1 : 1;
    if (a->cause_time != b->cause_time)   /* the wait that ended last first */
        return a->cause_time > b->cause_time ? -1 : 1;
    if (a->cause_rank != b->cause_rank)
        return a->cause_rank < b->cause_rank ? -1 : 1;
    return (a->pattern > b->pattern) - (a->pattern < b->pattern);
}

/* Sorted by (rank, E); a call with several waits (a Late Receiver heard
 * from several receivers, a Sendrecv) keeps the one that ended last. */
static size_t one_per_call(an_wait *w, size_t n)
{
    if (n)
        qsort(w, n, sizeof *w, by_rank_enter);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (!k || w[k - 1].rank != w[i].rank || w[k - 1].E != w[i].E)
            w[k++] = w[i];
    return k;
}

/* The first wait of `rank` with E >= t (w sorted by rank, E). */
static size_t first_from(const an_wait *w, size_t n, int rank, int64_t t)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (w[mid].rank < rank || (w[mid].rank == rank && w[mid].E < t))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* ---- one rank's calls and whom each synchronized with ---- */

typedef struct dcall {
    int64_t E, X, wait;          /* wait: the wait state in the call (ns) */
    int32_t site, p0, np;        /* its partners: parts[p0 .. p0 + np) */
} dcall;

typedef struct dpart { int32_t peer, def; } dpart;   /* peer >= 0, or a communicator */

typedef struct drank {
    an_vec calls, parts;         /* dcall, dpart */
    an_vec defs;                 /* an_pair (offset, size) into members */
    an_vec members;              /* int64 world ranks, each definition sorted */
    an_map def_of;               /* comm id -> 1 + definition */
} drank;

static int cmp_i64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

static void on_comm(void *ctx, int64_t id, int size, const int64_t *world)
{
    drank *d = ctx;
    an_pair *p = an_vec_push(&d->defs);
    p->a = (int64_t)d->members.n;
    p->b = size;
    for (int i = 0; i < size; i++)
        *(int64_t *)an_vec_push(&d->members) = world[i];
    if (size > 1)
        qsort(AN_AT(&d->members, int64_t, p->a), (size_t)size, sizeof(int64_t), cmp_i64);
    *an_map_slot(&d->def_of, (uint64_t)id) = (int64_t)d->defs.n;
}

/* A call synchronizes with the ranks it sent to or received from and,
 * in a blocking collective, with its communicator's members. */
static void on_call(void *ctx, const an_call *c)
{
    drank *d = ctx;
    dcall *x = an_vec_push(&d->calls);
    *x = (dcall){ c->enter, c->exit, 0, c->site, (int32_t)d->parts.n, 0 };
    for (int i = 0; i < c->nrec; i++) {
        const an_rec *r = &c->rec[i];
        dpart p = { -1, -1 };
        int found = 0;
        if (r->kind == SESHAT_REC_SEND || r->kind == SESHAT_REC_RECV)
            p.peer = (int32_t)r->v[0];
        else if (r->kind == SESHAT_REC_COLL && r->v[4] == 0)
            p.def = (int32_t)an_map_get(&d->def_of, (uint64_t)seshat_unzigzag(r->v[1]), &found) - 1;
        if (p.peer >= 0 || p.def >= 0) {
            *(dpart *)an_vec_push(&d->parts) = p;
            x->np++;
        }
    }
}

static int syncs_with(const drank *d, const dcall *c, int64_t rank)
{
    for (int32_t i = 0; i < c->np; i++) {
        const dpart *p = AN_AT(&d->parts, dpart, c->p0 + i);
        if (p->peer == rank)
            return 1;
        if (p->def >= 0) {
            const an_pair *def = AN_AT(&d->defs, an_pair, p->def);
            if (bsearch(&rank, AN_AT(&d->members, int64_t, def->a), (size_t)def->b,
                        sizeof(int64_t), cmp_i64))
                return 1;
        }
    }
    return 0;
}

static void drank_free(drank *d)
{
    an_vec_free(&d->calls);
    an_vec_free(&d->parts);
    an_vec_free(&d->defs);
    an_vec_free(&d->members);
    an_map_free(&d->def_of);
}

/* Marks each call's wait (w: this rank's waits, E ascending): the last
 * call entered at the wait's E (zero-time calls may share it). */
static void mark_waits(drank *d, const an_wait *w, size_t n)
{
    dcall *c = d->calls.data;
    size_t nc = d->calls.n;
    for (size_t i = 0; i < n; i++) {
        size_t lo = 0, hi = nc;   /* first call with E > w.E */
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (c[mid].E <= w[i].E)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo > 0 && c[lo - 1].E == w[i].E)
            c[lo - 1].wait = w[i].cause_time - w[i].E;
    }
}

/* The interval of query q on this rank: back from `end` to the exit of
 * the last call before it that synchronized with `partner` (else 0);
 * emits (q, -2, start), (q, -1, computation) and (q, site, time outside
 * wait states) per call site. acc: [nsites] scratch, zero. */
static void answer(const drank *d, int64_t q, int64_t end, int partner, int64_t *acc, int nacc,
                   an_vec *out)
{
    const dcall *c = d->calls.data;
    size_t lo = 0, hi = d->calls.n;   /* first call with E >= end */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (c[mid].E < end)
            lo = mid + 1;
        else
            hi = mid;
    }
    int64_t start = 0, busy = 0;
    size_t j = lo;
    while (j-- > 0) {
        if (syncs_with(d, &c[j], partner)) {
            start = min64(c[j].X, end);
            break;
        }
        int64_t dur = min64(c[j].X, end) - c[j].E;
        busy += dur;
        if (c[j].site >= 0 && c[j].site < nacc)
            acc[c[j].site] += dur - min64(c[j].wait, dur);
    }
    int64_t *e = an_vec_push(out);
    e[0] = q, e[1] = -2, e[2] = start;
    if (end - start - busy) {
        e = an_vec_push(out);
        e[0] = q, e[1] = -1, e[2] = end - start - busy;
    }
    for (size_t k = j + 1; k < lo; k++) {   /* j: the sync call, or (size_t)-1 */
        int s = c[k].site;
        if (s < 0 || s >= nacc || !acc[s])
            continue;
        e = an_vec_push(out);
        e[0] = q, e[1] = s, e[2] = acc[s];
        acc[s] = 0;
    }
}

/* Every query on the ranks this process owns: for wait k, 2k on the
 * waiting rank (up to its enter), 2k + 1 on the delaying rank (up to the
 * wait's end, when it entered). */
static void measure(const an_local *L, const char *dir, const an_wait *w, size_t n, an_vec *out)
{
    an_vec *q = calloc((size_t)(L->hi - L->lo) + 1, sizeof *q);   /* int64 (query, end, partner) */
    if (!q)
        an_die("out of memory");
    for (int r = 0; r < L->hi - L->lo; r++)
        an_vec_init(&q[r], 3 * sizeof(int64_t));
    for (size_t k = 0; k < n; k++) {
        if (w[k].rank >= L->lo && w[k].rank < L->hi) {
            int64_t *e = an_vec_push(&q[w[k].rank - L->lo]);
            e[0] = 2 * (int64_t)k, e[1] = w[k].E, e[2] = w[k].cause_rank;
        }
        if (w[k].cause_rank >= L->lo && w[k].cause_rank < L->hi) {
            int64_t *e = an_vec_push(&q[w[k].cause_rank - L->lo]);
            e[0] = 2 * (int64_t)k + 1, e[1] = w[k].cause_time, e[2] = w[k].rank;
        }
    }
    for (int r = L->lo; r < L->hi; r++) {
        an_vec *qr = &q[r - L->lo];
        if (qr->n && !L->absent[r]) {
            drank d = { 0 };
            an_vec_init(&d.calls, sizeof(dcall));
            an_vec_init(&d.parts, sizeof(dpart));
            an_vec_init(&d.defs, sizeof(an_pair));
            an_vec_init(&d.members, sizeof(int64_t));
            an_stream_cb cb = { &d, on_call, on_comm, NULL };
            int64_t end;
            char err[4400];
            /* A read error was reported by the first pass: the calls
             * before it are all there is. */
            an_stream_read(dir, r, &cb, &end, err, sizeof err);
            size_t first = first_from(w, n, r, INT64_MIN), last = first_from(w, n, r + 1, INT64_MIN);
            mark_waits(&d, w + first, last - first);
            int nacc = 0;
            for (size_t i = 0; i < d.calls.n; i++)
                nacc = AN_AT(&d.calls, dcall, i)->site >= nacc ? AN_AT(&d.calls, dcall, i)->site + 1 : nacc;
            int64_t *acc = calloc((size_t)nacc + 1, sizeof *acc);
            if (!acc)
                an_die("out of memory");
            for (size_t i = 0; i < qr->n; i++) {
                const int64_t *e = AN_AT(qr, int64_t, 3 * i);
                answer(&d, e[0], e[1], (int)e[2], acc, nacc, out);
            }
            free(acc);
            drank_free(&d);
        }
        an_vec_free(qr);
    }
    free(q);
}

/* ---- the root: charge the waits, latest first ---- */

typedef struct dq { int64_t q, site, ns; } dq;   /* site: global, -1 computation, -2 start */

static int by_query(const void *x, const void *y)
{
    const dq *a = x, *b = y;
    if (a->q != b->q)
        return a->q < b->q ? -1 : 1;
    return (a->site > b->site) - (a->site < b->site);
}

/* Local sites to global ones, sorted by (query, site), equal keys added. */
static size_t globalize(const seshat_analysis *a, const an_wait *w, dq *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const an_wait *x = &w[v[i].q / 2];
        int r = v[i].q % 2 ? x->cause_rank : x->rank;
        if (v[i].site >= 0)
            v[i].site = v[i].site < a->nlocal[r] ? a->local_site[r][v[i].site] : -3;
    }
    if (n)
        qsort(v, n, sizeof *v, by_query);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i].site == -3)
            continue;
        if (k && v[k - 1].q == v[i].q && v[k - 1].site == v[i].site)
            v[k - 1].ns += v[i].ns;
        else
            v[k++] = v[i];
    }
    return k;
}

static int by_end_desc(const void *x, const void *y, void *ctx)
{
    const an_wait *w = ctx, *a = &w[*(const size_t *)x], *b = &w[*(const size_t *)y];
    if (a->cause_time != b->cause_time)
        return a->cause_time > b->cause_time ? -1 : 1;
    if (a->E != b->E)
        return a->E > b->E ? -1 : 1;
    return (a->rank > b->rank) - (a->rank < b->rank);
}

typedef struct charge_ctx {
    seshat_analysis *a;
    const an_wait *w;
    size_t n;
    const dq *v;
    const size_t *qoff;          /* [2n + 1]: query q's entries are v[qoff[q] .. qoff[q + 1]) */
    double *C;                   /* [n][NGROUPS]: waiting caused later, carried by each wait */
    double *dl;                  /* like a->delay, in double */
    an_vec comp;                 /* cspan: each charge to a computation, for its call path */
    an_vec cuts;                 /* int64 [4]: a->delay_cuts */
} charge_ctx;

/* A charge to `rank`'s computation in its delaying interval [start, end]. */
typedef struct cspan { int64_t rank, start, end; double cost; } cspan;

static double *dl_at(charge_ctx *x, int metric, int64_t site, int rank)
{
    const seshat_analysis *a = x->a;
    size_t s = site < 0 ? (size_t)a->nsites : (size_t)site;
    return &x->dl[((size_t)metric * (size_t)(a->nsites + 1) + s) * (size_t)a->nranks + (size_t)rank];
}

/* Wait k: the delay per site on its delaying rank, then the charges. */
static void charge(charge_ctx *x, size_t k)
{
    const an_wait *wk = &x->w[k];
    const dq *d = x->v + x->qoff[2 * k + 1], *dend = x->v + x->qoff[2 * k + 2];
    const dq *o = x->v + x->qoff[2 * k], *oend = x->v + x->qoff[2 * k + 1];
    int64_t start = 0;
    double delta = 0, omega = 0;
    for (const dq *p = d; p < dend; p++) {
        if (p->site == -2) {
            start = p->ns;
            continue;
        }
        while (o < oend && o->site < p->site)
            o++;
        int64_t mine = o < oend && o->site == p->site ? o->ns : 0;
        delta += p->ns > mine ? (double)(p->ns - mine) : 0;
    }
    size_t j0 = first_from(x->w, x->n, wk->cause_rank, start);
    size_t j1 = first_from(x->w, x->n, wk->cause_rank, wk->cause_time);
    for (size_t j = j0; j < j1; j++)
        omega += (double)(min64(x->w[j].cause_time, wk->cause_time) - x->w[j].E);
    if (delta + omega <= 0)
        return;
    double sum = delta + omega, wait = (double)(wk->cause_time - wk->E);
    double sw = wait / sum < 1 ? wait / sum : 1, *Ck = &x->C[k * NGROUPS];
    int g = group_of(wk->pattern);
    o = x->v + x->qoff[2 * k];
    for (const dq *p = d; p < dend; p++) {
        if (p->site == -2)
            continue;
        while (o < oend && o->site < p->site)
            o++;
        int64_t mine = o < oend && o->site == p->site ? o->ns : 0;
        if (p->ns <= mine)
            continue;
        double excess = (double)(p->ns - mine), cost = sw * excess;
        if (p->site == -1) {   /* what a counterfactual replay evens out */
            int64_t *cut = an_vec_push(&x->cuts);
            cut[0] = wk->cause_rank, cut[1] = start, cut[2] = wk->cause_time, cut[3] = p->ns - mine;
        }
        *dl_at(x, short_metric[g], p->site, wk->cause_rank) += sw * excess;
        for (int h = 0; h < NGROUPS; h++)
            if (Ck[h] > 0) {
                *dl_at(x, long_metric[h], p->site, wk->cause_rank) += Ck[h] / sum * excess;
                cost += Ck[h] / sum * excess;
            }
        if (p->site == -1 && cost > 0)
            *(cspan *)an_vec_push(&x->comp) = (cspan){ wk->cause_rank, start, wk->cause_time, cost };
    }
    for (size_t j = j0; j < j1; j++) {
        double om = (double)(min64(x->w[j].cause_time, wk->cause_time) - x->w[j].E);
        for (int h = 0; h < NGROUPS; h++)
            x->C[j * NGROUPS + h] += (Ck[h] / sum + (h == g ? sw : 0)) * om;
    }
}

static int by_cost(const void *x, const void *y)
{
    const seshat_root_cause *a = x, *b = y;
    int64_t ca = a->direct + a->propagated, cb = b->direct + b->propagated;
    if (ca != cb)
        return ca > cb ? -1 : 1;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    return (a->site > b->site) - (a->site < b->site);
}

/* A computation cause's call path: the sampled path holding most of its
 * cost, each charge split by the paths sampled in its delaying interval;
 * the rank's top compute path when no sample falls in any of them. */
static void name_path(const charge_ctx *x, const an_samples *sm, seshat_root_cause *c, double *share)
{
    memset(share, 0, (size_t)sm->n * sizeof *share);
    int64_t found = 0;
    for (size_t i = 0; i < x->comp.n; i++) {
        const cspan *p = AN_AT(&x->comp, cspan, i);
        if (p->rank == c->rank)
            found += an_samples_within(sm, c->rank, p->start, p->end, p->cost, share);
    }
    int best = -1;
    for (int i = 0; found > 0 && i < sm->n; i++)
        if (share[i] > 0 && (best < 0 || share[i] > share[best]))
            best = i;
    c->in_interval = best >= 0;
    c->path = best >= 0 ? best : an_samples_rank_top(sm, c->rank);
}

/* The metrics in ns, and the (rank, site) causes, largest first. */
static void finish(charge_ctx *x)
{
    seshat_analysis *a = x->a;
    size_t cells = (size_t)(a->nsites + 1) * (size_t)a->nranks;
    for (size_t i = 0; i < SESHAT_NDELAYS * cells; i++)
        a->delay[i] = llround(x->dl[i]);
    an_vec rc;
    an_vec_init(&rc, sizeof(seshat_root_cause));
    for (int s = -1; s < a->nsites; s++)
        for (int r = 0; r < a->nranks; r++) {
            double dir = 0, prop = 0;
            for (int g = 0; g < NGROUPS; g++) {
                dir += *dl_at(x, short_metric[g], s, r);
                prop += *dl_at(x, long_metric[g], s, r);
            }
            seshat_root_cause c = { r, s, llround(dir), llround(prop), -1, 0, -1 };
            if (c.direct + c.propagated > 0)
                *(seshat_root_cause *)an_vec_push(&rc) = c;
        }
    if (rc.n)
        qsort(rc.data, rc.n, sizeof(seshat_root_cause), by_cost);
    a->nroot_causes = rc.n < SESHAT_ROOT_CAUSES ? (int)rc.n : SESHAT_ROOT_CAUSES;
    a->root_causes = rc.data;   /* NULL when there are none */
    const an_samples *sm = a->samples;
    double *share = sm && sm->n ? malloc((size_t)sm->n * sizeof *share) : NULL;
    for (int i = 0; share && i < a->nroot_causes; i++)
        if (a->root_causes[i].site < 0)
            name_path(x, sm, &a->root_causes[i], share);
    free(share);
    a->delay_cuts = x->cuts.data;
    a->ndelay_cuts = x->cuts.n;
    a->have_delay = 1;
}

static void root_charge(seshat_analysis *a, const an_wait *w, size_t n, dq *v, size_t nv)
{
    nv = globalize(a, w, v, nv);
    size_t *qoff = calloc(2 * n + 2, sizeof *qoff), *order = malloc((n + 1) * sizeof *order);
    charge_ctx x = { a, w, n, v, qoff, calloc(n * NGROUPS + 1, sizeof(double)),
                     calloc(SESHAT_NDELAYS * (size_t)(a->nsites + 1) * (size_t)a->nranks + 1,
                            sizeof(double)), { 0 }, { 0 } };
    an_vec_init(&x.comp, sizeof(cspan));
    if (!qoff || !order || !x.C || !x.dl)
        an_die("out of memory");
    an_vec_init(&x.cuts, 4 * sizeof(int64_t));
    for (size_t i = 0; i < nv; i++)
        qoff[v[i].q + 1]++;
    for (size_t q = 0; q < 2 * n; q++)
        qoff[q + 1] += qoff[q];
    for (size_t k = 0; k < n; k++)
        order[k] = k;
    if (n)
        qsort_r(order, n, sizeof *order, by_end_desc, (void *)w);
    for (size_t i = 0; i < n; i++)
        charge(&x, order[i]);
    finish(&x);
    an_vec_free(&x.comp);
    free(x.C);
    free(x.dl);
    free(qoff);
    free(order);
}

void an_delay(const an_local *L, const char *dir, MPI_Comm comm, seshat_analysis *a)
{
    int me;
    MPI_Comm_rank(comm, &me);
    size_t n = 0;
    an_wait *w = an_gather(L->waits.data, L->waits.n, sizeof(an_wait), comm, &n);
    int64_t n64 = 0;
    if (!me)
        n64 = (int64_t)(n = one_per_call(w, n));
    MPI_Bcast(&n64, 1, MPI_INT64_T, 0, comm);
    n = (size_t)n64;
    if (me)
        w = malloc(n * sizeof *w + 1);
    if (!w)
        an_die("out of memory");
    MPI_Datatype t;
    MPI_Type_contiguous((int)sizeof(an_wait), MPI_BYTE, &t);
    MPI_Type_commit(&t);
    MPI_Bcast(w, (int)n, t, 0, comm);
    MPI_Type_free(&t);
    an_vec out;
    an_vec_init(&out, sizeof(dq));
    measure(L, dir, w, n, &out);
    size_t nv;
    dq *v = an_gather(out.data, out.n, sizeof(dq), comm, &nv);
    an_vec_free(&out);
    if (!me)
        root_charge(a, w, n, v, nv);
    free(v);
    free(w);
}

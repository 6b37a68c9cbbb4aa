/* an_rma.c - one-sided wait states (an_rma.h; definitions in
 * docs/patterns.md, "One-sided communication"). E and X are the enter and
 * exit of the call a record is in; a window is (communicator, number). */
#include "analyze/an_rma.h"

#include <stdlib.h>

#include "analyze/an_replay.h"
#include "analyze/analysis.h"
#include "tracefmt/trace_format.h"

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

static int by_rank(const void *x, const void *y)
{
    const an_rma *a = x, *b = y;
    if (a->rank != b->rank)
        return (a->rank > b->rank) - (a->rank < b->rank);
    return (a->ord > b->ord) - (a->ord < b->ord);
}

/* Keys: (tag, ...) so one map holds every table. */
enum { K_FENCES, K_ACCESS, K_COMPLETES, K_LOCKED, K_FENCE_A, K_PSCW_A, K_POSTS, K_POST_E,
       K_COMPLETE_E, K_STARTS, K_WAITS, K_OPEN_LOCK };
static uint64_t key(int tag, int64_t a, int64_t b, int64_t c, int64_t d, int64_t e)
{
    return an_key5(an_key3(tag, a, b), c, d, e, 0);
}

/* The value at k, 0 if absent. */
static int64_t get0(const an_map *m, uint64_t k)
{
    int found;
    return an_map_get(m, k, &found);
}

typedef struct fence_m { int64_t comm, win, idx, E, X, A; int32_t rank, site, members, barrier; } fence_m;
typedef struct lock_ep {
    int64_t comm, win, E, X, G, U;
    int32_t target, rank, site, excl, sync;
} lock_ep;

typedef struct rma_state {
    an_local *L;
    an_map m;
    an_vec fences, locks;
} rma_state;

/* Pass 1, one rank's record: counts epochs, collects the posts, the
 * completes (with the last transfer of their epoch), fences and locks. */
static void first_pass(rma_state *s, const an_rma *e)
{
    an_map *m = &s->m;
    int r = e->rank, t = e->peer;
    int64_t c = e->comm, w = e->win;
    switch (e->op) {
    case SESHAT_RMA_FENCE: {
        int64_t idx = (*an_map_slot(m, key(K_FENCES, r, c, w, 0, 0)))++;
        *(fence_m *)an_vec_push(&s->fences) =
            (fence_m){ c, w, idx, e->E, e->X, 0, r, e->site, e->members, e->barrier };
        return;
    }
    case SESHAT_RMA_POST: {
        int64_t k = (*an_map_slot(m, key(K_POSTS, r, t, c, w, 0)))++;
        *an_map_slot(m, key(K_POST_E, r, t, c, w, k)) = e->E + 1;
        return;
    }
    case SESHAT_RMA_START:
        *an_map_slot(m, key(K_ACCESS, r, c, w, 0, 0)) = 1;
        return;
    case SESHAT_RMA_COMPLETE: {
        int64_t k = (*an_map_slot(m, key(K_COMPLETES, r, t, c, w, 0)))++;
        *an_map_slot(m, key(K_COMPLETE_E, r, t, c, w, k)) = e->E + 1;
        *an_map_slot(m, key(K_ACCESS, r, c, w, 0, 0)) = 0;
        return;
    }
    case SESHAT_RMA_LOCK:
        *(lock_ep *)an_vec_push(&s->locks) =
            (lock_ep){ c, w, e->E, e->X, e->done, INT64_MAX, t, r, e->site, e->excl, e->lock_call };
        *an_map_slot(m, key(K_OPEN_LOCK, r, t, c, w, 0)) = (int64_t)s->locks.n;
        *an_map_slot(m, key(K_LOCKED, r, t, c, w, 0)) = 1;
        return;
    case SESHAT_RMA_UNLOCK: {
        int64_t i = get0(m, key(K_OPEN_LOCK, r, t, c, w, 0));
        if (i > 0)
            AN_AT(&s->locks, lock_ep, i - 1)->U = e->done;
        an_map_del(m, key(K_OPEN_LOCK, r, t, c, w, 0));
        an_map_del(m, key(K_LOCKED, r, t, c, w, 0));
        return;
    }
    case SESHAT_RMA_WAIT:
        return;
    }
    if (seshat_rma_is_sync((uint64_t)e->op) || get0(m, key(K_LOCKED, r, t, c, w, 0)))
        return;   /* a passive-target transfer closes no active epoch */
    int64_t *A;
    if (get0(m, key(K_ACCESS, r, c, w, 0, 0)))   /* PSCW: closed by the k-th wait */
        A = an_map_slot(m, key(K_PSCW_A, r, t, c, w,
                               get0(m, key(K_COMPLETES, r, t, c, w, 0))));
    else   /* fence epoch: closed by the target's next fence */
        A = an_map_slot(m, key(K_FENCE_A, t, c, w,
                               get0(m, key(K_FENCES, r, c, w, 0, 0)), 0));
    *A = max64(*A, e->E + 1);
}

/* Late Post at a Win_start call (its records g[0..n-1]). */
static void late_post(rma_state *s, const an_rma *g, size_t n)
{
    int64_t P = -1;
    for (size_t i = 0; i < n; i++) {
        const an_rma *e = &g[i];
        int64_t k = (*an_map_slot(&s->m, key(K_STARTS, e->rank, e->peer, e->comm, e->win, 0)))++;
        P = max64(P, get0(&s->m, key(K_POST_E, e->peer, e->rank, e->comm, e->win, k)) - 1);
    }
    int64_t ns = min64(P, g[0].X) - g[0].E;
    if (ns > 0)
        an_contrib_add(s->L, SESHAT_PAT_RMA_SYNC_LATE_POST, g[0].rank, g[0].site, ns);
}

/* Early Wait and its Late Complete part at a Win_wait (or Win_test) call. */
static void early_wait(rma_state *s, const an_rma *g, size_t n)
{
    int64_t C = -1, A = -1;
    for (size_t i = 0; i < n; i++) {
        const an_rma *e = &g[i];
        int64_t k = (*an_map_slot(&s->m, key(K_WAITS, e->rank, e->peer, e->comm, e->win, 0)))++;
        C = max64(C, get0(&s->m, key(K_COMPLETE_E, e->peer, e->rank, e->comm, e->win, k)) - 1);
        A = max64(A, get0(&s->m, key(K_PSCW_A, e->peer, e->rank, e->comm, e->win, k)) - 1);
    }
    int64_t end = min64(C, g[0].X), ew = end - g[0].E;
    if (ew <= 0)
        return;
    int64_t lc = max64(0, end - max64(A, g[0].E));
    an_contrib_add(s->L, SESHAT_PAT_RMA_EARLY_WAIT, g[0].rank, g[0].site, ew - lc);
    if (lc > 0)
        an_contrib_add(s->L, SESHAT_PAT_RMA_LATE_COMPLETE, g[0].rank, g[0].site, lc);
}

static int fence_order(const void *x, const void *y)
{
    const fence_m *a = x, *b = y;
    if (a->comm != b->comm)
        return (a->comm > b->comm) - (a->comm < b->comm);
    if (a->win != b->win)
        return (a->win > b->win) - (a->win < b->win);
    return (a->idx > b->idx) - (a->idx < b->idx);
}

/* Early Fence: the part of each member's Wait at Fence before the last
 * transfer to it in the epoch started; moved out of Wait at Fence. */
static void early_fences(rma_state *s)
{
    fence_m *f = s->fences.data;
    size_t n = s->fences.n;
    if (n)
        qsort(f, n, sizeof *f, fence_order);
    for (size_t i = 0, j; i < n; i = j) {
        int64_t latest = f[i].E;
        int whole = 1;
        for (j = i; j < n && !fence_order(&f[j], &f[i]); j++) {
            latest = max64(latest, f[j].E);
            whole &= f[j].barrier && f[j].members == f[i].members;
        }
        if (!whole || (int64_t)(j - i) != f[i].members)
            continue;   /* a member missing, or not timed as a barrier: no Wait at Fence */
        for (size_t k = i; k < j; k++) {
            f[k].A = get0(&s->m, key(K_FENCE_A, f[k].rank, f[k].comm, f[k].win, f[k].idx, 0));
            int64_t ns = min64(min64(f[k].A - 1, latest), f[k].X) - f[k].E;
            if (f[k].A > 0)
                an_contrib_move(s->L, SESHAT_PAT_RMA_WAIT_AT_FENCE, SESHAT_PAT_RMA_EARLY_FENCE,
                                f[k].rank, f[k].site, ns);
        }
    }
}

static int lock_order(const void *x, const void *y)
{
    const lock_ep *a = x, *b = y;
    if (a->comm != b->comm)
        return (a->comm > b->comm) - (a->comm < b->comm);
    if (a->win != b->win)
        return (a->win > b->win) - (a->win < b->win);
    return (a->target > b->target) - (a->target < b->target);
}

static int cmp64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

/* The largest of the sorted u[0..n-1] at most g, or -1. */
static int64_t at_most(const int64_t *u, size_t n, int64_t g)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (u[mid] <= g)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? u[lo - 1] : -1;
}

/* Lock Contention: an epoch waited from its grant call's entry until the
 * latest release of a conflicting epoch on the same target released by
 * the time it was granted (exclusive: any epoch; shared: exclusive ones). */
static void lock_contention(rma_state *s)
{
    lock_ep *l = s->locks.data;
    size_t n = s->locks.n;
    if (n)
        qsort(l, n, sizeof *l, lock_order);
    int64_t *any = malloc((n + 1) * sizeof *any), *excl = malloc((n + 1) * sizeof *excl);
    if (!any || !excl)
        an_die("out of memory");
    for (size_t i = 0, j; i < n; i = j) {
        size_t na = 0, nx = 0;
        for (j = i; j < n && !lock_order(&l[j], &l[i]); j++) {
            any[na++] = l[j].U;
            if (l[j].excl)
                excl[nx++] = l[j].U;
        }
        qsort(any, na, sizeof *any, cmp64);
        qsort(excl, nx, sizeof *excl, cmp64);
        for (size_t k = i; k < j; k++) {
            int64_t R = l[k].excl ? at_most(any, na, l[k].G) : at_most(excl, nx, l[k].G);
            int64_t ns = min64(R, l[k].X) - l[k].E;
            if (ns > 0)
                an_contrib_add(s->L, l[k].sync ? SESHAT_PAT_RMA_SYNC_LOCK_COMPETITION
                                               : SESHAT_PAT_RMA_COMM_LOCK_COMPETITION,
                               l[k].rank, l[k].site, ns);
        }
    }
    free(any);
    free(excl);
}

/* Each call's records of op: g, n, then the next. */
static void per_call(rma_state *s, const an_rma *ev, size_t n, int op,
                     void (*fn)(rma_state *, const an_rma *, size_t))
{
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && ev[j].rank == ev[i].rank && ev[j].uid == ev[i].uid; j++)
            ;
        size_t k = i;
        while (k < j && ev[k].op != op)
            k++;
        size_t m = k;
        while (m < j && ev[m].op == op)
            m++;
        if (m > k)
            fn(s, &ev[k], m - k);
    }
}

void an_replay_rma(an_local *L, MPI_Comm comm)
{
    size_t n;
    an_rma *ev = an_gather(L->rma.data, L->rma.n, sizeof(an_rma), comm, &n);
    an_vec_free(&L->rma);
    if (!ev)
        return;   /* not the first process */
    if (n)
        qsort(ev, n, sizeof *ev, by_rank);
    rma_state s = { .L = L };
    an_map_init(&s.m);
    an_vec_init(&s.fences, sizeof(fence_m));
    an_vec_init(&s.locks, sizeof(lock_ep));
    for (size_t i = 0; i < n; i++)
        first_pass(&s, &ev[i]);
    per_call(&s, ev, n, SESHAT_RMA_START, late_post);
    per_call(&s, ev, n, SESHAT_RMA_WAIT, early_wait);
    early_fences(&s);
    lock_contention(&s);
    an_map_free(&s.m);
    an_vec_free(&s.fences);
    an_vec_free(&s.locks);
    free(ev);
}

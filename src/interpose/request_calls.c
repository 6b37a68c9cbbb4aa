/* request_calls.c - Start, the Wait and Test families, Request_free.
 * Every completion passes through here: Open MPI reuses a handle as soon
 * as it completes, so handles are copied before the real call and each
 * completed request is charged and forgotten at once. */
#include <sched.h>
#include <stdlib.h>

#include "interpose/interpose.h"
#include "rank/coll.h"
#include "rank/inbox.h"
#include "rank/io.h"
#include "rank/path.h"
#include "rank/progress.h"

static void start_one(MPI_Request r)
{
    seshat_op *op = seshat_req_find(r);
    if (!op || !op->persistent)
        return;
    op->charged = 0;
    if (op->is_send) {
        seshat_send_begin(op, op->comm, op->peer, op->tag, op->bytes, op->mode);
    } else {
        seshat_recv_begin(op, op->comm, op->peer, op->tag);
        seshat_req_track_unmatched(op, 1);
    }
}

int PMPI_Start(MPI_Request *req)
{
    int outer = seshat_enter(SESHAT_CALL_Start);
    if (outer)
        start_one(*req);
    int rc = seshat_real.Start(req);
    if (outer)
        seshat_leave(SESHAT_CALL_Start);
    return rc;
}
int MPI_Start(MPI_Request *req) __attribute__((alias("PMPI_Start")));

int PMPI_Startall(int n, MPI_Request reqs[])
{
    int outer = seshat_enter(SESHAT_CALL_Startall);
    for (int i = 0; outer && i < n; i++)
        start_one(reqs[i]);
    int rc = seshat_real.Startall(n, reqs);
    if (outer)
        seshat_leave(SESHAT_CALL_Startall);
    return rc;
}
int MPI_Startall(int n, MPI_Request reqs[]) __attribute__((alias("PMPI_Startall")));

/* Contention: whether op's completion time is still unknown, after
 * taking what the answers at hand tell (a receive whose real message is
 * still on its way counts as unknown). */
static int unknown(seshat_op *op)
{
    if (!op || !op->active)
        return 0;
    if (op->is_coll)
        return (op->coll && !seshat_coll_ready(op)) ||
               (op->synced && !seshat_inbox_has(-1, op->sync_comm, op->seq));
    if (op->is_send)
        return !seshat_send_ready(op);
    return !op->matched || !seshat_recv_poll(op);
}

/* Whether completion_of(op) can answer without waiting for the model:
 * under contention every answer at hand is used before any wait. */
static int resolvable(seshat_op *op, MPI_Status *st)
{
    int cancelled = 0;
    if (op->is_send)
        seshat_real.Test_cancelled(st, &cancelled);
    return cancelled || !unknown(op);
}

/* When this operation completes in virtual time (learning it if needed). */
static seshat_vtime completion_of(seshat_op *op, MPI_Status *st)
{
    if (op->is_coll) {
        if (op->synced) {
            seshat_vtime t = seshat_progress_answer(-1, op->sync_comm, op->seq, 1).arrival;
            op->synced = 0;
            if (t > op->done)
                op->done = t;
        }
        seshat_comm_idup_finish(op);
        return op->coll ? seshat_coll_finish(op) : op->io ? seshat_io_finish(op) : op->done;
    }
    if (op->is_send) {
        int cancelled = 0;
        seshat_real.Test_cancelled(st, &cancelled);
        return cancelled ? seshat_clock_now() : seshat_send_finish(op);
    }
    if (!op->matched)
        seshat_recv_match(op, st);
    seshat_recv_finish(op, 0);   /* waits until the arrival is known */
    return op->arrival;
}

static void forget(MPI_Request handle, seshat_op *op)
{
    if (seshat_tracing)
        seshat_trace_complete(op->req_id);
    if (op->persistent) {
        op->active = 0;
        seshat_req_track_unmatched(op, 0);
    } else {
        seshat_req_remove_op(handle, op);
    }
}

/* Open MPI frees a persistent request that completed in error (its handle
 * becomes MPI_REQUEST_NULL): its record goes too, before the handle is
 * reused. */
static void drop_freed(const MPI_Request *before, const MPI_Request *after, int n)
{
    for (int i = 0; i < n; i++) {
        seshat_op *op;
        if (before[i] != MPI_REQUEST_NULL && after[i] == MPI_REQUEST_NULL &&
            (op = seshat_req_find(before[i])) && op->persistent)
            seshat_req_remove_op(before[i], op);
    }
}

struct done { MPI_Request handle; seshat_op *op; seshat_vtime t; };

static int by_time(const void *a, const void *b)
{
    seshat_vtime x = ((const struct done *)a)->t, y = ((const struct done *)b)->t;
    return (x > y) - (x < y);
}

/* The record of the k-th request of a set: a handle that occurs again
 * (shared by requests Open MPI completed at once) names the next record. */
static seshat_op *set_op(const MPI_Request *handles, const int *idx, int k)
{
    MPI_Request h = handles[idx ? idx[k] : k];
    if (!seshat_req_find_nth(h, 1))
        return seshat_req_find(h);   /* the usual case: one record */
    int nth = 0;
    for (int j = 0; j < k; j++)
        nth += handles[idx ? idx[j] : j] == h;
    return seshat_req_find_nth(h, nth);
}

/* A completed request seshat still has to charge. */
static int chargeable(const seshat_op *op) { return op && op->active && !op->charged; }

/* Forget the requests of a set that an earlier MPI_Request_get_status
 * charged (their records first, as forgetting changes the shared-handle
 * numbering). */
static void forget_charged(const MPI_Request *handles, const int *idx, int n)
{
    struct done local[16], *d = n <= 16 ? local : seshat_xmalloc(sizeof *d * (size_t)n);
    int m = 0;
    for (int k = 0; k < n; k++) {
        seshat_op *op = set_op(handles, idx, k);
        if (op && op->active && op->charged)
            d[m++] = (struct done){ handles[idx ? idx[k] : k], op, 0 };
    }
    for (int k = 0; k < m; k++)
        forget(d[k].handle, d[k].op);
    if (d != local)
        free(d);
}

/* A set of completed requests, statuses packed by k. */
struct set {
    const MPI_Request *handles;
    const int *idx;
    int n;
    MPI_Status *st;
    int status_stride;
};

/* Whether every request of the set can be charged without waiting. */
static int set_resolved(void *ctx)
{
    const struct set *s = ctx;
    for (int k = 0; k < s->n; k++) {
        seshat_op *op = set_op(s->handles, s->idx, k);
        if (chargeable(op) && !resolvable(op, &s->st[k * s->status_stride]))
            return 0;
    }
    return 1;
}

/* Charge completed requests handles[idx[k]] (statuses packed by k) in order of their virtual completion,
 * so receive overheads queue up the way the model says. `keep`: the
 * program still holds them (MPI_Request_get_status): charge, do not forget. */
static void complete_set(const MPI_Request *handles, const int *idx, int n, MPI_Status *st,
                         int status_stride, int keep)
{
    if (!keep)
        forget_charged(handles, idx, n);
    struct done local[16], *d = n <= 16 ? local : seshat_xmalloc(sizeof *d * (size_t)n);
    int m = 0;
    /* Every completed receive learns what it can first: none of them may
     * sit on an answer while another one waits (docs/models.md). */
    for (int k = 0; k < n; k++) {
        seshat_op *op = set_op(handles, idx, k);
        if (chargeable(op) && !op->is_send && !op->is_coll && !op->matched)
            seshat_recv_match(op, &st[k * status_stride]);
    }
    if (seshat_rt.path->promises) {
        struct set s = { handles, idx, n, st, status_stride };
        seshat_progress_until(set_resolved, &s, NULL);
    }
    for (int k = 0; k < n; k++) {
        int i = idx ? idx[k] : k;
        seshat_op *op = set_op(handles, idx, k);
        if (!chargeable(op))
            continue;
        d[m++] = (struct done){ handles[i], op, completion_of(op, &st[k * status_stride]) };
    }
    qsort(d, (size_t)m, sizeof *d, by_time);
    for (int k = 0; k < m; k++) {
        seshat_op *op = d[k].op;
        if (op->is_send || op->is_coll)
            seshat_clock_advance_to(d[k].t);
        else
            seshat_clock_advance_to(seshat_recv_finish(op, seshat_clock_now()));
        if (keep)
            op->charged = 1;
        else
            forget(d[k].handle, op);
    }
    if (d != local)
        free(d);
}

/* Contention: a wait on these requests (all: Waitall, else any/some) is
 * announced only if it cannot end before an answer not known yet; a
 * request that completes on its own (an eager send, a real request seshat
 * does not model) or whose time is known may end it at once. */
static int needs_answer(const MPI_Request *reqs, int n, int all)
{
    int active = 0;
    for (int i = 0; i < n; i++) {
        if (reqs[i] == MPI_REQUEST_NULL)
            continue;
        seshat_op *op = seshat_req_find(reqs[i]);
        if (op && !op->active)
            continue;
        if (unknown(op)) {
            if (all)
                return 1;
            active++;
        } else if (!all) {
            return 0;
        }
    }
    return !all && active > 0;
}

static int set_needs_answer_now(const MPI_Request *reqs, int n, int all)
{
    return seshat_rt.path->promises && needs_answer(reqs, n, all);
}

/* A wait on a set of requests, in the progress engine: `kind` picks the
 * real Test and Wait pair; the outputs go where the program asked. */
enum wait_kind { WAIT_ONE, WAIT_ALL, WAIT_ANY, WAIT_SOME };
struct wait_set {
    enum wait_kind kind;
    int n;
    MPI_Request *reqs;
    const MPI_Request *handles;   /* the copies taken before the call */
    MPI_Status *st;
    int *index, *outcount, *idx;
};

static int set_test(void *ctx, int *done)
{
    struct wait_set *w = ctx;
    int rc;
    switch (w->kind) {
    case WAIT_ONE: return seshat_real.Test(w->reqs, done, w->st);
    case WAIT_ALL: return seshat_real.Testall(w->n, w->reqs, done, w->st);
    case WAIT_ANY: return seshat_real.Testany(w->n, w->reqs, w->index, done, w->st);
    case WAIT_SOME: break;
    }
    rc = seshat_real.Testsome(w->n, w->reqs, w->outcount, w->idx, w->st);
    *done = *w->outcount != 0;
    return rc;
}

static int set_block(void *ctx)
{
    struct wait_set *w = ctx;
    switch (w->kind) {
    case WAIT_ONE: return seshat_real.Wait(w->reqs, w->st);
    case WAIT_ALL: return seshat_real.Waitall(w->n, w->reqs, w->st);
    case WAIT_ANY: return seshat_real.Waitany(w->n, w->reqs, w->index, w->st);
    case WAIT_SOME: break;
    }
    return seshat_real.Waitsome(w->n, w->reqs, w->outcount, w->idx, w->st);
}

/* Contention: announce the wait only if it cannot end before an answer
 * not known yet (Waitall: any such request; any/some: all of them). */
static int set_needs_answer(void *ctx)
{
    const struct wait_set *w = ctx;
    return set_needs_answer_now(w->handles, w->n, w->kind == WAIT_ONE || w->kind == WAIT_ALL);
}

static int wait_set(struct wait_set *w)
{
    seshat_waiter waiter = { set_test, set_block, set_needs_answer, w, NULL, 0 };
    return seshat_progress_wait(&waiter);
}

/* A test found nothing complete (progress.h). */
static void not_yet(const MPI_Request *reqs, int n, int all)
{
    seshat_progress_nothing_yet(set_needs_answer_now(reqs, n, all));
}

/* Statuses: the program's array, or ours when it passed the IGNORE sentinel. */
static MPI_Status *status_array(MPI_Status *user, int n, MPI_Status *local, int nlocal)
{
    if (user != MPI_STATUSES_IGNORE && user != MPI_STATUS_IGNORE)
        return user;
    return n <= nlocal ? local : seshat_xmalloc(sizeof(MPI_Status) * (size_t)(n > 0 ? n : 1));
}

static MPI_Request *copy_handles(const MPI_Request *reqs, int n, MPI_Request *local, int nlocal)
{
    MPI_Request *h = n <= nlocal ? local : seshat_xmalloc(sizeof *h * (size_t)n);
    for (int i = 0; i < n; i++)
        h[i] = reqs[i];
    return h;
}

#define NLOCAL 32
#define RELEASE(p, local) do { if ((p) != (local)) free(p); } while (0)

int PMPI_Wait(MPI_Request *req, MPI_Status *status)
{
    if (!seshat_enter(SESHAT_CALL_Wait))
        return seshat_real.Wait(req, status);
    MPI_Request h = *req;
    MPI_Status tmp, *st = status == MPI_STATUS_IGNORE ? &tmp : status;
    int rc;
    if (seshat_watch_ns)
        seshat_watch_reqs(SESHAT_CALL_Wait, &h, 1);
    struct wait_set w = { .kind = WAIT_ONE, .n = 1, .reqs = req, .handles = &h, .st = st };
    rc = wait_set(&w);
    if (seshat_completed(rc, *req))
        complete_set(&h, NULL, 1, st, 0, 0);
    if (rc != MPI_SUCCESS)
        drop_freed(&h, req, 1);
    seshat_leave(SESHAT_CALL_Wait);
    return rc;
}
int MPI_Wait(MPI_Request *req, MPI_Status *status) __attribute__((alias("PMPI_Wait")));

int PMPI_Test(MPI_Request *req, int *flag, MPI_Status *status)
{
    if (!seshat_enter(SESHAT_CALL_Test))
        return seshat_real.Test(req, flag, status);
    MPI_Request h = *req;
    MPI_Status tmp, *st = status == MPI_STATUS_IGNORE ? &tmp : status;
    int rc = seshat_real.Test(req, flag, st);
    if (seshat_completed(rc, *req) && *flag)
        complete_set(&h, NULL, 1, st, 0, 0);
    else if (rc == MPI_SUCCESS)
        not_yet(&h, 1, 1);
    if (rc != MPI_SUCCESS)
        drop_freed(&h, req, 1);
    seshat_leave(SESHAT_CALL_Test);
    return rc;
}
int MPI_Test(MPI_Request *req, int *flag, MPI_Status *status) __attribute__((alias("PMPI_Test")));

int PMPI_Waitall(int n, MPI_Request reqs[], MPI_Status sts[])
{
    if (!seshat_enter(SESHAT_CALL_Waitall))
        return seshat_real.Waitall(n, reqs, sts);
    MPI_Request hl[NLOCAL], *h = copy_handles(reqs, n, hl, NLOCAL);
    MPI_Status sl[NLOCAL], *st = status_array(sts, n, sl, NLOCAL);
    if (seshat_watch_ns)
        seshat_watch_reqs(SESHAT_CALL_Waitall, h, n);
    struct wait_set w = { .kind = WAIT_ALL, .n = n, .reqs = reqs, .handles = h, .st = st };
    int rc = wait_set(&w);
    if (rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS)
        complete_set(h, NULL, n, st, 1, 0);
    if (rc != MPI_SUCCESS)
        drop_freed(h, reqs, n);
    RELEASE(h, hl);
    if (st != sts)
        RELEASE(st, sl);
    seshat_leave(SESHAT_CALL_Waitall);
    return rc;
}
int MPI_Waitall(int n, MPI_Request reqs[], MPI_Status sts[]) __attribute__((alias("PMPI_Waitall")));

int PMPI_Testall(int n, MPI_Request reqs[], int *flag, MPI_Status sts[])
{
    if (!seshat_enter(SESHAT_CALL_Testall))
        return seshat_real.Testall(n, reqs, flag, sts);
    MPI_Request hl[NLOCAL], *h = copy_handles(reqs, n, hl, NLOCAL);
    MPI_Status sl[NLOCAL], *st = status_array(sts, n, sl, NLOCAL);
    int rc = seshat_real.Testall(n, reqs, flag, st);
    if ((rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) && *flag)
        complete_set(h, NULL, n, st, 1, 0);
    else if (rc == MPI_SUCCESS)
        not_yet(h, n, 1);
    if (rc != MPI_SUCCESS)
        drop_freed(h, reqs, n);
    RELEASE(h, hl);
    if (st != sts)
        RELEASE(st, sl);
    seshat_leave(SESHAT_CALL_Testall);
    return rc;
}
int MPI_Testall(int n, MPI_Request reqs[], int *flag, MPI_Status sts[])
    __attribute__((alias("PMPI_Testall")));

static int any(enum seshat_call_id id, int wait, int n, MPI_Request reqs[], int *index,
               int *flag, MPI_Status *status)
{
    MPI_Request hl[NLOCAL], *h = copy_handles(reqs, n, hl, NLOCAL);
    MPI_Status tmp, *st = status == MPI_STATUS_IGNORE ? &tmp : status;
    int rc, f = 0;
    if (wait && seshat_watch_ns)
        seshat_watch_reqs(id, h, n);
    if (wait) {
        struct wait_set w = { .kind = WAIT_ANY, .n = n, .reqs = reqs, .handles = h, .st = st,
                              .index = index };
        rc = wait_set(&w);
        f = 1;   /* (a failed Waitany leaves it unread: rc is not MPI_SUCCESS) */
    } else {
        rc = seshat_real.Testany(n, reqs, index, &f, st);
    }
    if (f && *index >= 0 && *index < n && seshat_completed(rc, reqs[*index]))
        complete_set(&h[*index], NULL, 1, st, 0, 0);
    if (rc != MPI_SUCCESS)
        drop_freed(h, reqs, n);
    else if (rc == MPI_SUCCESS && !f)
        not_yet(h, n, 0);
    if (flag)
        *flag = f;
    RELEASE(h, hl);
    seshat_leave(id);
    return rc;
}

int PMPI_Waitany(int n, MPI_Request reqs[], int *index, MPI_Status *status)
{
    if (!seshat_enter(SESHAT_CALL_Waitany))
        return seshat_real.Waitany(n, reqs, index, status);
    return any(SESHAT_CALL_Waitany, 1, n, reqs, index, NULL, status);
}
int MPI_Waitany(int n, MPI_Request reqs[], int *index, MPI_Status *status)
    __attribute__((alias("PMPI_Waitany")));

int PMPI_Testany(int n, MPI_Request reqs[], int *index, int *flag, MPI_Status *status)
{
    if (!seshat_enter(SESHAT_CALL_Testany))
        return seshat_real.Testany(n, reqs, index, flag, status);
    return any(SESHAT_CALL_Testany, 0, n, reqs, index, flag, status);
}
int MPI_Testany(int n, MPI_Request reqs[], int *index, int *flag, MPI_Status *status)
    __attribute__((alias("PMPI_Testany")));

static int some(enum seshat_call_id id, int wait, int n, MPI_Request reqs[], int *outcount,
                int idx[], MPI_Status sts[])
{
    MPI_Request hl[NLOCAL], *h = copy_handles(reqs, n, hl, NLOCAL);
    MPI_Status sl[NLOCAL], *st = status_array(sts, n, sl, NLOCAL);
    int rc;
    if (wait && seshat_watch_ns)
        seshat_watch_reqs(id, h, n);
    if (wait) {
        struct wait_set w = { .kind = WAIT_SOME, .n = n, .reqs = reqs, .handles = h, .st = st,
                              .outcount = outcount, .idx = idx };
        rc = wait_set(&w);
    } else {
        rc = seshat_real.Testsome(n, reqs, outcount, idx, st);
    }
    if ((rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) && *outcount != MPI_UNDEFINED) {
        complete_set(h, idx, *outcount, st, 1, 0);
    }
    if (rc != MPI_SUCCESS)
        drop_freed(h, reqs, n);
    if (rc == MPI_SUCCESS && *outcount == 0)
        not_yet(h, n, 0);
    RELEASE(h, hl);
    if (st != sts)
        RELEASE(st, sl);
    seshat_leave(id);
    return rc;
}

int PMPI_Waitsome(int n, MPI_Request reqs[], int *outcount, int idx[], MPI_Status sts[])
{
    if (!seshat_enter(SESHAT_CALL_Waitsome))
        return seshat_real.Waitsome(n, reqs, outcount, idx, sts);
    return some(SESHAT_CALL_Waitsome, 1, n, reqs, outcount, idx, sts);
}
int MPI_Waitsome(int n, MPI_Request reqs[], int *outcount, int idx[], MPI_Status sts[])
    __attribute__((alias("PMPI_Waitsome")));

int PMPI_Testsome(int n, MPI_Request reqs[], int *outcount, int idx[], MPI_Status sts[])
{
    if (!seshat_enter(SESHAT_CALL_Testsome))
        return seshat_real.Testsome(n, reqs, outcount, idx, sts);
    return some(SESHAT_CALL_Testsome, 0, n, reqs, outcount, idx, sts);
}
int MPI_Testsome(int n, MPI_Request reqs[], int *outcount, int idx[], MPI_Status sts[])
    __attribute__((alias("PMPI_Testsome")));

int PMPI_Request_free(MPI_Request *req)
{
    int outer = seshat_enter(SESHAT_CALL_Request_free);
    if (outer && seshat_req_find(*req))
        seshat_req_remove(*req);
    int rc = seshat_real.Request_free(req);
    if (outer)
        seshat_leave(SESHAT_CALL_Request_free);
    return rc;
}
int MPI_Request_free(MPI_Request *req) __attribute__((alias("PMPI_Request_free")));

/* The request completes (cancelled or not) through Wait/Test, which
 * charge a cancelled one nothing (completion_of). */
int PMPI_Cancel(MPI_Request *req)
{
    int outer = seshat_enter(SESHAT_CALL_Cancel);
    int rc = seshat_real.Cancel(req);
    if (outer)
        seshat_leave(SESHAT_CALL_Cancel);
    return rc;
}
int MPI_Cancel(MPI_Request *req) __attribute__((alias("PMPI_Cancel")));

/* A query that leaves the request to the program: a completed request is
 * charged now (once; the Wait or Test that frees it charges nothing more);
 * polling it makes progress like a Test. */
int PMPI_Request_get_status(MPI_Request req, int *flag, MPI_Status *status)
{
    if (!seshat_enter(SESHAT_CALL_Request_get_status))
        return seshat_real.Request_get_status(req, flag, status);
    MPI_Status tmp, *st = status == MPI_STATUS_IGNORE ? &tmp : status;
    int rc = seshat_real.Request_get_status(req, flag, st);
    if (rc == MPI_SUCCESS && *flag)
        complete_set(&req, NULL, 1, st, 0, 1);
    else if (rc == MPI_SUCCESS)
        not_yet(&req, 1, 1);
    seshat_leave(SESHAT_CALL_Request_get_status);
    return rc;
}
int MPI_Request_get_status(MPI_Request req, int *flag, MPI_Status *status)
    __attribute__((alias("PMPI_Request_get_status")));

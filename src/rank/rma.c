/* rma.c - one-sided communication in virtual time (rma.h; docs/models.md,
 * "One-sided communication"). */
#include <stdlib.h>
#include <string.h>

#include "rank/coll.h"
#include "rank/inbox.h"
#include "rank/path.h"
#include "rank/progress.h"
#include "rank/promises.h"
#include "rank/rma.h"
#include "rank/to_model.h"
#include "trace/trace.h"
#include "tracefmt/trace_format.h"

typedef struct rma_win {
    MPI_Win win;
    seshat_comm *comm;       /* its communicator (NULL: not registered, e.g. MPI_COMM_SELF) */
    MPI_Group group;         /* the window's group, to translate PSCW groups */
    int size;                /* members */
    int *world;              /* member -> world rank (= control-communicator rank) */
    seshat_vtime *remote;    /* per target: it has all this rank sent (fetches: replied) */
    seshat_vtime *local;     /* per target: this rank's buffers are free (fetches: reply here) */
    int *access, naccess;    /* MPI_Win_start's targets */
    int *exposure, nexposure;  /* MPI_Win_post's origins */
    /* Passive-target locks in virtual time: per member, when its last
     * exclusive lock and its last lock of any kind were released
     * (RELEASED_EXCL, RELEASED_ANY), in a window of seshat's own that every
     * member holds a lock_all on; and the lock this rank holds per target. */
    MPI_Win released;
    int64_t *released_mem;
    char *held;              /* per target: enum held */
    int64_t number;          /* windows created on its communicator before it (the trace's
                                window number: the same on every member) */
    /* contention = on: the active-target transfers whose completion the
     * model has not told yet, and the completion notices Win_test took */
    struct pend { int target; int32_t seq; int fetch; } *pend;
    int npend, cappend;
    char *done_got;
    seshat_vtime done_max;
    struct rma_win *next;
} rma_win;

/* This rank's windows (a process is one rank), and how many windows were
 * created per communicator id (ncreated pairs: id, count). */
static struct {
    rma_win *head;
    int64_t (*created)[2];
    int ncreated;
    int32_t seq;             /* contention: this rank's transfers, numbered */
} wins;

/* contention = on: transfers and PSCW notices are flows in the model
 * rank's engine (docs/models.md, "One-sided communication"). */
static int contended(void) { return seshat_rt.path->promises; }
static int32_t comm_id(const rma_win *w) { return w->comm ? w->comm->id : -1; }

static seshat_vtime max_vt(seshat_vtime a, seshat_vtime b) { return a > b ? a : b; }

enum { RELEASED_EXCL, RELEASED_ANY, RELEASED_SLOTS };
/* The lock this rank holds on a target; MPI_Win_lock_all's shared lock
 * on a member is taken (in virtual time) at the first transfer to it. */
enum held { HELD_NONE, HELD_SHARED, HELD_EXCLUSIVE, HELD_UNTOUCHED };

static rma_win *find(MPI_Win win)
{
    for (rma_win *w = wins.head; w; w = w->next)
        if (w->win == win)
            return w;
    return NULL;
}


/* The next window number on communicator id. */
static int64_t next_number(int id)
{
    for (int i = 0; i < wins.ncreated; i++)
        if (wins.created[i][0] == id)
            return wins.created[i][1]++;
    int64_t(*more)[2] = seshat_xmalloc((wins.ncreated + 1) * sizeof *more);
    if (wins.ncreated)
        memcpy(more, wins.created, wins.ncreated * sizeof *more);
    free(wins.created);
    wins.created = more;
    wins.created[wins.ncreated][0] = id;
    wins.created[wins.ncreated++][1] = 1;
    return 0;
}

/* A synchronization record (docs/trace-format.md, RMA) with window member
 * `member`; `done` (a lock's grant, an unlock's release) ns after t_call. */
static void trace_sync(const rma_win *w, int op, int member, int64_t type, seshat_vtime t_call,
                       seshat_vtime done)
{
    if (seshat_tracing)
        seshat_trace_rma(op, member < 0 ? seshat_rt.world_rank : w->world[member], comm_id(w),
                         type, 0, 0, done > t_call ? done - t_call : 0, w->number);
}

/* Members' world ranks: the window's group translated into the real world's. */
static void map_world(rma_win *w)
{
    MPI_Group world;
    int *mine = seshat_xmalloc(w->size * sizeof *mine);
    for (int i = 0; i < w->size; i++)
        mine[i] = i;
    SESHAT_CHECKED(Comm_group, seshat_rt.control, &world);
    SESHAT_CHECKED(Group_translate_ranks, w->group, w->size, mine, world, w->world);
    SESHAT_CHECKED(Group_free, &world);
    free(mine);
}

void seshat_rma_created(MPI_Win win, MPI_Comm comm)
{
    rma_win *w = seshat_xcalloc(1, sizeof *w);
    w->win = win;
    w->comm = seshat_comm_lookup(comm);
    SESHAT_CHECKED(Comm_group, comm, &w->group);
    SESHAT_CHECKED(Group_size, w->group, &w->size);
    w->world = seshat_xmalloc(w->size * sizeof *w->world);
    w->remote = seshat_xcalloc(w->size, sizeof *w->remote);
    w->local = seshat_xcalloc(w->size, sizeof *w->local);
    w->access = seshat_xmalloc(w->size * sizeof *w->access);
    w->exposure = seshat_xmalloc(w->size * sizeof *w->exposure);
    map_world(w);
    w->held = seshat_xcalloc(w->size, 1);
    w->number = next_number(comm_id(w));
    w->done_got = seshat_xcalloc(w->size, 1);
    SESHAT_CHECKED(Win_allocate, RELEASED_SLOTS * sizeof(int64_t), sizeof(int64_t), MPI_INFO_NULL,
                   comm, &w->released_mem, &w->released);
    w->released_mem[RELEASED_EXCL] = w->released_mem[RELEASED_ANY] = 0;
    SESHAT_CHECKED(Win_lock_all, MPI_MODE_NOCHECK, w->released);
    SESHAT_CHECKED(Barrier, comm);   /* every member's slots are zero before anyone reads them */
    w->next = wins.head;
    wins.head = w;
}

void seshat_rma_free(MPI_Win win)
{
    for (rma_win **p = &wins.head; *p; p = &(*p)->next) {
        rma_win *w = *p;
        if (w->win != win)
            continue;
        *p = w->next;
        SESHAT_CHECKED(Win_unlock_all, w->released);
        SESHAT_CHECKED(Win_free, &w->released);
        free(w->held);
        free(w->done_got);
        free(w->pend);
        SESHAT_CHECKED(Group_free, &w->group);
        free(w->world);
        free(w->remote);
        free(w->local);
        free(w->access);
        free(w->exposure);
        free(w);
        return;
    }
}

static void acquired(rma_win *w, int target, int type, seshat_vtime t_call);

/* contention: one report to this rank's model rank (wire.h SESHAT_ENV_RMA). */
static void report(const rma_win *w, int tag, int src, int dst, int64_t bytes,
                   seshat_vtime t_inject, int32_t seq, int flags)
{
    seshat_envelope e = { src, dst, comm_id(w), tag, bytes, t_inject, seq,
                          SESHAT_PROTO_EAGER | SESHAT_ENV_RMA | flags, seshat_promise_floor(),
                          0, 0 };
    seshat_to_model(&e, sizeof e, seshat_model_rank_of(seshat_rt.world_rank), SESHAT_TAG_ENV,
                    "Send(RMA envelope)");
    seshat_reported();
}

/* contention: the transfer as flows. Active target: the model answers its
 * completion, taken at the synchronization (settle); passive target: no
 * answer, the epoch is timed uncongested (its locks wait for real, which
 * the model cannot see: waiting for the model there could hang). */
static void report_transfer(rma_win *w, int target, int fetch, int64_t out, int64_t back,
                            seshat_vtime t_inject)
{
    int me = seshat_rt.world_rank, peer = w->world[target], passive = w->held[target] != HELD_NONE;
    int32_t seq = ++wins.seq & SESHAT_SEQ_MASK;
    report(w, SESHAT_RMA_WIRE_REQ, me, peer, out, t_inject, seq,
           (fetch ? SESHAT_ENV_RMA_FETCH : 0) | (passive ? SESHAT_ENV_NOREPLY : 0));
    if (fetch)
        report(w, SESHAT_RMA_WIRE_REPLY, peer, me, back, 0, seq, 0);
    if (passive)
        return;
    if (w->npend == w->cappend) {
        struct pend *old = w->pend;
        w->cappend = w->cappend ? 2 * w->cappend : 16;
        w->pend = seshat_xmalloc(w->cappend * sizeof *w->pend);
        if (old)
            memcpy(w->pend, old, w->npend * sizeof *w->pend);
        free(old);
    }
    w->pend[w->npend++] = (struct pend){ target, seq, fetch };
}

/* A transfer's times after its injection: the model is stateless and an
 * eager message's arrival minus injection depends on its size and route
 * only, so they are kept for the last shape (a program's stream of equal
 * puts evaluates the model once: docs/performance.md). */
struct shape {
    int64_t out, back;
    int peer, fetch;
    seshat_vtime remote, local;   /* the target has it all; the origin is done */
};

static const struct shape *shape_of(int64_t out, int64_t back, int peer, int fetch)
{
    static struct shape last = { -1, -1, -1, -1, 0, 0 };
    if (last.out == out && last.back == back && last.peer == peer && last.fetch == fetch)
        return &last;
    const seshat_model *m = &seshat_rt.model;
    int me = seshat_rt.world_rank;
    seshat_msg req = { out, 0, SESHAT_PROTO_EAGER, me, peer };
    seshat_p2p_times t = m->p2p(m, &req, 0);
    last = (struct shape){ out, back, peer, fetch, t.arrival, t.sender_done };
    if (fetch) {
        /* the reply leaves the target when the request is there */
        seshat_msg reply = { back, t.arrival, SESHAT_PROTO_EAGER, peer, me };
        last.remote = last.local = m->p2p(m, &reply, 0).arrival;
    }
    return &last;
}

/* The transfer, traced with request id req (0: none). */
static seshat_vtime transfer(MPI_Win win, int op, int target, int64_t out, int64_t back,
                             uint32_t req_id)
{
    rma_win *w = find(win);
    /* Invalid arguments are left to the real call to report. */
    if (!w || target < 0 || target >= w->size)
        return seshat_clock_now();
    seshat_vtime t_call = seshat_clock_now();   /* the call's ENTER time in the trace */
    if (w->held[target] == HELD_UNTOUCHED)
        acquired(w, target, MPI_LOCK_SHARED, t_call);
    int peer = w->world[target], fetch = seshat_rma_fetches(op);
    seshat_vtime inj = seshat_send_inject(out, peer);
    const struct shape *sh = shape_of(out, back, peer, fetch);
    seshat_clock_advance_to(inj + seshat_rt.model.send_overhead);
    seshat_vtime remote = inj + sh->remote, local = inj + sh->local;
    int model_says = 0;   /* contention, active target: the model times it (settle) */
    if (contended()) {
        report_transfer(w, target, fetch, out, back, inj);
        model_says = w->held[target] == HELD_NONE;
    }
    if (!model_says)
        w->remote[target] = max_vt(w->remote[target], remote);
    if (!model_says || !fetch)   /* a put's buffer is free at once */
        w->local[target] = max_vt(w->local[target], local);
    if (seshat_tracing)
        seshat_trace_rma(op, peer, comm_id(w), out, back, req_id, remote - t_call, w->number);
    return local;
}

/* contention: wait for the model's answer (from, tag, seq) on w. */
struct rma_await { int from; int32_t comm, seq; int tag; seshat_answer a; };
static int rma_answered(void *ctx)
{
    struct rma_await *q = ctx;
    return seshat_inbox_try_rma(q->from, q->comm, q->tag, q->seq, &q->a);
}
static seshat_vtime await_answer(const rma_win *w, int member, int tag, int32_t seq)
{
    struct rma_await q = { w->world[member], comm_id(w), seq, tag, { 0 } };
    seshat_progress_until(rma_answered, &q, NULL);
    return q.a.arrival;
}

/* contention: take the model's completions of the transfers to target
 * (-1: all) into remote and (fetches) local. Only a synchronization whose
 * clock then reaches each time it waited for may wait (all = 1: fence,
 * flush, unlock); complete waits for its fetches only (its clock reaches
 * their replies, never a put's arrival) and takes the rest if they are
 * here: a rank that waited for an answer must not report anything
 * earlier afterwards (docs/models.md, "Contention"). */
static void settle(rma_win *w, int target, int all)
{
    int k = 0;
    if (w->npend && !all)
        seshat_progress_drain();
    for (int i = 0; i < w->npend; i++) {
        struct pend p = w->pend[i];
        seshat_answer a;
        seshat_vtime t;
        if (target >= 0 && p.target != target) {
            w->pend[k++] = p;
            continue;
        }
        if (all || p.fetch) {
            t = await_answer(w, p.target, SESHAT_RMA_WIRE_REQ, p.seq);
        } else if (seshat_inbox_try_rma(w->world[p.target], comm_id(w), SESHAT_RMA_WIRE_REQ,
                                        p.seq, &a)) {
            t = a.arrival;
        } else {
            w->pend[k++] = p;
            continue;
        }
        w->remote[p.target] = max_vt(w->remote[p.target], t);
        if (p.fetch)
            w->local[p.target] = max_vt(w->local[p.target], t);
    }
    w->npend = k;
}

seshat_vtime seshat_rma_op(MPI_Win win, int op, int target, int64_t out, int64_t back)
{
    return transfer(win, op, target, out, back, 0);
}

void seshat_rma_request(MPI_Request req, MPI_Win win, int op, int target, int64_t out,
                        int64_t back)
{
    seshat_op *r = seshat_req_add(req, NULL);
    /* charged as a send whose completion is known (request_calls.c) */
    r->is_send = 1;
    r->active = 1;
    r->peer = MPI_PROC_NULL;
    r->req_id = seshat_req_next_id();
    r->done = transfer(win, op, target, out, back, r->req_id);
}

/* The latest of `t` over target (or every target, -1). */
static seshat_vtime latest(const rma_win *w, const seshat_vtime *t, int target)
{
    if (target >= 0)
        return target < w->size ? t[target] : 0;
    seshat_vtime x = 0;
    for (int i = 0; i < w->size; i++)
        x = max_vt(x, t[i]);
    return x;
}

void seshat_rma_remote_done(MPI_Win win, int target)
{
    rma_win *w = find(win);
    if (!w)
        return;
    settle(w, target, 1);
    seshat_clock_advance_to(latest(w, w->remote, target));
}

void seshat_rma_local_done(MPI_Win win, int target)
{
    rma_win *w = find(win);
    if (!w)
        return;
    settle(w, target, 0);
    seshat_clock_advance_to(latest(w, w->local, target));
}

void seshat_rma_fence(MPI_Win win)
{
    rma_win *w = find(win);
    if (!w)
        return;
    trace_sync(w, SESHAT_RMA_FENCE, -1, 0, 0, 0);
    settle(w, -1, 1);
    seshat_clock_advance_to(max_vt(latest(w, w->remote, -1), latest(w, w->local, -1)));
    if (seshat_coll_modeled(w->comm))
        seshat_coll_blocking(w->comm, SESHAT_COLL_BARRIER, 0, 0);
}

/* group's members as window ranks into out; their count. */
static int translate(const rma_win *w, MPI_Group group, int *out)
{
    int n = 0;
    SESHAT_CHECKED(Group_size, group, &n);
    if (n > w->size)
        n = w->size;   /* not a subgroup: the real call reports it */
    int *ranks = seshat_xmalloc((n ? n : 1) * sizeof *ranks);
    for (int i = 0; i < n; i++)
        ranks[i] = i;
    SESHAT_CHECKED(Group_translate_ranks, group, n, ranks, w->group, out);
    free(ranks);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (out[i] != MPI_UNDEFINED)
            out[k++] = out[i];
    return k;
}

/* A notice to member `to`: a 0-byte message timed by the model, sent now
 * (after this rank's earlier transfers: the NIC serializes them);
 * returns its arrival. Under contention it is a flow in the model's
 * engine (tag: SESHAT_RMA_WIRE_POST or _DONE), whose arrival the model
 * tells `to`. */
static seshat_vtime notice(const rma_win *w, int to, int tag)
{
    const seshat_model *m = &seshat_rt.model;
    seshat_msg msg = { 0, seshat_send_inject(0, w->world[to]), SESHAT_PROTO_EAGER,
                       seshat_rt.world_rank, w->world[to] };
    seshat_clock_advance_to(msg.t_inject + m->send_overhead);
    if (contended()) {
        report(w, tag, seshat_rt.world_rank, w->world[to], 0, msg.t_inject, 0, 0);
        return 0;
    }
    return m->p2p(m, &msg, 0).arrival;
}

static void send_time(const rma_win *w, int to, seshat_vtime t, int tag)
{
    if (!contended())
        SESHAT_CHECKED(Send, &t, sizeof t, MPI_BYTE, w->world[to], tag, seshat_rt.control);
}

/* The latest of the times members[0..n-1] sent with `tag` (under
 * contention: the model's answers for their notices, `wtag`); the
 * watchdog sees the wait as `call` waiting for that member. */
static seshat_vtime recv_times(const rma_win *w, const int *members, int n, int tag, int wtag,
                               enum seshat_call_id call)
{
    seshat_vtime last = 0;
    for (int i = 0; i < n; i++) {
        seshat_vtime t;
        MPI_Request req;
        seshat_watch_what(call, w->comm, members[i], MPI_ANY_TAG);
        if (contended()) {
            t = await_answer(w, members[i], wtag, 0);
        } else {
            SESHAT_CHECKED(Irecv, &t, sizeof t, MPI_BYTE, w->world[members[i]], tag,
                           seshat_rt.control, &req);
            seshat_ctl(seshat_progress_wait_req(&req, MPI_STATUS_IGNORE, 0, NULL),
                       "Wait(RMA notice)");
        }
        last = max_vt(last, t);
    }
    return last;
}

void seshat_rma_post(MPI_Win win, MPI_Group group)
{
    rma_win *w = find(win);
    if (!w)
        return;
    w->nexposure = translate(w, group, w->exposure);
    for (int i = 0; i < w->nexposure; i++)
        trace_sync(w, SESHAT_RMA_POST, w->exposure[i], 0, 0, 0);
    for (int i = 0; i < w->nexposure; i++)
        send_time(w, w->exposure[i], notice(w, w->exposure[i], SESHAT_RMA_WIRE_POST),
                  SESHAT_TAG_RMA_POST);
}

void seshat_rma_start(MPI_Win win, MPI_Group group)
{
    rma_win *w = find(win);
    if (!w)
        return;
    w->naccess = translate(w, group, w->access);
    for (int i = 0; i < w->naccess; i++)
        trace_sync(w, SESHAT_RMA_START, w->access[i], 0, 0, 0);
    seshat_clock_advance_to(recv_times(w, w->access, w->naccess, SESHAT_TAG_RMA_POST,
                                       SESHAT_RMA_WIRE_POST, SESHAT_CALL_Win_start));
}

void seshat_rma_complete(MPI_Win win)
{
    rma_win *w = find(win);
    if (!w)
        return;
    for (int i = 0; i < w->naccess; i++)
        trace_sync(w, SESHAT_RMA_COMPLETE, w->access[i], 0, 0, 0);
    /* contention: the notices first (the model holds each until the data
     * is there), then the fetches' replies */
    for (int i = 0; i < w->naccess; i++) {
        int t = w->access[i];
        seshat_vtime n = notice(w, t, SESHAT_RMA_WIRE_DONE);
        send_time(w, t, max_vt(n, w->remote[t]), SESHAT_TAG_RMA_DONE);
    }
    settle(w, -1, 0);
    seshat_vtime local = 0;
    for (int i = 0; i < w->naccess; i++)
        local = max_vt(local, w->local[w->access[i]]);
    w->naccess = 0;
    seshat_clock_advance_to(local);
}

/* contention: take the completion notices already answered (Win_test
 * calls the real test only once they are all here: the real epoch ends
 * only after them). 1 if none is missing. */
static int done_notices_here(rma_win *w)
{
    int missing = 0;
    seshat_progress_drain();
    for (int i = 0; i < w->nexposure; i++) {
        seshat_answer a;
        int o = w->exposure[i];
        if (w->done_got[o])
            continue;
        if (seshat_inbox_try_rma(w->world[o], comm_id(w), SESHAT_RMA_WIRE_DONE, 0, &a)) {
            w->done_got[o] = 1;
            w->done_max = max_vt(w->done_max, a.arrival);
        } else {
            missing = 1;
        }
    }
    return !missing;
}

int seshat_rma_test_ready(MPI_Win win)
{
    rma_win *w = find(win);
    return !w || !contended() || done_notices_here(w);
}

void seshat_rma_wait(MPI_Win win)
{
    rma_win *w = find(win);
    if (!w)
        return;
    for (int i = 0; i < w->nexposure; i++)
        trace_sync(w, SESHAT_RMA_WAIT, w->exposure[i], 0, 0, 0);
    int k = 0;
    if (contended()) {   /* Win_test may have taken some */
        done_notices_here(w);
        for (int i = 0; i < w->nexposure; i++)
            if (!w->done_got[w->exposure[i]])
                w->exposure[k++] = w->exposure[i];
            else
                w->done_got[w->exposure[i]] = 0;
        seshat_clock_advance_to(w->done_max);
        w->done_max = 0;
    } else {
        k = w->nexposure;
    }
    seshat_clock_advance_to(recv_times(w, w->exposure, k, SESHAT_TAG_RMA_DONE,
                                       SESHAT_RMA_WIRE_DONE, SESHAT_CALL_Win_wait));
    w->nexposure = 0;
}

/* ---- passive-target locks ---- */

/* The release time in target's `slot`, read atomically. */
static seshat_vtime released_at(const rma_win *w, int target, int slot)
{
    int64_t t = 0;
    SESHAT_CHECKED(Fetch_and_op, NULL, &t, MPI_INT64_T, target, slot, MPI_NO_OP, w->released);
    SESHAT_CHECKED(Win_flush, target, w->released);
    return t;
}

static void release(const rma_win *w, int target, seshat_vtime t, int exclusive)
{
    int64_t v = t;
    SESHAT_CHECKED(Accumulate, &v, 1, MPI_INT64_T, target, RELEASED_ANY, 1, MPI_INT64_T, MPI_MAX,
                   w->released);
    if (exclusive)
        SESHAT_CHECKED(Accumulate, &v, 1, MPI_INT64_T, target, RELEASED_EXCL, 1, MPI_INT64_T,
                       MPI_MAX, w->released);
    SESHAT_CHECKED(Win_flush, target, w->released);
}

/* The lock is held for real (a flush makes an implementation that takes
 * locks lazily take it now): it is granted no earlier than the
 * conflicting locks granted before it were released in virtual time. */
static void acquired(rma_win *w, int target, int type, seshat_vtime t_call)
{
    SESHAT_CHECKED(Win_flush, target, w->win);
    int excl = type == MPI_LOCK_EXCLUSIVE;
    w->held[target] = excl ? HELD_EXCLUSIVE : HELD_SHARED;
    seshat_clock_advance_to(released_at(w, target, excl ? RELEASED_ANY : RELEASED_EXCL));
    trace_sync(w, SESHAT_RMA_LOCK, target, excl ? SESHAT_RMA_LOCK_EXCLUSIVE : SESHAT_RMA_LOCK_SHARED,
               t_call, seshat_clock_now());
}

void seshat_rma_lock(MPI_Win win, int target, int type)
{
    rma_win *w = find(win);
    if (w && target >= 0 && target < w->size)
        acquired(w, target, type, seshat_clock_now());
}

void seshat_rma_lock_all(MPI_Win win)
{
    rma_win *w = find(win);
    if (!w)
        return;
    for (int t = 0; t < w->size; t++)
        w->held[t] = HELD_UNTOUCHED;   /* read at the first transfer to t: none, no cost */
}

/* Before the real unlock: the clock reaches what the epoch closes, and
 * the target learns when its lock was released. */
void seshat_rma_unlock(MPI_Win win, int target)
{
    rma_win *w = find(win);
    if (!w || target >= w->size)
        return;
    seshat_vtime t_call = seshat_clock_now();
    settle(w, target, 1);
    seshat_clock_advance_to(latest(w, w->remote, target));
    for (int t = target < 0 ? 0 : target; t < (target < 0 ? w->size : target + 1); t++) {
        if (w->held[t] == HELD_SHARED || w->held[t] == HELD_EXCLUSIVE) {
            release(w, t, seshat_clock_now(), w->held[t] == HELD_EXCLUSIVE);
            trace_sync(w, SESHAT_RMA_UNLOCK, t, 0, t_call, seshat_clock_now());
        }
        w->held[t] = HELD_NONE;
    }
}

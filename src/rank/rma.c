/* rma.c - one-sided communication in virtual time (rma.h; docs/models.md,
 * "One-sided communication"). */
#include <stdlib.h>
#include <string.h>

#include "rank/coll.h"
#include "rank/progress.h"
#include "rank/rma.h"
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
    struct rma_win *next;
} rma_win;

/* This rank's windows (a process is one rank), and how many windows were
 * created per communicator id (ncreated pairs: id, count). */
static struct {
    rma_win *head;
    int64_t (*created)[2];
    int ncreated;
} wins;

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

static int comm_id(const rma_win *w) { return w->comm ? w->comm->id : -1; }

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
    const seshat_model *m = &seshat_rt.model;
    int me = seshat_rt.world_rank, peer = w->world[target];
    seshat_msg req = { out, seshat_send_inject(out, peer), SESHAT_PROTO_EAGER, me, peer };
    seshat_p2p_times t = m->p2p(m, &req, 0);
    seshat_clock_advance_to(req.t_inject + m->send_overhead);
    seshat_vtime remote = t.arrival, local = t.sender_done;
    if (seshat_rma_fetches(op)) {
        /* the reply leaves the target when the request is there */
        seshat_msg reply = { back, t.arrival, SESHAT_PROTO_EAGER, peer, me };
        remote = local = m->p2p(m, &reply, 0).arrival;
    }
    w->remote[target] = max_vt(w->remote[target], remote);
    w->local[target] = max_vt(w->local[target], local);
    if (seshat_tracing)
        seshat_trace_rma(op, peer, comm_id(w), out, back, req_id, remote - t_call, w->number);
    return local;
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
    if (w)
        seshat_clock_advance_to(latest(w, w->remote, target));
}

void seshat_rma_local_done(MPI_Win win, int target)
{
    rma_win *w = find(win);
    if (w)
        seshat_clock_advance_to(latest(w, w->local, target));
}

void seshat_rma_fence(MPI_Win win)
{
    rma_win *w = find(win);
    if (!w)
        return;
    trace_sync(w, SESHAT_RMA_FENCE, -1, 0, 0, 0);
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
 * returns its arrival. */
static seshat_vtime notice(const rma_win *w, int to)
{
    const seshat_model *m = &seshat_rt.model;
    seshat_msg msg = { 0, seshat_send_inject(0, w->world[to]), SESHAT_PROTO_EAGER,
                       seshat_rt.world_rank, w->world[to] };
    seshat_clock_advance_to(msg.t_inject + m->send_overhead);
    return m->p2p(m, &msg, 0).arrival;
}

static void send_time(const rma_win *w, int to, seshat_vtime t, int tag)
{
    SESHAT_CHECKED(Send, &t, sizeof t, MPI_BYTE, w->world[to], tag, seshat_rt.control);
}

/* The latest of the times members[0..n-1] sent with `tag`; the watchdog
 * sees the wait as `call` waiting for that member. */
static seshat_vtime recv_times(const rma_win *w, const int *members, int n, int tag,
                               enum seshat_call_id call)
{
    seshat_vtime last = 0;
    for (int i = 0; i < n; i++) {
        seshat_vtime t;
        MPI_Request req;
        seshat_watch_what(call, w->comm, members[i], MPI_ANY_TAG);
        SESHAT_CHECKED(Irecv, &t, sizeof t, MPI_BYTE, w->world[members[i]], tag,
                       seshat_rt.control, &req);
        seshat_ctl(seshat_progress_wait_req(&req, MPI_STATUS_IGNORE, 0, NULL), "Wait(RMA notice)");
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
        send_time(w, w->exposure[i], notice(w, w->exposure[i]), SESHAT_TAG_RMA_POST);
}

void seshat_rma_start(MPI_Win win, MPI_Group group)
{
    rma_win *w = find(win);
    if (!w)
        return;
    w->naccess = translate(w, group, w->access);
    for (int i = 0; i < w->naccess; i++)
        trace_sync(w, SESHAT_RMA_START, w->access[i], 0, 0, 0);
    seshat_clock_advance_to(
        recv_times(w, w->access, w->naccess, SESHAT_TAG_RMA_POST, SESHAT_CALL_Win_start));
}

void seshat_rma_complete(MPI_Win win)
{
    rma_win *w = find(win);
    if (!w)
        return;
    seshat_vtime local = 0;
    for (int i = 0; i < w->naccess; i++)
        trace_sync(w, SESHAT_RMA_COMPLETE, w->access[i], 0, 0, 0);
    for (int i = 0; i < w->naccess; i++) {
        int t = w->access[i];
        send_time(w, t, max_vt(notice(w, t), w->remote[t]), SESHAT_TAG_RMA_DONE);
        local = max_vt(local, w->local[t]);
    }
    w->naccess = 0;
    seshat_clock_advance_to(local);
}

void seshat_rma_wait(MPI_Win win)
{
    rma_win *w = find(win);
    if (!w)
        return;
    for (int i = 0; i < w->nexposure; i++)
        trace_sync(w, SESHAT_RMA_WAIT, w->exposure[i], 0, 0, 0);
    seshat_clock_advance_to(
        recv_times(w, w->exposure, w->nexposure, SESHAT_TAG_RMA_DONE, SESHAT_CALL_Win_wait));
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
    seshat_clock_advance_to(latest(w, w->remote, target));
    for (int t = target < 0 ? 0 : target; t < (target < 0 ? w->size : target + 1); t++) {
        if (w->held[t] == HELD_SHARED || w->held[t] == HELD_EXCLUSIVE) {
            release(w, t, seshat_clock_now(), w->held[t] == HELD_EXCLUSIVE);
            trace_sync(w, SESHAT_RMA_UNLOCK, t, 0, t_call, seshat_clock_now());
        }
        w->held[t] = HELD_NONE;
    }
}

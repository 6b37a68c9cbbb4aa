/* p2p_calls.c - sends and receives, blocking, nonblocking and persistent. */
#include <sched.h>
#include <stdlib.h>

#include "interpose/interpose.h"
#include "rank/progress.h"

typedef int (*send_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
typedef int (*isend_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);

__attribute__((always_inline)) static inline int blocking_send(enum seshat_call_id id, send_fn real, isend_fn ireal,
                         enum seshat_send_mode mode, const void *buf, int count,
                         MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    comm = seshat_comm_in(comm);
    seshat_comm *c;
    if (!seshat_enter(id))
        return real(buf, count, type, dest, tag, comm);
    int rc;
    if (!(c = seshat_comm_lookup(comm))) {
        rc = real(buf, count, type, dest, tag, comm);
    } else {
        seshat_op op = { 0 };
        seshat_send_begin(&op, c, dest, tag, seshat_bytes(count, type), mode);
        if (seshat_tracing)
            seshat_trace_payload(buf, count, type, comm);
        if (seshat_watch_ns)
            seshat_watch_what(id, c, dest, tag);
        /* A blocking call may wait only when no other rank can be waiting
         * on this one; otherwise it becomes nonblocking plus a wait that
         * serves them (progress.h). */
        if (!seshat_progress_must_poll()) {
            rc = real(buf, count, type, dest, tag, comm);
        } else {
            MPI_Request r;
            rc = ireal(buf, count, type, dest, tag, comm, &r);
            if (rc == MPI_SUCCESS)
                rc = seshat_progress_wait_req(&r, MPI_STATUS_IGNORE, op.done < 0, NULL);
        }
        if (rc == MPI_SUCCESS)
            seshat_clock_advance_to(seshat_send_finish(&op));
    }
    seshat_leave(id);
    return rc;
}

__attribute__((always_inline)) static inline int nonblocking_send(enum seshat_call_id id, isend_fn ireal, enum seshat_send_mode mode,
                            const void *buf, int count, MPI_Datatype type, int dest, int tag,
                            MPI_Comm comm, MPI_Request *req)
{
    comm = seshat_comm_in(comm);
    seshat_comm *c;
    if (!seshat_enter(id))
        return ireal(buf, count, type, dest, tag, comm, req);
    int rc;
    if (!(c = seshat_comm_lookup(comm))) {
        rc = ireal(buf, count, type, dest, tag, comm, req);
    } else {
        seshat_op op = { .req_id = seshat_req_next_id() };
        seshat_send_begin(&op, c, dest, tag, seshat_bytes(count, type), mode);
        if (seshat_tracing)
            seshat_trace_payload(buf, count, type, comm);
        rc = ireal(buf, count, type, dest, tag, comm, req);
        if (rc == MPI_SUCCESS)
            *seshat_req_add(*req, c) = op;
    }
    seshat_leave(id);
    return rc;
}

__attribute__((always_inline)) static inline int send_init(enum seshat_call_id id, isend_fn init, enum seshat_send_mode mode,
                     const void *buf, int count, MPI_Datatype type, int dest, int tag,
                     MPI_Comm comm, MPI_Request *req)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(id);
    int rc = init(buf, count, type, dest, tag, comm, req);
    seshat_comm *c;
    if (outer && rc == MPI_SUCCESS && (c = seshat_comm_lookup(comm))) {
        seshat_op *op = seshat_req_add(*req, c);
        *op = (seshat_op){ .is_send = 1, .persistent = 1, .comm = c, .peer = dest, .tag = tag,
                           .bytes = seshat_bytes(count, type), .mode = mode, .done = -1,
                           .req_id = seshat_req_next_id() };
    }
    if (outer)
        seshat_leave(id);
    return rc;
}

#define SEND_CALLS(NAME, INAME, MODE)                                                          \
    int PMPI_##NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag,         \
                    MPI_Comm comm)                                                            \
    {                                                                                         \
        return blocking_send(SESHAT_CALL_##NAME, seshat_real.NAME, seshat_real.INAME, MODE,   \
                             buf, count, type, dest, tag, comm);                              \
    }                                                                                         \
    int MPI_##NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag,          \
                   MPI_Comm comm) __attribute__((alias("PMPI_" #NAME)));                      \
    int PMPI_##INAME(const void *buf, int count, MPI_Datatype type, int dest, int tag,        \
                     MPI_Comm comm, MPI_Request *req)                                         \
    {                                                                                         \
        return nonblocking_send(SESHAT_CALL_##INAME, seshat_real.INAME, MODE, buf, count,     \
                                type, dest, tag, comm, req);                                  \
    }                                                                                         \
    int MPI_##INAME(const void *buf, int count, MPI_Datatype type, int dest, int tag,         \
                    MPI_Comm comm, MPI_Request *req) __attribute__((alias("PMPI_" #INAME)));  \
    int PMPI_##NAME##_init(const void *buf, int count, MPI_Datatype type, int dest, int tag,  \
                           MPI_Comm comm, MPI_Request *req)                                   \
    {                                                                                         \
        return send_init(SESHAT_CALL_##NAME##_init, seshat_real.NAME##_init, MODE, buf,       \
                         count, type, dest, tag, comm, req);                                  \
    }                                                                                         \
    int MPI_##NAME##_init(const void *buf, int count, MPI_Datatype type, int dest, int tag,   \
                          MPI_Comm comm, MPI_Request *req)                                    \
        __attribute__((alias("PMPI_" #NAME "_init")));

SEND_CALLS(Send, Isend, SESHAT_SEND_STANDARD)
SEND_CALLS(Bsend, Ibsend, SESHAT_SEND_BUFFERED)
SEND_CALLS(Ssend, Issend, SESHAT_SEND_SYNC)
SEND_CALLS(Rsend, Irsend, SESHAT_SEND_READY)

int PMPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Status *status)
{
    comm = seshat_comm_in(comm);
    seshat_comm *c;
    if (!seshat_enter(SESHAT_CALL_Recv))
        return seshat_real.Recv(buf, count, type, source, tag, comm, status);
    int rc;
    if (!(c = seshat_comm_lookup(comm))) {
        rc = seshat_real.Recv(buf, count, type, source, tag, comm, status);
    } else {
        MPI_Status tmp, *st = status == MPI_STATUS_IGNORE ? &tmp : status;
        seshat_op op = { 0 };
        seshat_recv_begin(&op, c, source, tag);
        if (seshat_watch_ns)
            seshat_watch_what(SESHAT_CALL_Recv, c, source, tag);
        if (!seshat_progress_must_poll()) {
            rc = seshat_real.Recv(buf, count, type, source, tag, comm, st);
        } else {
            MPI_Request r;
            seshat_filter mine = { c, source, tag, NULL, -1 };
            rc = seshat_real.Irecv(buf, count, type, source, tag, comm, &r);
            if (rc == MPI_SUCCESS)
                rc = seshat_progress_wait_req(&r, st, 1, &mine);
        }
        if (seshat_matched(rc)) {   /* a truncated message is used up too */
            seshat_recv_match(&op, st);
            seshat_clock_advance_to(seshat_recv_finish(&op, seshat_clock_now()));
        }
    }
    seshat_leave(SESHAT_CALL_Recv);
    return rc;
}
int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status *status) __attribute__((alias("PMPI_Recv")));

int PMPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
               MPI_Request *req)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(SESHAT_CALL_Irecv);
    int rc = seshat_real.Irecv(buf, count, type, source, tag, comm, req);
    seshat_comm *c;
    if (outer && rc == MPI_SUCCESS && (c = seshat_comm_lookup(comm))) {
        seshat_op *op = seshat_req_add(*req, c);
        op->req_id = seshat_req_next_id();
        seshat_recv_begin(op, c, source, tag);
        seshat_req_track_unmatched(op, 1);
    }
    if (outer)
        seshat_leave(SESHAT_CALL_Irecv);
    return rc;
}
int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request *req) __attribute__((alias("PMPI_Irecv")));

int PMPI_Recv_init(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                   MPI_Request *req)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(SESHAT_CALL_Recv_init);
    int rc = seshat_real.Recv_init(buf, count, type, source, tag, comm, req);
    seshat_comm *c;
    if (outer && rc == MPI_SUCCESS && (c = seshat_comm_lookup(comm))) {
        seshat_op *op = seshat_req_add(*req, c);
        *op = (seshat_op){ .persistent = 1, .comm = c, .peer = source, .tag = tag, .done = -1,
                           .req_id = seshat_req_next_id() };
    }
    if (outer)
        seshat_leave(SESHAT_CALL_Recv_init);
    return rc;
}
int MPI_Recv_init(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                  MPI_Request *req) __attribute__((alias("PMPI_Recv_init")));

/* Sendrecv: both halves in flight at once, as MPI runs them. */
/* A valid peer and tag (wildcards allowed for a receive). */
static int seshat_peer_ok(const seshat_comm *c, int peer, int tag, int recv)
{
    int peer_ok = peer == MPI_PROC_NULL || (peer >= 0 && peer < c->peer_size) ||
                  (recv && peer == MPI_ANY_SOURCE);
    int tag_ok = (tag >= 0 && tag <= seshat_rt.tag_ub) || (recv && tag == MPI_ANY_TAG);
    return peer_ok && tag_ok;
}

/* Sendrecv's send half, waited for after the receive matched: every turn
 * also advances the receive, whose answers may be what the send's await
 * (always serving: the receive is the caller's own, on no list). */
struct send_half {
    MPI_Request *req;
    seshat_op *rop, *sop;
};

static int send_half_test(void *ctx, int *done)
{
    struct send_half *h = ctx;
    int rc = seshat_real.Test(h->req, done, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS && !*done)
        seshat_recv_poll(h->rop);
    return rc;
}

static int send_half_needs_answer(void *ctx) { return ((struct send_half *)ctx)->sop->done < 0; }

/* Sendrecv, traced as the call the program made (Sendrecv_replace runs
 * as one); inlined, so the traced call site is the program's. */
__attribute__((always_inline)) static inline int
sendrecv(enum seshat_call_id id, const void *sbuf, int scount, MPI_Datatype stype, int dest,
         int stag, void *rbuf, int rcount, MPI_Datatype rtype, int source, int rtag, MPI_Comm comm,
         MPI_Status *status)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(id);
    seshat_comm *c = outer ? seshat_comm_lookup(comm) : NULL;
    /* Bad arguments: the real call reports them and posts nothing (the
     * nonblocking halves below could not take back a matched receive). */
    if (!c || !seshat_peer_ok(c, dest, stag, 0) || !seshat_peer_ok(c, source, rtag, 1)) {
        int rc = seshat_real.Sendrecv(sbuf, scount, stype, dest, stag, rbuf, rcount, rtype,
                                      source, rtag, comm, status);
        if (outer)
            seshat_leave(id);
        return rc;
    }
    MPI_Status tmp, *st = status == MPI_STATUS_IGNORE ? &tmp : status;
    seshat_op sop = { 0 }, rop = { 0 };
    MPI_Request r[2];
    seshat_send_begin(&sop, c, dest, stag, seshat_bytes(scount, stype), SESHAT_SEND_STANDARD);
    seshat_recv_begin(&rop, c, source, rtag);
    int rc = seshat_real.Irecv(rbuf, rcount, rtype, source, rtag, comm, &r[0]), src = MPI_SUCCESS;
    int posted = rc == MPI_SUCCESS;
    if (posted && (rc = seshat_real.Isend(sbuf, scount, stype, dest, stag, comm, &r[1]))) {
        seshat_real.Cancel(&r[0]);   /* (bad arguments were caught above) */
        seshat_real.Wait(&r[0], MPI_STATUS_IGNORE);
        posted = 0;
    }
    seshat_filter mine = { c, source, rtag, NULL, -1 };
    if (seshat_watch_ns)
        seshat_watch_what(SESHAT_CALL_Sendrecv, c, source, rtag);
    if (posted)
        rc = seshat_progress_wait_req(&r[0], st, 1, &mine);
    /* The receive learns its answers while the send completes; a
     * truncated one used up its message too. */
    int got = posted && seshat_matched(rc);
    if (got) {
        seshat_recv_match(&rop, st);
        mine = (seshat_filter){ c, st->MPI_SOURCE, st->MPI_TAG, &rop, -1 };
        struct send_half h = { &r[1], &rop, &sop };
        seshat_waiter w = { send_half_test, NULL, send_half_needs_answer, &h, &mine, 1 };
        src = seshat_progress_wait(&w);
    } else if (posted) {
        src = seshat_real.Wait(&r[1], MPI_STATUS_IGNORE);
    }
    if (got && src == MPI_SUCCESS) {
        /* the receive first: its post may be what the send's answer awaits */
        seshat_vtime t_call = seshat_clock_now(), t_recv = seshat_recv_finish(&rop, t_call);
        seshat_clock_advance_to(seshat_send_finish(&sop));
        seshat_clock_advance_to(t_recv);
    }
    if (rc == MPI_SUCCESS)
        rc = src;
    seshat_leave(id);
    return rc;
}
int PMPI_Sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dest, int stag,
                  void *rbuf, int rcount, MPI_Datatype rtype, int source, int rtag,
                  MPI_Comm comm, MPI_Status *status)
{
    return sendrecv(SESHAT_CALL_Sendrecv, sbuf, scount, stype, dest, stag, rbuf, rcount, rtype,
                    source, rtag, comm, status);
}
int MPI_Sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dest, int stag,
                 void *rbuf, int rcount, MPI_Datatype rtype, int source, int rtag,
                 MPI_Comm comm, MPI_Status *status) __attribute__((alias("PMPI_Sendrecv")));

/* Through a copy of the outgoing data, so both halves can be in flight. */
int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int stag,
                          int source, int rtag, MPI_Comm comm, MPI_Status *status)
{
    if (!seshat_active || seshat_depth)
        return seshat_real.Sendrecv_replace(buf, count, type, dest, stag, source, rtag,
                                            seshat_comm_in(comm), status);
    int size = 0, rc;
    seshat_real.Pack_size(count, type, seshat_rt.app, &size);
    void *packed = seshat_xmalloc((size_t)size + 1);
    int pos = 0;
    seshat_real.Pack(buf, count, type, packed, size, &pos, seshat_rt.app);
    /* The receive half unpacks into buf; the send half sends the copy. */
    rc = sendrecv(SESHAT_CALL_Sendrecv_replace, packed, pos, MPI_PACKED, dest, stag, buf, count,
                  type, source, rtag, comm, status);
    free(packed);
    return rc;
}
int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int stag,
                         int source, int rtag, MPI_Comm comm, MPI_Status *status)
    __attribute__((alias("PMPI_Sendrecv_replace")));

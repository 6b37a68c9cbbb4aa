/* probe_calls.c - Probe, Iprobe and the matched probes. A probe returns
 * when the message is visible at the receiver in virtual time; a matched
 * probe also fixes the receive's post time, like a posted receive. */
#include <sched.h>

#include "interpose/interpose.h"
#include "rank/progress.h"

/* A probe waits for a message: Iprobe or Improbe in the progress engine
 * (a matched probe's msg set), or the blocking call when nothing needs
 * serving. Every wait of a probe can end only with a message, so it is
 * announced under contention. */
struct probe {
    int source, tag;
    MPI_Comm comm;
    MPI_Status *st;
    MPI_Message *msg;        /* NULL: a plain probe */
};

static int probe_test(void *ctx, int *done)
{
    struct probe *p = ctx;
    if (p->msg)
        return seshat_real.Improbe(p->source, p->tag, p->comm, done, p->msg, p->st);
    return seshat_real.Iprobe(p->source, p->tag, p->comm, done, p->st);
}

static int probe_block(void *ctx)
{
    struct probe *p = ctx;
    if (p->msg)
        return seshat_real.Mprobe(p->source, p->tag, p->comm, p->msg, p->st);
    return seshat_real.Probe(p->source, p->tag, p->comm, p->st);
}

static int always(void *ctx)
{
    (void)ctx;
    return 1;
}

static int blocking_probe(int source, int tag, MPI_Comm comm, MPI_Status *st, MPI_Message *msg,
                          const seshat_filter *mine)
{
    struct probe p = { source, tag, comm, st, msg };
    seshat_waiter w = { probe_test, probe_block, always, &p, mine, 0 };
    return seshat_progress_wait(&w);
}

/* A nonblocking probe found nothing: only a message can change that. */
static void not_found(void) { seshat_progress_nothing_yet(1); }

int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(SESHAT_CALL_Probe);
    seshat_comm *c = outer ? seshat_comm_lookup(comm) : NULL;
    if (!c) {
        int rc = seshat_real.Probe(source, tag, comm, status);
        if (outer)
            seshat_leave(SESHAT_CALL_Probe);
        return rc;
    }
    MPI_Status tmp, *st = status == MPI_STATUS_IGNORE ? &tmp : status;
    seshat_filter mine = { c, source, tag, NULL, -1 };
    seshat_watch_what(SESHAT_CALL_Probe, c, source, tag);
    int rc = blocking_probe(source, tag, comm, st, NULL, &mine);
    if (rc == MPI_SUCCESS)
        seshat_clock_advance_to(seshat_peek_arrival(c, st));
    seshat_leave(SESHAT_CALL_Probe);
    return rc;
}
int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
    __attribute__((alias("PMPI_Probe")));

int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(SESHAT_CALL_Iprobe);
    seshat_comm *c = outer ? seshat_comm_lookup(comm) : NULL;
    MPI_Status tmp, *st = (status == MPI_STATUS_IGNORE && c) ? &tmp : status;
    int rc = seshat_real.Iprobe(source, tag, comm, flag, st);
    if (c && rc == MPI_SUCCESS && *flag)
        seshat_clock_advance_to(seshat_peek_arrival(c, st));
    else if (outer && rc == MPI_SUCCESS)
        not_found();
    if (outer)
        seshat_leave(SESHAT_CALL_Iprobe);
    return rc;
}
int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
    __attribute__((alias("PMPI_Iprobe")));

/* The matched message is received now as far as seshat is concerned: its
 * record moves to the MPI_Message handle until Mrecv/Imrecv. */
static void matched(seshat_comm *c, MPI_Message msg, const MPI_Status *st, int source, int tag)
{
    if (msg == MPI_MESSAGE_NO_PROC || msg == MPI_MESSAGE_NULL)
        return;
    seshat_op *op = seshat_req_add((MPI_Request)(void *)msg, c);
    op->req_id = seshat_req_next_id();   /* the trace's COMPLETE names it at Mrecv/Wait */
    seshat_recv_begin(op, c, source, tag);
    seshat_recv_match(op, st);
}

int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *msg, MPI_Status *status)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(SESHAT_CALL_Mprobe);
    seshat_comm *c = outer ? seshat_comm_lookup(comm) : NULL;
    MPI_Status tmp, *st = (status == MPI_STATUS_IGNORE && c) ? &tmp : status;
    int rc;
    if (c) {
        seshat_filter mine = { c, source, tag, NULL, -1 };
        if (seshat_watch_ns)
            seshat_watch_what(SESHAT_CALL_Mprobe, c, source, tag);
        rc = blocking_probe(source, tag, comm, st, msg, &mine);
    } else {
        rc = seshat_real.Mprobe(source, tag, comm, msg, st);
    }
    if (c && rc == MPI_SUCCESS)
        matched(c, *msg, st, source, tag);
    if (outer)
        seshat_leave(SESHAT_CALL_Mprobe);
    return rc;
}
int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *msg, MPI_Status *status)
    __attribute__((alias("PMPI_Mprobe")));

int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *msg,
                 MPI_Status *status)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(SESHAT_CALL_Improbe);
    seshat_comm *c = outer ? seshat_comm_lookup(comm) : NULL;
    MPI_Status tmp, *st = (status == MPI_STATUS_IGNORE && c) ? &tmp : status;
    int rc = seshat_real.Improbe(source, tag, comm, flag, msg, st);
    if (c && rc == MPI_SUCCESS && *flag)
        matched(c, *msg, st, source, tag);
    else if (outer && rc == MPI_SUCCESS)
        not_found();
    if (outer)
        seshat_leave(SESHAT_CALL_Improbe);
    return rc;
}
int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *msg,
                MPI_Status *status) __attribute__((alias("PMPI_Improbe")));

int PMPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *msg, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_Mrecv);
    MPI_Request key = (MPI_Request)(void *)*msg;
    seshat_op *op = outer ? seshat_req_find(key) : NULL;
    int rc = seshat_real.Mrecv(buf, count, type, msg, status);
    if (op) {
        if (seshat_matched(rc))
            seshat_clock_advance_to(seshat_recv_finish(op, seshat_clock_now()));
        if (seshat_matched(rc) && seshat_tracing)
            seshat_trace_complete(op->req_id);
        seshat_req_remove(key);
    }
    if (outer)
        seshat_leave(SESHAT_CALL_Mrecv);
    return rc;
}
int MPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *msg, MPI_Status *status)
    __attribute__((alias("PMPI_Mrecv")));

int PMPI_Imrecv(void *buf, int count, MPI_Datatype type, MPI_Message *msg, MPI_Request *req)
{
    int outer = seshat_enter(SESHAT_CALL_Imrecv);
    MPI_Request key = (MPI_Request)(void *)*msg;
    seshat_op *op = outer ? seshat_req_find(key) : NULL;
    int rc = seshat_real.Imrecv(buf, count, type, msg, req);
    if (op) {
        if (rc == MPI_SUCCESS)
            *seshat_req_add(*req, op->comm) = *op;
        seshat_req_remove(key);
    }
    if (outer)
        seshat_leave(SESHAT_CALL_Imrecv);
    return rc;
}
int MPI_Imrecv(void *buf, int count, MPI_Datatype type, MPI_Message *msg, MPI_Request *req)
    __attribute__((alias("PMPI_Imrecv")));

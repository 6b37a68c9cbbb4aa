/* p2p.c - the point-to-point protocol: envelopes out, arrivals in, and the
 * Lamport merge (docs/design.md, "Point-to-point"; docs/models.md). The
 * path (path.h) carries envelopes and answers; waits go through the
 * progress engine (progress.h). */
#include "rank/idle.h"
#include "rank/path.h"
#include "rank/profile.h"
#include "rank/progress.h"
#include "trace/trace.h"

/* This rank's sender state: one instance per process. */
static struct {
    seshat_vtime nic_free;     /* when the NIC may inject again */
    int32_t next_seq;          /* last rendezvous sequence number */
    long long messages, bytes; /* for the end-of-run summary */
} tx;

void seshat_p2p_stats(long long *messages, long long *bytes)
{
    *messages = tx.messages;
    *bytes = tx.bytes;
}

void seshat_p2p_flush(void) { seshat_rt.path->flush(); }

/* Every model holds the link for a time that depends on the size and the
 * route only (seshat_model_link_inject): kept for the last (bytes, dst),
 * so a stream of equal one-sided transfers asks the model once. */
static struct {
    int64_t bytes;
    int dst;
    seshat_vtime busy;
} inj_memo = { -1, -1, 0 };

seshat_vtime seshat_send_inject(int64_t bytes, int dst)
{
    if (bytes != inj_memo.bytes || dst != inj_memo.dst) {
        const seshat_model *m = &seshat_rt.model;
        seshat_vtime nic = 0;
        m->inject(m, 0, bytes, seshat_rt.world_rank, dst, &nic);
        inj_memo.bytes = bytes, inj_memo.dst = dst, inj_memo.busy = nic;
    }
    seshat_vtime now = seshat_clock_now(), start = now > tx.nic_free ? now : tx.nic_free;
    tx.nic_free = start + inj_memo.busy;
    return start;
}

void seshat_send_begin(seshat_op *op, seshat_comm *c, int dest, int tag,
                       int64_t bytes, enum seshat_send_mode mode)
{
    const seshat_model *m = &seshat_rt.model;
    op->is_send = 1;
    op->active = 1;
    op->comm = c;
    op->peer = dest;
    op->tag = tag;
    op->bytes = bytes;
    op->mode = mode;
    /* Invalid arguments are left to the real call to report. */
    if (dest == MPI_PROC_NULL || dest < 0 || dest >= c->peer_size || tag < 0 ||
        tag > seshat_rt.tag_ub) {
        op->done = seshat_clock_now();
        return;
    }
    tx.messages++;
    tx.bytes += bytes;
    seshat_envelope e = { .src = seshat_rt.world_rank, .dst = c->peer_world[dest],
                          .comm_id = c->id, .tag = tag, .bytes = bytes };
    e.proto = m->proto(m, bytes, mode == SESHAT_SEND_SYNC);
    e.t_inject = m->inject(m, seshat_clock_now(), bytes, e.src, e.dst, &tx.nic_free);
    op->proto = e.proto;
    op->done = e.t_inject + m->send_overhead;
    if (mode == SESHAT_SEND_BUFFERED) {
        e.proto |= SESHAT_ENV_NOREPLY;   /* completes once copied */
    } else if (e.proto == SESHAT_PROTO_RENDEZVOUS) {
        tx.next_seq = (tx.next_seq + 1) & SESHAT_SEQ_MASK;
        e.seq = op->seq = tx.next_seq;
        op->done = -1;
    }
    seshat_clock_advance_to(e.t_inject + m->send_overhead);
    if (seshat_tracing)
        seshat_trace_send(e.dst, tag, c->id, bytes, e.proto, op->req_id);
    if (seshat_profiling)
        seshat_profile_bytes(bytes);
    /* woken once the envelope and the data are out (or wait for it); a
     * rendezvous (above the eager limit, also Open MPI's, or synchronous)
     * waits for the receiver */
    seshat_idle_peer(e.dst, SESHAT_ENV_PROTO(e.proto) == SESHAT_PROTO_RENDEZVOUS);
    seshat_rt.path->send(&e, op, c, dest);
}

int seshat_send_ready(seshat_op *op)
{
    return op->done >= 0 || seshat_rt.path->send_ready(op);
}

seshat_vtime seshat_send_finish(seshat_op *op)
{
    if (op->done < 0)
        seshat_rt.path->send_wait(op);
    return op->done;
}

static int recv_ready(void *ctx) { return seshat_recv_poll(ctx); }

seshat_vtime seshat_recv_finish(seshat_op *op, seshat_vtime t_call)
{
    if (op->matched) {
        /* a receive of the caller's own, maybe on the stack: the answers it
         * takes may end this wait */
        seshat_filter mine = { op->comm, op->status.MPI_SOURCE, op->status.MPI_TAG, op, -1 };
        seshat_progress_until(recv_ready, op, &mine);
    }
    if (op->arrival < 0)
        return t_call;
    return seshat_rt.model.recv_done(&seshat_rt.model, t_call, op->arrival);
}

seshat_vtime seshat_peek_arrival(seshat_comm *c, const MPI_Status *st)
{
    if (st->MPI_SOURCE == MPI_PROC_NULL)
        return seshat_clock_now();
    return seshat_rt.path->peek(c, st);
}

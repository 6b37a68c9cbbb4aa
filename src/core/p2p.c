/* p2p.c - the point-to-point protocol: envelopes out, arrivals in, and the
 * Lamport merge. See docs/models.md and DESIGN.md (Protocols). */
#include <sched.h>
#include <string.h>

#include "core/inbox.h"
#include "trace/trace.h"

static seshat_vtime nic_free;     /* sender-local: when the NIC may inject again */
static int32_t next_seq;
static int serving;
static long long sent_messages, sent_bytes;   /* for the end-of-run summary */

void seshat_p2p_stats(long long *messages, long long *bytes)
{
    *messages = sent_messages;
    *bytes = sent_bytes;
}

/* Direct path: envelopes go to the model rank in batches, double-buffered. */
static seshat_envelope batch[2][SESHAT_BATCH_MAX];
static int nbatch, cur_batch;
static MPI_Request batch_req[2] = { MPI_REQUEST_NULL, MPI_REQUEST_NULL };

static void log_envelope(const seshat_envelope *e)
{
    batch[cur_batch][nbatch++] = *e;
    if (nbatch == SESHAT_BATCH_MAX)
        seshat_p2p_flush();
}

void seshat_p2p_flush(void)
{
    if (nbatch > 0) {
        seshat_real.Isend(batch[cur_batch], (int)(nbatch * sizeof(seshat_envelope)), MPI_BYTE,
                          seshat_model_rank_of(seshat_rt.world_rank), SESHAT_TAG_BATCH,
                          seshat_rt.control, &batch_req[cur_batch]);
        cur_batch ^= 1;
        nbatch = 0;
    }
    /* The next buffer must be free before it is filled. */
    seshat_real.Wait(&batch_req[cur_batch], MPI_STATUS_IGNORE);
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
    sent_messages++;
    sent_bytes += bytes;
    seshat_envelope e = { .src = seshat_rt.world_rank, .dst = c->peer_world[dest],
                          .comm_id = c->id, .tag = tag, .bytes = bytes };
    e.proto = m->proto(m, bytes, mode == SESHAT_SEND_SYNC);
    e.t_inject = m->inject(m, seshat_clock_now(), bytes, &nic_free);
    op->proto = e.proto;
    op->done = e.t_inject + m->send_overhead;
    if (mode == SESHAT_SEND_BUFFERED) {
        e.proto |= SESHAT_ENV_NOREPLY;   /* completes once copied */
    } else if (e.proto == SESHAT_PROTO_RENDEZVOUS) {
        next_seq = (next_seq + 1) & SESHAT_SEQ_MASK;
        e.seq = op->seq = next_seq;
        op->done = -1;
        op->reply_from = seshat_rt.relay ? seshat_model_rank_of(seshat_rt.world_rank) : e.dst;
    }
    seshat_clock_advance_to(e.t_inject + m->send_overhead);
    if (seshat_tracing)
        seshat_trace_send(e.dst, tag, c->id, bytes, e.proto, op->req_id);
    if (seshat_rt.relay) {
        seshat_real.Send(&e, sizeof e, MPI_BYTE, seshat_model_rank_of(seshat_rt.world_rank),
                         SESHAT_TAG_ENV, seshat_rt.control);
    } else {
        seshat_real.Send(&e, sizeof e, MPI_BYTE, dest, tag, c->shadow);
        log_envelope(&e);
    }
}

seshat_vtime seshat_send_finish(seshat_op *op)
{
    if (op->done < 0) {
        int64_t t;
        MPI_Request req;
        seshat_real.Irecv(&t, sizeof t, MPI_BYTE, op->reply_from, SESHAT_TAG_REPLY0 + op->seq,
                          seshat_rt.control, &req);
        seshat_wait_real(&req, MPI_STATUS_IGNORE);
        op->done = t;
    }
    return op->done;
}

void seshat_recv_begin(seshat_op *op, seshat_comm *c, int source, int tag)
{
    op->is_send = 0;
    op->active = 1;
    op->comm = c;
    op->peer = source;
    op->tag = tag;
    op->matched = 0;
    op->t_post = seshat_clock_now();
    if (seshat_tracing)
        seshat_trace_post(op->req_id);
}

static seshat_msg msg_of(const seshat_envelope *e)
{
    seshat_msg msg = { e->bytes, e->t_inject, SESHAT_ENV_PROTO(e->proto), e->src, e->dst };
    return msg;
}

static void match_direct(seshat_op *op, const MPI_Status *st)
{
    const seshat_model *m = &seshat_rt.model;
    seshat_envelope e = seshat_inbox_envelope(op->comm, st->MPI_SOURCE, st->MPI_TAG, 0);
    seshat_msg msg = msg_of(&e);
    seshat_p2p_times t = m->p2p(m, &msg, op->t_post);
    if (e.proto == SESHAT_PROTO_RENDEZVOUS)   /* NOREPLY fails this test */
        seshat_real.Send(&t.sender_done, sizeof t.sender_done, MPI_BYTE, e.src,
                         SESHAT_TAG_REPLY0 + e.seq, seshat_rt.control);
    op->arrival = t.arrival;
}

static void match_relay(seshat_op *op, const MPI_Status *st)
{
    int src = op->comm->peer_world[st->MPI_SOURCE];
    seshat_answer a = seshat_inbox_answer(src, op->comm->id, st->MPI_TAG, 1);
    if (a.type == SESHAT_ANS_NEED_POST) {
        seshat_post p = { src, a.seq, op->t_post };
        seshat_real.Send(&p, sizeof p, MPI_BYTE, seshat_model_rank_of(src), SESHAT_TAG_POST,
                         seshat_rt.control);
        a = seshat_inbox_final(src, a.seq);
    }
    op->arrival = a.arrival;
}

void seshat_recv_match(seshat_op *op, const MPI_Status *st)
{
    int cancelled = 0;
    seshat_req_track_unmatched(op, 0);   /* no one needs to serve it now */
    seshat_real.Test_cancelled(st, &cancelled);
    op->status = *st;
    op->matched = 1;
    if (cancelled || st->MPI_SOURCE == MPI_PROC_NULL) {
        op->arrival = -1;
        return;
    }
    if (seshat_rt.relay)
        match_relay(op, st);
    else
        match_direct(op, st);
    if (seshat_tracing) {
        int count = 0;
        seshat_real.Get_count(st, MPI_BYTE, &count);
        seshat_trace_recv(op->comm->peer_world[st->MPI_SOURCE], st->MPI_TAG, op->comm->id, count,
                          op->req_id);
    }
}

seshat_vtime seshat_recv_finish(seshat_op *op, seshat_vtime t_call)
{
    if (op->arrival < 0)
        return t_call;
    return seshat_rt.model.recv_done(&seshat_rt.model, t_call, op->arrival);
}

seshat_vtime seshat_peek_arrival(seshat_comm *c, const MPI_Status *st)
{
    const seshat_model *m = &seshat_rt.model;
    if (st->MPI_SOURCE == MPI_PROC_NULL)
        return seshat_clock_now();
    if (seshat_rt.relay) {
        int src = c->peer_world[st->MPI_SOURCE];
        return seshat_inbox_answer(src, c->id, st->MPI_TAG, 0).arrival;
    }
    seshat_envelope e = seshat_inbox_envelope(c, st->MPI_SOURCE, st->MPI_TAG, 1);
    seshat_msg msg = msg_of(&e);
    return seshat_model_visible(m, &msg);
}

/* ---- waiting while serving ---- */

static int serve_one(MPI_Request req, seshat_op *op)
{
    int flag = 0;
    MPI_Status st;
    seshat_real.Request_get_status(req, &flag, &st);
    if (flag)
        seshat_recv_match(op, &st);
    return 0;
}

int seshat_serving(void) { return serving; }

void seshat_serve(void)
{
    if (serving)
        return;
    serving = 1;
    if (seshat_rt.relay)
        seshat_inbox_drain();
    seshat_req_foreach_unmatched(serve_one);
    serving = 0;
}

int seshat_wait_real(MPI_Request *req, MPI_Status *st)
{
    if (seshat_req_unmatched_count() == 0 || serving)
        return seshat_real.Wait(req, st);
    for (;;) {
        int flag = 0;
        int rc = seshat_real.Test(req, &flag, st);
        if (rc != MPI_SUCCESS || flag)
            return rc;
        seshat_serve();
        sched_yield();
    }
}

/* p2p.c - the point-to-point protocol: envelopes out, arrivals in, and the
 * Lamport merge. See docs/models.md and DESIGN.md (Protocols). */
#include <sched.h>
#include <string.h>

#include "rank/inbox.h"
#include "rank/ordinals.h"
#include "trace/trace.h"

static seshat_vtime nic_free;     /* sender-local: when the NIC may inject again */
static int32_t next_seq;
static int serving;
static long long sent_messages, sent_bytes;   /* for the end-of-run summary */

/* ---- contention = on: promises (docs/models.md, "Contention") ---- */
static long long answers_taken;
static seshat_ordinals *sent_ordinals;   /* per (dst, comm, tag) */
static int block_sent;           /* the model knows we wait, in this state */
static seshat_block last_block;

void seshat_answer_taken(void)
{
    answers_taken++;
    seshat_watch_progress();
}
void seshat_reported(void) { block_sent = 0; }

int64_t seshat_promise_floor(void)
{
    seshat_vtime c = seshat_clock_now(), pm = seshat_req_first_unmatched_post();
    return pm < c ? pm : c;
}

void seshat_block_report(void)
{
    if (!seshat_rt.contention)
        return;
    seshat_block b = { seshat_clock_now(), seshat_req_first_unmatched_post(), answers_taken,
                       seshat_inbox_min() };
    if (block_sent && b.clock == last_block.clock && b.post_min == last_block.post_min &&
        b.answers == last_block.answers && b.inbox_min == last_block.inbox_min)
        return;
    seshat_real.Send(&b, sizeof b, MPI_BYTE, seshat_model_rank_of(seshat_rt.world_rank),
                     SESHAT_TAG_BLOCK, seshat_rt.control);
    block_sent = 1;
    last_block = b;
}

struct waiting { const seshat_comm *c; int source, tag; };
static struct waiting waiting;

void seshat_recv_waiting(const seshat_comm *c, int source, int tag)
{
    waiting.c = c;
    waiting.source = source;
    waiting.tag = tag;
}

static int filter_takes(const seshat_comm *c, int peer, int ftag, int src, int32_t comm_id, int tag)
{
    return c->id == comm_id && (ftag == MPI_ANY_TAG || ftag == tag) &&
           (peer == MPI_ANY_SOURCE || (peer >= 0 && peer < c->peer_size && c->peer_world[peer] == src));
}

static int could_take;
static int32_t ct_comm;
static int ct_src, ct_tag;

static int check_take(MPI_Request req, seshat_op *op)
{
    (void)req;
    if (!op->matched && filter_takes(op->comm, op->peer, op->tag, ct_src, ct_comm, ct_tag))
        could_take = 1;
    if (op->matched && op->stage == 1 &&
        filter_takes(op->comm, op->status.MPI_SOURCE, op->status.MPI_TAG, ct_src, ct_comm, ct_tag))
        could_take = 1;
    return could_take;
}

int seshat_recv_could_take(int src, int32_t comm_id, int tag)
{
    if (waiting.c && filter_takes(waiting.c, waiting.source, waiting.tag, src, comm_id, tag))
        return 1;
    could_take = 0;
    ct_src = src;
    ct_comm = comm_id;
    ct_tag = tag;
    seshat_req_foreach_unmatched(check_take);
    return could_take;
}

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
    if (seshat_rt.contention) {
        e.floor = seshat_promise_floor();
        e.ordinal = seshat_ordinal(&sent_ordinals, e.dst, c->id, tag, 1);
        seshat_reported();
    }
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

int seshat_send_ready(seshat_op *op)
{
    seshat_answer a;
    if (op->done >= 0 || !seshat_rt.contention)
        return 1;
    if (!seshat_inbox_try_reply(op->comm->peer_world[op->peer], op->seq, &a))
        return 0;
    op->done = a.arrival;
    return 1;
}

seshat_vtime seshat_send_finish(seshat_op *op)
{
    if (op->done < 0 && seshat_rt.contention) {
        op->done = seshat_inbox_reply(op->comm->peer_world[op->peer], op->seq).arrival;
    } else if (op->done < 0) {
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
    op->stage = 0;
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

/* Relay: go as far as the answers at hand allow; never waits. A
 * rendezvous posts as soon as its request-to-send is here. Returns 1 once
 * the arrival is known. */
static int relay_progress(seshat_op *op)
{
    int src = op->comm->peer_world[op->status.MPI_SOURCE];
    seshat_answer a;
    if (op->stage == 1) {
        if (!seshat_inbox_try(src, op->comm->id, op->status.MPI_TAG, &a))
            return 0;
        if (a.type != SESHAT_ANS_NEED_POST) {
            op->arrival = a.arrival;
            op->stage = 3;
            return 1;
        }
        seshat_post p = { src, a.seq, op->t_post };
        seshat_real.Send(&p, sizeof p, MPI_BYTE, seshat_model_rank_of(src), SESHAT_TAG_POST,
                         seshat_rt.control);
        op->seq = a.seq;
        op->stage = 2;
    }
    if (op->stage == 2) {
        if (!seshat_inbox_try_final(src, op->seq, &a))
            return 0;
        op->arrival = a.arrival;
        op->stage = 3;
    }
    return op->stage == 3;
}

/* Progress a matched receive; once done no one needs to serve it. */
int seshat_recv_poll(seshat_op *op)
{
    int done = op->stage >= 3 || relay_progress(op);
    if (done)
        seshat_req_track_unmatched(op, 0);
    return done;
}

void seshat_recv_match(seshat_op *op, const MPI_Status *st)
{
    int cancelled = 0;
    seshat_real.Test_cancelled(st, &cancelled);
    op->status = *st;
    op->matched = 1;
    seshat_watch_progress();
    op->stage = 3;
    if (cancelled || st->MPI_SOURCE == MPI_PROC_NULL) {
        seshat_req_track_unmatched(op, 0);
        op->arrival = -1;
        return;
    }
    if (seshat_rt.relay) {
        op->stage = 1;
        seshat_recv_poll(op);
    } else {
        seshat_req_track_unmatched(op, 0);
        match_direct(op, st);
    }
    if (seshat_tracing) {
        int count = 0;
        seshat_real.Get_count(st, MPI_BYTE, &count);
        seshat_trace_recv(op->comm->peer_world[st->MPI_SOURCE], st->MPI_TAG, op->comm->id, count,
                          op->req_id);
    }
}

seshat_vtime seshat_recv_finish(seshat_op *op, seshat_vtime t_call)
{
    if (op->matched && !seshat_recv_poll(op)) {
        /* a receive of the caller's own, maybe on the stack: the answers it
         * takes may end this wait */
        struct waiting saved = waiting;
        seshat_recv_waiting(op->comm, op->status.MPI_SOURCE, op->status.MPI_TAG);
        while (!seshat_recv_poll(op))
            seshat_inbox_pump();
        waiting = saved;
    }
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
    if (op->matched) {
        seshat_recv_poll(op);
        return 0;
    }
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

/* A plain wait that notices the watchdog's limit: MPI_Wait's own loop,
 * a clock read every 256 turns. */
static int wait_polled(MPI_Request *req, MPI_Status *st)
{
    for (unsigned n = 0;; n++) {
        int flag = 0;
        int rc = seshat_real.Test(req, &flag, st);
        if (rc != MPI_SUCCESS || flag)
            return rc;
        seshat_watch_tick(n);
    }
}

int seshat_wait_real_for(MPI_Request *req, MPI_Status *st, int needs_answer)
{
    if ((seshat_req_unmatched_count() == 0 && !seshat_rt.contention) || serving)
        return seshat_watch_ns ? wait_polled(req, st) : seshat_real.Wait(req, st);
    for (;;) {
        int flag = 0;
        int rc = seshat_real.Test(req, &flag, st);
        if (rc != MPI_SUCCESS || flag)
            return rc;
        if (needs_answer)
            seshat_block_report();
        seshat_serve();
        seshat_watch_idle();
    }
}

int seshat_wait_real(MPI_Request *req, MPI_Status *st)
{
    return seshat_wait_real_for(req, st, 0);
}

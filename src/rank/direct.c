/* direct.c - the direct path (path.h): an envelope travels to the
 * receiver on the communicator's shadow, ahead of the data, and to the
 * model rank in batches (for its statistics and the trace); the receiver
 * times the message itself and replies a rendezvous completion straight
 * to the sender (docs/design.md, "Point-to-point"). */
#include "common/wake.h"
#include "rank/inbox.h"
#include "rank/path.h"
#include "rank/progress.h"

/* Envelopes go to the model rank in batches of up to SESHAT_BATCH_MAX, from
 * a pool of buffers: one fills while the others' sends are in flight. An
 * eager send over shared memory completes only once the receiver has taken
 * it, and in direct mode the model rank naps (it is off the message path,
 * and a loaded machine may not run it for milliseconds), so with two
 * buffers a rank that sent fast waited for it every 64 messages: four
 * fifths of the cost of a message sent to itself (docs/performance.md). The pool
 * grows instead, up to POOL_MAX buffers (0.9 MB), before a rank waits. */
#define POOL_MAX 256
static struct {
    seshat_envelope *buf[POOL_MAX];
    MPI_Request req[POOL_MAX];
    int nbuf;                  /* buffers allocated */
    int cur, n;                /* the one filling (-1: none yet), its count */
    int spare[POOL_MAX], nspare;   /* free buffers */
    int fly[POOL_MAX], fly0, nfly; /* in flight, oldest first (a ring) */
} out = { .cur = -1 };

_Static_assert(SESHAT_BATCH_MAX > 0 && SESHAT_BATCH_MAX * sizeof(seshat_envelope) <= INT32_MAX,
               "a batch's byte count must fit MPI's int count");

/* The oldest batch in flight is taken (waiting for it if need be): its
 * buffer is spare. */
static void retire_oldest(void)
{
    int i = out.fly[out.fly0];
    seshat_ctl(seshat_watch_wait(&out.req[i], "the model rank to take envelopes"),
               "Wait(envelope batch)");
    out.fly0 = (out.fly0 + 1) % POOL_MAX;
    out.nfly--;
    out.spare[out.nspare++] = i;
}

/* A buffer to fill: a spare one, the oldest one's if it was taken, a new
 * one, or at most POOL_MAX buffers, the oldest one's once it is taken. */
static int free_buffer(void)
{
    if (!out.nspare && out.nfly) {
        int done = 0;
        seshat_ctl(seshat_real.Test(&out.req[out.fly[out.fly0]], &done, MPI_STATUS_IGNORE),
                   "Test(envelope batch)");
        if (done || out.nbuf == POOL_MAX)
            retire_oldest();
    }
    if (out.nspare)
        return out.spare[--out.nspare];
    out.buf[out.nbuf] = seshat_xmalloc(sizeof(seshat_envelope) * SESHAT_BATCH_MAX);
    return out.nbuf++;
}

static void batch_send(void)
{
    int i = out.cur;
    seshat_ctl(seshat_real.Isend(out.buf[i], (int)(out.n * sizeof(seshat_envelope)), MPI_BYTE,
                                 seshat_model_rank_of(seshat_rt.world_rank), SESHAT_TAG_BATCH,
                                 seshat_rt.control, &out.req[i]),
               "Isend(envelope batch)");
    seshat_wake_peer(seshat_model_rank_of(seshat_rt.world_rank));   /* it may nap */
    out.fly[(out.fly0 + out.nfly++) % POOL_MAX] = i;
    out.cur = -1;
    out.n = 0;
}

/* Every batch out and taken (the end of the run). */
static void direct_flush(void)
{
    if (out.n > 0)
        batch_send();
    while (out.nfly)
        retire_oldest();
}

/* A rendezvous reply's tag is SESHAT_TAG_REPLY0 + seq: within Open MPI's
 * tag range (2^31 - 1) for every sequence number. */
_Static_assert((long long)SESHAT_TAG_REPLY0 + SESHAT_SEQ_MASK <= INT32_MAX,
               "reply tags must stay valid MPI tags");

static void direct_send(seshat_envelope *e, seshat_op *op, seshat_comm *c, int dest)
{
    op->reply_from = e->dst;
    seshat_ctl(seshat_real.Send(e, sizeof *e, MPI_BYTE, dest, e->tag, c->shadow),
               "Send(envelope)");
    if (out.cur < 0)
        out.cur = free_buffer();
    out.buf[out.cur][out.n++] = *e;
    if (out.n == SESHAT_BATCH_MAX)
        batch_send();
}

/* The completion is a message of its own, not an answer. */
static int direct_send_ready(seshat_op *op)
{
    (void)op;
    return 1;
}

/* The rendezvous completion, from the receiver (direct) or the model rank
 * (relay without promises): a message of its own on the control comm. */
void seshat_path_reply_wait(seshat_op *op)
{
    int64_t t;
    MPI_Request req;
    seshat_ctl(seshat_real.Irecv(&t, sizeof t, MPI_BYTE, op->reply_from,
                                 SESHAT_TAG_REPLY0 + op->seq, seshat_rt.control, &req),
               "Irecv(reply)");
    seshat_ctl(seshat_progress_wait_req(&req, MPI_STATUS_IGNORE, 0, NULL), "Wait(reply)");
    op->done = t;
}

static seshat_msg msg_of(const seshat_envelope *e)
{
    seshat_msg msg = { e->bytes, e->t_inject, SESHAT_ENV_PROTO(e->proto), e->src, e->dst };
    return msg;
}

static void direct_recv_matched(seshat_op *op)
{
    const seshat_model *m = &seshat_rt.model;
    seshat_req_track_unmatched(op, 0);
    seshat_envelope e = seshat_inbox_envelope(op->comm, op->status.MPI_SOURCE,
                                              op->status.MPI_TAG, 0);
    seshat_msg msg = msg_of(&e);
    seshat_p2p_times t = m->p2p(m, &msg, op->t_post);
    if (e.proto == SESHAT_PROTO_RENDEZVOUS)   /* NOREPLY fails this test */
        seshat_ctl(seshat_real.Send(&t.sender_done, sizeof t.sender_done, MPI_BYTE, e.src,
                                    SESHAT_TAG_REPLY0 + e.seq, seshat_rt.control),
                   "Send(reply)");
    op->arrival = t.arrival;
}

/* The arrival is known at the match. */
static int direct_recv_advance(seshat_op *op) { return op->stage >= SESHAT_RECV_KNOWN; }

static seshat_vtime direct_peek(seshat_comm *c, const MPI_Status *st)
{
    seshat_envelope e = seshat_inbox_envelope(c, st->MPI_SOURCE, st->MPI_TAG, 1);
    seshat_msg msg = msg_of(&e);
    return seshat_model_visible(&seshat_rt.model, &msg);
}

static void direct_drain(void) {}

/* The members exchange their entries and each evaluates the schedule. */
static int direct_coll_enter(const seshat_coll_entry *e)
{
    (void)e;
    return 0;
}

const seshat_path seshat_path_direct = {
    .name = "direct",
    .promises = 0,
    .send = direct_send,
    .flush = direct_flush,
    .send_ready = direct_send_ready,
    .send_wait = seshat_path_reply_wait,
    .recv_matched = direct_recv_matched,
    .recv_advance = direct_recv_advance,
    .peek = direct_peek,
    .drain = direct_drain,
    .coll_enter = direct_coll_enter,
};

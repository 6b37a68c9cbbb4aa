/* direct.c - the direct path (path.h): an envelope travels to the
 * receiver on the communicator's shadow, ahead of the data, and to the
 * model rank in batches (for its statistics and the trace); the receiver
 * times the message itself and replies a rendezvous completion straight
 * to the sender (docs/design.md, "Point-to-point"). */
#include "rank/inbox.h"
#include "rank/path.h"
#include "rank/progress.h"

/* Envelopes go to the model rank in batches, from a ring of buffers: one
 * fills while the others' sends are in flight. An eager send over shared
 * memory completes only once the receiver has taken it, and in direct mode
 * the model rank naps (it is off the message path), so with only two
 * buffers a rank that sends fast waited for the model rank every 64
 * messages: a third of the cost of a message sent to itself (measured,
 * docs/performance.md). With BATCH_RING buffers a rank waits only when
 * the model rank is BATCH_RING batches behind. */
#define BATCH_RING 16
static struct {
    seshat_envelope batch[BATCH_RING][SESHAT_BATCH_MAX];
    int n, cur;
    MPI_Request req[BATCH_RING];
    int busy[BATCH_RING];    /* req[i] is a send in flight */
} out;

_Static_assert(SESHAT_BATCH_MAX > 0 && SESHAT_BATCH_MAX * sizeof(seshat_envelope) <= INT32_MAX,
               "a batch's byte count must fit MPI's int count");

/* A rendezvous reply's tag is SESHAT_TAG_REPLY0 + seq: within Open MPI's
 * tag range (2^31 - 1) for every sequence number. */
_Static_assert((long long)SESHAT_TAG_REPLY0 + SESHAT_SEQ_MASK <= INT32_MAX,
               "reply tags must stay valid MPI tags");

/* Buffer i's send, if any, is over (waiting for it when `wait`). */
static void batch_free(int i, int wait)
{
    int done = 0;
    if (!out.busy[i])
        return;
    if (!wait)
        seshat_ctl(seshat_real.Test(&out.req[i], &done, MPI_STATUS_IGNORE), "Test(envelope batch)");
    if (!done)
        seshat_ctl(seshat_watch_wait(&out.req[i], "the model rank to take envelopes"),
                   "Wait(envelope batch)");
    out.busy[i] = 0;
}

/* Send the filled buffer out and move to the next one, which must be free. */
static void batch_send(void)
{
    seshat_ctl(seshat_real.Isend(out.batch[out.cur], (int)(out.n * sizeof(seshat_envelope)),
                                 MPI_BYTE, seshat_model_rank_of(seshat_rt.world_rank),
                                 SESHAT_TAG_BATCH, seshat_rt.control, &out.req[out.cur]),
               "Isend(envelope batch)");
    out.busy[out.cur] = 1;
    out.cur = (out.cur + 1) % BATCH_RING;
    out.n = 0;
    batch_free(out.cur, 0);
}

/* Every batch out and taken (the end of the run). */
static void direct_flush(void)
{
    if (out.n > 0)
        batch_send();
    for (int i = 0; i < BATCH_RING; i++)
        batch_free(i, 1);
}

static void direct_send(seshat_envelope *e, seshat_op *op, seshat_comm *c, int dest)
{
    op->reply_from = e->dst;
    seshat_ctl(seshat_real.Send(e, sizeof *e, MPI_BYTE, dest, e->tag, c->shadow),
               "Send(envelope)");
    out.batch[out.cur][out.n++] = *e;
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

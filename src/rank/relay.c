/* relay.c - the relay path (path.h): envelopes go to the model rank
 * serving the sender, which times each message and answers the receiver
 * (and a rendezvous sender); a rendezvous receiver posts its receive time
 * first (docs/design.md, "Point-to-point"). With contention = on the same
 * path keeps the promises of promises.h: seshat_path_contended. Every
 * report wakes the model rank it goes to (common/wake.h): it sleeps while
 * nothing comes (docs/design.md, "The model rank"). */
#include "rank/inbox.h"
#include "rank/path.h"
#include "rank/progress.h"
#include "rank/promises.h"
#include "rank/to_model.h"

static int model_rank(void) { return seshat_model_rank_of(seshat_rt.world_rank); }

static void relay_send(seshat_envelope *e, seshat_op *op, seshat_comm *c, int dest)
{
    (void)c;
    (void)dest;
    op->reply_from = model_rank();
    seshat_to_model(e, sizeof *e, model_rank(), SESHAT_TAG_ENV, "Send(envelope)");
}

/* Nothing is batched. */
static void relay_flush(void) {}

static int relay_send_ready(seshat_op *op)
{
    (void)op;
    return 1;
}

/* Go as far as the answers at hand allow; never waits. A rendezvous posts
 * as soon as its request-to-send is here. Returns 1 once the arrival is
 * known. */
static int relay_recv_advance(seshat_op *op)
{
    int src = op->comm->peer_world[op->status.MPI_SOURCE];
    seshat_answer a;
    if (op->stage == SESHAT_RECV_AWAIT_FIRST) {
        if (!seshat_inbox_try(src, op->comm->id, op->status.MPI_TAG, &a))
            return 0;
        if (a.type != SESHAT_ANS_NEED_POST) {
            op->arrival = a.arrival;
            op->stage = SESHAT_RECV_KNOWN;
            return 1;
        }
        seshat_post p = { src, a.seq, op->t_post };
        seshat_to_model(&p, sizeof p, seshat_model_rank_of(src), SESHAT_TAG_POST, "Send(post)");
        op->seq = a.seq;
        op->stage = SESHAT_RECV_AWAIT_FINAL;
    }
    if (op->stage == SESHAT_RECV_AWAIT_FINAL) {
        if (!seshat_inbox_try_final(src, op->seq, &a))
            return 0;
        op->arrival = a.arrival;
        op->stage = SESHAT_RECV_KNOWN;
    }
    return op->stage == SESHAT_RECV_KNOWN;
}

/* The answers come later (recv_advance takes them). */
static void relay_recv_matched(seshat_op *op) { op->stage = SESHAT_RECV_AWAIT_FIRST; }

static seshat_vtime relay_peek(seshat_comm *c, const MPI_Status *st)
{
    int src = c->peer_world[st->MPI_SOURCE];
    return seshat_progress_answer(src, c->id, st->MPI_TAG, 0).arrival;
}

/* The model rank of member 0 times the collective and answers everyone. */
static int relay_coll_enter(const seshat_coll_entry *e)
{
    seshat_to_model(e, sizeof *e, seshat_model_rank_of(e->leader), SESHAT_TAG_COLL,
                    "Send(collective entry)");
    seshat_reported();
    return 1;
}

const seshat_path seshat_path_relay = {
    .name = "relay",
    .promises = 0,
    .send = relay_send,
    .flush = relay_flush,
    .send_ready = relay_send_ready,
    .send_wait = seshat_path_reply_wait,
    .recv_matched = relay_recv_matched,
    .recv_advance = relay_recv_advance,
    .peek = relay_peek,
    .drain = seshat_progress_drain,
    .coll_enter = relay_coll_enter,
};

/* ---- contention = on: the relay path with promises ---- */

/* Every report carries the floor; the messages of a key are numbered. */
static void contended_send(seshat_envelope *e, seshat_op *op, seshat_comm *c, int dest)
{
    e->floor = seshat_promise_floor();
    e->ordinal = seshat_promise_ordinal(e->dst, c->id, e->tag);
    seshat_reported();
    relay_send(e, op, c, dest);
}

/* The completion comes as an answer (REPLY), in the inbox. */
static int contended_send_ready(seshat_op *op)
{
    seshat_answer a;
    if (!seshat_inbox_try_reply(op->comm->peer_world[op->peer], op->seq, &a))
        return 0;
    op->done = a.arrival;
    return 1;
}

static int send_known(void *ctx) { return contended_send_ready(ctx); }

static void contended_send_wait(seshat_op *op)
{
    seshat_progress_until(send_known, op, NULL);
}

const seshat_path seshat_path_contended = {
    .name = "relay",
    .promises = 1,
    .send = contended_send,
    .flush = relay_flush,
    .send_ready = contended_send_ready,
    .send_wait = contended_send_wait,
    .recv_matched = relay_recv_matched,
    .recv_advance = relay_recv_advance,
    .peek = relay_peek,
    .drain = seshat_progress_drain,
    .coll_enter = relay_coll_enter,
    .sync_enter = seshat_promises_sync_enter,
};

const seshat_path *seshat_path_select(const seshat_config *cfg, const seshat_model *m)
{
    /* (contention on the direct path is refused when the model loads) */
    if (cfg->path != SESHAT_PATH_RELAY)
        return &seshat_path_direct;
    return seshat_model_contended(m, cfg) ? &seshat_path_contended : &seshat_path_relay;
}

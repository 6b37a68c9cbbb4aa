/* promises.c - contention = on: floors, BLOCK messages, ordinals
 * (promises.h; docs/models.md, "Contention"). */
#include "rank/inbox.h"
#include "rank/ordinals.h"
#include "rank/promises.h"
#include "rank/to_model.h"

/* This rank's promise state: one instance per process (one rank). */
static struct {
    int on;                  /* contention = on */
    long long answers_taken;
    seshat_ordinals *sent;   /* per (dst, comm, tag) */
    int block_sent;          /* the model knows we wait, in this state */
    seshat_block last_block;
} pr;

void seshat_promises_init(int on) { pr.on = on; }

void seshat_answer_taken(void)
{
    pr.answers_taken++;
    seshat_watch_progress();
}

void seshat_reported(void) { pr.block_sent = 0; }

int64_t seshat_promise_floor(void)
{
    seshat_vtime c = seshat_clock_now(), pm = seshat_req_first_unmatched_post();
    return pm < c ? pm : c;
}

int32_t seshat_promise_ordinal(int dst, int32_t comm_id, int tag)
{
    return seshat_ordinal(&pr.sent, dst, comm_id, tag, 1);
}

static int filter_takes(const seshat_comm *c, int peer, int ftag, int src, int32_t comm_id, int tag)
{
    return c->id == comm_id && (ftag == MPI_ANY_TAG || ftag == tag) &&
           (peer == MPI_ANY_SOURCE || (peer >= 0 && peer < c->peer_size && c->peer_world[peer] == src));
}

/* A message (src world rank, comm_id, tag) to look for among the receives. */
struct take_query {
    int src, tag;
    int32_t comm_id;
    int found;
};

static int check_take(MPI_Request req, seshat_op *op, void *ctx)
{
    struct take_query *q = ctx;
    (void)req;
    if (!op->matched && filter_takes(op->comm, op->peer, op->tag, q->src, q->comm_id, q->tag))
        q->found = 1;
    if (op->matched && op->stage == SESHAT_RECV_AWAIT_FIRST &&
        filter_takes(op->comm, op->status.MPI_SOURCE, op->status.MPI_TAG, q->src, q->comm_id,
                     q->tag))
        q->found = 1;
    return q->found;
}

/* Whether a posted receive not matched yet (or the caller's own, `ctx`)
 * could take a message from world rank src on comm_id with tag. */
static int could_take(int src, int32_t comm_id, int tag, void *ctx)
{
    const seshat_filter *w = ctx;
    if (src < 0)   /* a collective's answer: only the one the caller awaits */
        return w && w->c && w->coll_seq >= 0 && w->c->id == comm_id && w->coll_seq == tag;
    if (w && w->c && (!w->op || w->op->stage == SESHAT_RECV_AWAIT_FIRST) &&
        filter_takes(w->c, w->source, w->tag, src, comm_id, tag))
        return 1;
    struct take_query q = { src, tag, comm_id, 0 };
    seshat_req_foreach_unmatched(check_take, &q);
    return q.found;
}

void seshat_block_report(const seshat_filter *waiting)
{
    if (!pr.on)
        return;
    seshat_block b = { seshat_clock_now(), seshat_req_first_unmatched_post(), pr.answers_taken,
                       seshat_inbox_min(could_take, (void *)waiting) };
    if (pr.block_sent && b.clock == pr.last_block.clock && b.post_min == pr.last_block.post_min &&
        b.answers == pr.last_block.answers && b.inbox_min == pr.last_block.inbox_min)
        return;
    seshat_to_model(&b, sizeof b, seshat_model_rank_of(seshat_rt.world_rank), SESHAT_TAG_BLOCK,
                    "Send(BLOCK)");
    pr.block_sent = 1;
    pr.last_block = b;
}

/* ---- synchronizations with the model (path.h sync_enter) ---- */

/* World rank of member 0 and the size of the group a synchronization on
 * c covers: both groups of an intercommunicator. */
static void sync_group(const seshat_comm *c, int *leader, int *p, int *rank)
{
    if (!c->is_inter) {
        *leader = c->peer_world[0];
        *p = c->peer_size;
        *rank = c->my_rank;
        return;
    }
    MPI_Group mg, wg;
    int zero = 0;
    SESHAT_CHECKED(Comm_group, c->merged, &mg);
    SESHAT_CHECKED(Comm_group, MPI_COMM_WORLD, &wg);
    SESHAT_CHECKED(Group_translate_ranks, mg, 1, &zero, wg, leader);
    SESHAT_CHECKED(Group_free, &mg);
    SESHAT_CHECKED(Group_free, &wg);
    SESHAT_CHECKED(Comm_size, c->merged, p);
    *rank = c->merged_rank;
}

int seshat_promises_sync_enter(seshat_comm *c, int32_t seq)
{
    int leader, p, rank;
    sync_group(c, &leader, &p, &rank);
    seshat_coll_entry e = { c->id, seq, p, rank, SESHAT_COLL_SYNC, 0, 0, seshat_rt.world_rank,
                            leader, 0, seshat_clock_now(), 0, seshat_promise_floor() };
    seshat_to_model(&e, sizeof e, seshat_model_rank_of(leader), SESHAT_TAG_COLL,
                    "Send(synchronization)");
    seshat_reported();
    return 1;
}

/* coll.c - entry-time exchange and exit times for collectives (coll.h). */
#include <stdlib.h>

#include "core/coll.h"
#include "core/inbox.h"
#include "trace/trace.h"

struct member { int64_t entry, bytes, root; };

struct seshat_coll_pending {
    seshat_comm *comm;
    seshat_coll desc;
    int32_t seq;
    struct member mine;
    struct member *all;      /* direct: every member's entry and block */
    MPI_Request req;         /* direct: the exchange */
};

int seshat_coll_modeled(const seshat_comm *c) { return c != NULL; }

static struct seshat_coll_pending *start(seshat_comm *c, enum seshat_coll_kind kind, int root,
                                         int64_t bytes, uint32_t req)
{
    struct seshat_coll_pending *pd = calloc(1, sizeof *pd);
    if (!pd)
        return NULL;
    pd->comm = c;
    pd->desc = (seshat_coll){ kind, kind < 11 ? seshat_rt.cfg.coll_alg[kind] : SESHAT_ALG_AUTO,
                              c->peer_size, root, bytes, seshat_rt.cfg.collective_factor };
    pd->seq = c->coll_seq++;
    if (seshat_tracing)
        seshat_trace_coll(kind, c->id, root, bytes, req);
    pd->mine = (struct member){ seshat_clock_now(), bytes, root };
    if (c->is_inter) {   /* both paths: every member evaluates (see coll.h) */
        int n = 0;
        seshat_real.Comm_size(c->merged, &n);
        pd->desc.p = n;
        pd->all = malloc(sizeof *pd->all * (size_t)n);
        seshat_real.Iallgather(&pd->mine, sizeof pd->mine, MPI_BYTE, pd->all, sizeof pd->mine,
                               MPI_BYTE, c->merged, &pd->req);
        return pd;
    }
    if (seshat_rt.relay) {
        seshat_coll_entry e = { c->id, pd->seq, c->peer_size, c->my_rank, kind, pd->desc.alg,
                                root, seshat_rt.world_rank, c->peer_world[0], 0,
                                pd->mine.entry, bytes };
        seshat_real.Send(&e, sizeof e, MPI_BYTE, seshat_model_rank_of(c->peer_world[0]),
                         SESHAT_TAG_COLL, seshat_rt.control);
        return pd;
    }
    pd->all = malloc(sizeof *pd->all * (size_t)c->peer_size);
    seshat_real.Iallgather(&pd->mine, sizeof pd->mine, MPI_BYTE, pd->all, sizeof pd->mine,
                           MPI_BYTE, c->shadow, &pd->req);
    return pd;
}

/* Every member evaluates the same schedule on the same inputs. */
static seshat_vtime evaluate(struct seshat_coll_pending *pd)
{
    int p = pd->desc.p;
    seshat_vtime *entry = malloc(sizeof *entry * (size_t)p * 2), *exit = entry + p;
    if (!entry)
        return pd->mine.entry;
    for (int r = 0; r < p; r++) {
        entry[r] = pd->all[r].entry;
        if (pd->all[r].bytes > pd->desc.bytes)
            pd->desc.bytes = pd->all[r].bytes;   /* v-variants: the largest block */
    }
    if (pd->comm->is_inter) {
        for (int r = 0; r < p; r++)
            if (pd->all[r].root == MPI_ROOT)
                pd->desc.root = r;
        seshat_coll_eval_inter(&seshat_rt.model, &pd->desc, pd->comm->low_size, entry, exit);
    } else {
        seshat_coll_eval(&seshat_rt.model, &pd->desc, entry, exit);
    }
    seshat_vtime t = exit[pd->comm->is_inter ? pd->comm->merged_rank : pd->comm->my_rank];
    free(entry);
    return t;
}

static seshat_vtime finish(struct seshat_coll_pending *pd)
{
    seshat_vtime t;
    if (!pd)
        return seshat_clock_now();
    if (seshat_rt.relay && !pd->comm->is_inter) {
        t = seshat_inbox_answer(-1, pd->comm->id, pd->seq, 1).arrival;
    } else {
        seshat_wait_real(&pd->req, MPI_STATUS_IGNORE);
        t = evaluate(pd);
    }
    free(pd->all);
    free(pd);
    return t;
}

void seshat_coll_blocking(seshat_comm *c, enum seshat_coll_kind kind, int root, int64_t bytes)
{
    seshat_clock_advance_to(finish(start(c, kind, root, bytes, 0)));
}

void seshat_coll_post(seshat_op *op, seshat_comm *c, enum seshat_coll_kind kind, int root,
                      int64_t bytes)
{
    op->active = 1;
    op->comm = c;
    op->req_id = seshat_req_next_id();
    op->coll = start(c, kind, root, bytes, op->req_id);
}

seshat_vtime seshat_coll_finish(seshat_op *op)
{
    seshat_vtime t = finish(op->coll);
    op->coll = NULL;
    op->done = t;
    return t;
}

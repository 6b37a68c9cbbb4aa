/* path.h - how a rank's envelopes reach the model and its timings come
 * back: one interface, one file per backend (direct.c, relay.c), chosen
 * once at start (network.path; contention = on is the relay path that
 * keeps promises, promises.h). Callers never test which path runs.
 *
 * Every operation here except send_wait and peek returns without
 * waiting; those two wait through the progress engine (progress.h). */
#ifndef SESHAT_PATH_H
#define SESHAT_PATH_H

#include "rank/core.h"

typedef struct seshat_path {
    const char *name;        /* as the summary line names it */
    /* Contention's promises: every wait serves, answers are taken in
     * ordinal order, waits are announced, collectives synchronize with
     * the model (docs/models.md, "Contention"). */
    int promises;
    /* Deliver the envelope e of send op (to comm rank dest on c) and set
     * op->reply_from, where a rendezvous completion comes from. */
    void (*send)(seshat_envelope *e, seshat_op *op, seshat_comm *c, int dest);
    /* Send batched envelopes out and wait until the model rank has them
     * all (direct; called at the end of the run). */
    void (*flush)(void);
    /* A rendezvous send's completion: 1 once op->done is known. */
    int (*send_ready)(seshat_op *op);
    void (*send_wait)(seshat_op *op);
    /* A receive matched (op->status set): learn what the answers at hand
     * tell; then advance it, 1 once op->arrival is known. */
    void (*recv_matched)(seshat_op *op);
    int (*recv_advance)(seshat_op *op);
    /* Arrival of the next message (st) on c, without consuming it. */
    seshat_vtime (*peek)(seshat_comm *c, const MPI_Status *st);
    /* Serving: take in what has come for this rank (relay: answers). */
    void (*drain)(void);
    /* A collective entry: 1 if the model times it (relay: sent to the
     * model rank of its member 0), 0 if the members exchange entries. */
    int (*coll_enter)(const seshat_coll_entry *e);
    /* Something that really synchronizes c's members without a schedule
     * the model runs (communicator creation, intercommunicator and
     * neighborhood collectives): 1 if the model must see it too (the
     * promises: a SESHAT_COLL_SYNC entry is out, its answer (-1, c->id,
     * seq) is the exit), 0 if nothing was sent. NULL: never. Called
     * through seshat_path_sync_enter. */
    int (*sync_enter)(seshat_comm *c, int32_t seq);
} seshat_path;

extern const seshat_path seshat_path_direct;      /* direct.c */
extern const seshat_path seshat_path_relay;       /* relay.c */
extern const seshat_path seshat_path_contended;   /* relay.c, with promises.c */

/* direct.c, shared with relay.c: wait for a rendezvous completion sent as
 * a message of its own on the control comm (from the receiver, direct; from
 * the model rank, relay without promises). */
void seshat_path_reply_wait(seshat_op *op);

static inline int seshat_path_sync_enter(seshat_comm *c, int32_t seq)
{
    return seshat_rt.path->sync_enter ? seshat_rt.path->sync_enter(c, seq) : 0;
}

/* The path for a configuration and its model (contention: its capability). */
const seshat_path *seshat_path_select(const seshat_config *cfg, const seshat_model *m);

#endif

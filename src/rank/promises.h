/* promises.h - contention = on: what this rank promises the model
 * (docs/models.md, "Contention"). Every report (an envelope, a collective
 * entry) carries a floor, the earliest virtual time this rank may still
 * send at; a rank about to wait for an answer says so once per state (a
 * BLOCK message); the messages of one (peer, communicator, tag) are
 * numbered so their answers are taken in MPI's matching order. */
#ifndef SESHAT_PROMISES_H
#define SESHAT_PROMISES_H

#include "rank/core.h"

/* What a blocking receive (or probe) waits for: an answer for it may end
 * the wait, so it counts as usable in a BLOCK message. */
typedef struct seshat_filter {
    const seshat_comm *c;    /* NULL: no receive of the caller's own */
    int source, tag;         /* comm rank or MPI_ANY_SOURCE; tag or MPI_ANY_TAG */
    /* The caller's receive once matched (source and tag then its
     * message's): it uses a first answer only while it awaits one. After
     * its NEED_POST it waits for its FINAL; the next message's NEED_POST
     * on the same key is not for it (counting it stopped the engine short
     * of this message's data: two rendezvous sends to one peer hung). */
    const seshat_op *op;
    /* A blocking collective's members meeting on c (seshat_coll_here): the
     * seq of its answer (-1, c->id, seq), else -1. Taken off the wire during
     * the meet, that answer is used right after it and bounds the rank's
     * next report; left out of the BLOCK message, the promise rose to the
     * engine's clock and a send after the exit started behind the engine. */
    int32_t coll_seq;
} seshat_filter;

/* on: contention = on (else the reports below are no-ops). */
void seshat_promises_init(int on);
/* min(clock, oldest unmatched receive's post time): the floor of a report. */
int64_t seshat_promise_floor(void);
/* A report (envelope, collective entry) has told the model we run. */
void seshat_reported(void);
/* The ordinal of the next message to world rank dst on (comm_id, tag). */
int32_t seshat_promise_ordinal(int dst, int32_t comm_id, int tag);
/* About to wait for an answer (or a failed poll): tell the model, once
 * per state; `waiting` (may be NULL) is the caller's own receive. No-op
 * unless contention. */
void seshat_block_report(const seshat_filter *waiting);
/* One answer taken off the wire. */
void seshat_answer_taken(void);
/* Enter a synchronization with the model on c (every member leaves at the
 * last entry; the answer is (-1, c->id, seq)), for what really
 * synchronizes without a schedule the model runs. The contended path's
 * sync_enter (path.h); returns 1. */
int seshat_promises_sync_enter(seshat_comm *c, int32_t seq);
/* The same for a group that is no communicator seshat knows, which only
 * its members call: MPI_Comm_create_group's (salt: the parent's id; tag:
 * the call's). Every member leaves at the last entry (group_sync.c).
 * No-op unless contention. */
void seshat_promises_sync_group(int32_t salt, MPI_Group group, int tag);
/* ... and a window's or a file's group, before a call collective over it
 * (MPI_Win_fence, MPI_File_write_all, ...). */
void seshat_promises_sync_win(MPI_Win win);
void seshat_promises_sync_file(MPI_File fh);

#endif

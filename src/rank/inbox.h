/* inbox.h - per-rank queues of what arrives ahead of its message: relay
 * answers from the model ranks, and direct-path envelopes read early by a
 * Probe. Both are FIFO per (source, communicator, tag), the order in which
 * MPI delivers the messages they describe. A store: nothing here waits for
 * an answer (progress.h does). */
#ifndef SESHAT_INBOX_H
#define SESHAT_INBOX_H

#include "rank/core.h"

/* ordered (contention): the first answers of a key are taken in the
 * ordinal order their senders gave them (ordinals.h). */
void seshat_inbox_init(int ordered);
/* An answer taken off the wire; how many were queued so far. */
void seshat_inbox_push(const seshat_answer *a);
long long seshat_inbox_appended(void);

/* Relay, without waiting: take the next answer for (src world rank, comm
 * id, tag), or the FINAL one for (src, seq), if it is here. 1 if taken. */
int seshat_inbox_try(int src, int32_t comm_id, int tag, seshat_answer *out);
int seshat_inbox_try_final(int src, int32_t seq, seshat_answer *out);
/* ... the REPLY for this rank's rendezvous send (dst, seq); whether the
 * next answer for (src, comm id, tag) is here, and a copy of it left
 * queued (Probe). */
int seshat_inbox_try_reply(int dst, int32_t seq, seshat_answer *out);
int seshat_inbox_has(int src, int32_t comm_id, int tag);
/* ... the RMA answer (wire.h SESHAT_ENV_RMA) from world rank src for
 * (window comm id, SESHAT_RMA_WIRE_* tag, seq); notices have seq 0 and
 * come in order. An RMA answer never ends a receive's wait: only the
 * wait for it, which takes every answer at hand first. */
int seshat_inbox_try_rma(int src, int32_t comm_id, int tag, int32_t seq, seshat_answer *out);
int seshat_inbox_peek(int src, int32_t comm_id, int tag, seshat_answer *out);
/* Contention: the earliest time among answers queued here that this rank
 * can use now: could_take(src, comm_id, tag, ctx) says whether a receive
 * could take a first answer's message. INT64_MAX if none. */
seshat_vtime seshat_inbox_min(int (*could_take)(int src, int32_t comm_id, int tag, void *ctx),
                              void *ctx);

/* Direct: the next envelope for (comm, src comm rank, tag): from the stash
 * if a Probe read it, else from the shadow communicator. With `keep`
 * non-zero it is stashed for the receive that follows. */
seshat_envelope seshat_inbox_envelope(seshat_comm *c, int src, int tag, int keep);

/* c is going away: drop the envelopes stashed for it. */
void seshat_inbox_forget(const seshat_comm *c);

#endif

/* inbox.h - per-rank queues of what arrives ahead of its message: relay
 * answers from the model ranks, and direct-path envelopes read early by a
 * Probe. Both are FIFO per (source, communicator, tag), the order in which
 * MPI delivers the messages they describe. */
#ifndef SESHAT_INBOX_H
#define SESHAT_INBOX_H

#include "rank/core.h"

/* Relay: the next answer for (src world rank, comm id, tag); waits for it.
 * With `remove` zero it stays queued (Probe). */
seshat_answer seshat_inbox_answer(int src, int32_t comm_id, int tag, int remove);
/* Relay, without waiting: take the next answer for (src, comm id, tag),
 * or the FINAL one for (src, seq), if it is here. Returns 1 if taken. */
int seshat_inbox_try(int src, int32_t comm_id, int tag, seshat_answer *out);
int seshat_inbox_try_final(int src, int32_t seq, seshat_answer *out);
/* ... and the REPLY for this rank's rendezvous send (dst, seq); whether the
 * next answer for (src, comm id, tag) is here, without taking it. */
int seshat_inbox_try_reply(int dst, int32_t seq, seshat_answer *out);
int seshat_inbox_has(int src, int32_t comm_id, int tag);
/* Relay: wait for one more answer (serving other ranks meanwhile). */
void seshat_inbox_pump(void);
/* Contention: the completion of this rank's rendezvous send (dst, seq). */
seshat_answer seshat_inbox_reply(int dst, int32_t seq);
/* Contention: the earliest time among answers queued here, INT64_MAX. */
seshat_vtime seshat_inbox_min(void);
/* Relay: move answers that have already arrived into the queue. */
void seshat_inbox_drain(void);

/* Direct: the next envelope for (comm, src comm rank, tag): from the stash
 * if a Probe read it, else from the shadow communicator. With `keep`
 * non-zero it is stashed for the receive that follows. */
seshat_envelope seshat_inbox_envelope(seshat_comm *c, int src, int tag, int keep);

/* c is going away: drop the envelopes stashed for it. */
void seshat_inbox_forget(const seshat_comm *c);

#endif

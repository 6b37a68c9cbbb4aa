/* inbox.h - per-rank queues of what arrives ahead of its message: relay
 * answers from the model ranks, and direct-path envelopes read early by a
 * Probe. Both are FIFO per (source, communicator, tag), the order in which
 * MPI delivers the messages they describe. */
#ifndef SESHAT_INBOX_H
#define SESHAT_INBOX_H

#include "core/core.h"

/* Relay: the next answer for (src world rank, comm id, tag); waits for it.
 * With `remove` zero it stays queued (Probe). */
seshat_answer seshat_inbox_answer(int src, int32_t comm_id, int tag, int remove);
/* Relay: the FINAL answer for the rendezvous (src, seq); waits for it. */
seshat_answer seshat_inbox_final(int src, int32_t seq);
/* Relay: move answers that have already arrived into the queue. */
void seshat_inbox_drain(void);

/* Direct: the next envelope for (comm, src comm rank, tag): from the stash
 * if a Probe read it, else from the shadow communicator. With `keep`
 * non-zero it is stashed for the receive that follows. */
seshat_envelope seshat_inbox_envelope(seshat_comm *c, int src, int tag, int keep);

#endif

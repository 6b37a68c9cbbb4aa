/* idle.h - how a rank waits when there is nothing to do: spin a while
 * (a message due soon costs no wake-up), then sleep in the kernel in
 * short naps, so that on a machine with more runnable processes than
 * cores an idle rank neither burns a core nor sits in the run queue
 * ahead of the rank that has work (docs/performance.md, "Under load").
 * A nap ends early when a process of the node wakes the rank
 * (common/wake.h): the ranks it talks to wake it when they hand it a
 * message, and it wakes them in turn.
 *
 * Every empty poll of a wait comes here: Open MPI's progress loop calls
 * sched_yield on each pass that found nothing when the node is
 * oversubscribed, and seshat's own wait loop yields the same way; the
 * preloaded library routes those yields (src/interpose/yield_calls.c). */
#ifndef SESHAT_IDLE_H
#define SESHAT_IDLE_H

/* Read the policy from the environment (SESHAT_IDLE: auto, the default,
 * naps only while other processes want the node's cores; nap; spin.
 * SESHAT_IDLE_SPIN, SESHAT_IDLE_NAP: nanoseconds; SESHAT_IDLE_SPIN=-1
 * turns napping off; SESHAT_WAKE_PEERS=0: the ranks do not wake each
 * other (idle_peer; on by default; off, naps end by the model rank's
 * wakes or their time-out); SESHAT_IDLE_STATS=1: one line of nap counts on stderr
 * at the end). Process start. */
void seshat_idle_init(void);
/* An empty poll of a wait: yield the core, or once this run of empty
 * polls has lasted the spin window, nap. Returns 0. */
int seshat_idle_yield(void);

/* The MPI call in progress handed a message to world rank `peer`, or took
 * one from it (a completed receive: Open MPI may have sent the sender a
 * completion): `peer` is woken at the call's first empty poll, at its
 * first two naps (a blocking send that missed Open MPI's fast box completes only
 * once the receiver takes it) and when it leaves. `kick`: this
 * rank will wait for protocol steps of the peer's that seshat does not
 * see (a rendezvous send: the receiver's clear-to-send, or its read and
 * completion), so the peer is also kicked while this rank waits. */
void seshat_idle_peer(int peer, int kick);
/* The MPI call in progress is a collective over these world ranks (the
 * array stays valid until the call leaves): they are woken as above. */
void seshat_idle_group(const int *world, int n);

/* Set while peers wait to be woken (only idle.c writes it). */
extern int seshat_idle_pending;
void seshat_idle_wake_pending(void);
/* The MPI call leaves: wake whom it owes a wake. */
static inline void seshat_idle_leave(void)
{
    if (seshat_idle_pending)
        seshat_idle_wake_pending();
}

#endif

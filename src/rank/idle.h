/* idle.h - how a rank waits when there is nothing to do: spin a while
 * (a message due soon costs no wake-up), then sleep in the kernel in
 * short naps, so that on a machine with more runnable processes than
 * cores an idle rank neither burns a core nor sits in the run queue
 * ahead of the rank that has work (docs/performance.md, "Under load").
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
 * turns napping off). Process start. */
void seshat_idle_init(void);
/* An empty poll of a wait: yield the core, or once this run of empty
 * polls has lasted the spin window, nap. Returns 0. */
int seshat_idle_yield(void);

#endif

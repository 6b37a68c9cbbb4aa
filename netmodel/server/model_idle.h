/* model_idle.h - how the model rank waits when a poll finds nothing
 * (docs/design.md, "The model rank"): it polls a short while (a report
 * due soon costs no wake-up), then, when the idle policy says so
 * (common/idle_policy.h, SESHAT_IDLE), sleeps on the node's wake-up
 * channel (common/wake.h): the application ranks wake it when they send
 * it a report, so a sleep adds no latency; its time-out, growing from
 * the shortest nap to SESHAT_IDLE_NAP, is the fallback for ranks on
 * another node (they cannot wake it); when every rank that reports to it
 * is on its node, every sleep lasts up to SESHAT_IDLE_NAP (only the live
 * status and the watchdog need it back). When the policy says not to nap
 * it yields the core on each empty poll instead.
 *
 * SESHAT_IDLE_STATS=1: one stderr line at the end, "seshat: idle: model
 * rank N: NAPS naps, W woken, T timed out, C s CPU". */
#ifndef SESHAT_SERVER_MODEL_IDLE_H
#define SESHAT_SERVER_MODEL_IDLE_H

#include <stdint.h>

#include "common/idle_policy.h"

typedef struct {
    seshat_idle_policy policy;
    int64_t spin;               /* poll this long after a message before sleeping */
    int64_t nap, nap_max;       /* the next sleep's time-out; the longest */
    long long naps, woken, timed_out;
    int64_t nap_min;            /* the first sleep's time-out after a message */
    int stats;                  /* SESHAT_IDLE_STATS=1 */
} seshat_model_idle;

/* Read the policy and its settings. `all_local`: every rank that reports
 * to this model rank can wake it (seshat_wake_local). Start of the loop. */
void seshat_model_idle_init(seshat_model_idle *w, int all_local);
/* The poll after `mark` (seshat_wake_mark, taken before it) found nothing;
 * `last`: when the latest message was handled; `now`: now (monotonic ns). */
void seshat_model_idle_wait(seshat_model_idle *w, uint32_t mark, int64_t now, int64_t last);
/* A message came: the next sleep starts short again. */
void seshat_model_idle_busy(seshat_model_idle *w);
/* SESHAT_IDLE_STATS=1: the counters' line. End of the loop. */
void seshat_model_idle_report(const seshat_model_idle *w, int world_rank);

#endif

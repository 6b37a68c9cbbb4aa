/* idle_policy.h - when a process of the job that has nothing to do may
 * sleep (SESHAT_IDLE): the one decision an application rank's wait
 * (rank/idle.c) and a model rank's loop (server/server.c) share.
 *
 * A nap pays only when other processes want the cores: on a machine where
 * this job is alone it only adds latency (docs/performance.md, "Under
 * load"). SESHAT_IDLE=auto (the default) naps only while the kernel's
 * count of runnable tasks exceeds this job's processes on the node;
 * =nap always naps, =spin never. The caller owns the state (one per
 * process: only the thread that calls MPI waits). */
#ifndef SESHAT_COMMON_IDLE_POLICY_H
#define SESHAT_COMMON_IDLE_POLICY_H

#include <stdint.h>

typedef struct {
    int mode;                   /* SESHAT_IDLE_AUTO, _NAP, _SPIN */
    int local;                  /* auto: this job's processes on this node */
    int loadavg;                /* auto: /proc/loadavg, open; -1: cannot tell (never nap) */
    int64_t looked, busy_until; /* auto: last look; naps on until then */
    int seen;                   /* auto: looks in a row that saw others */
    int (*sleepers)(void *ctx); /* auto: the job's processes asleep now, or NULL */
    void *ctx;
} seshat_idle_policy;

enum { SESHAT_IDLE_AUTO, SESHAT_IDLE_NAP, SESHAT_IDLE_SPIN };

/* Read SESHAT_IDLE (and, for auto, the node's share of the job). The
 * caller may then set p->sleepers (common/wake.h's count). */
void seshat_idle_policy_init(seshat_idle_policy *p);
/* May the process nap now (monotonic ns)? */
int seshat_idle_policy_nap(seshat_idle_policy *p, int64_t now_ns);
/* Nanoseconds from the environment variable `name`, else `dflt`. */
int64_t seshat_idle_env_ns(const char *name, int64_t dflt);

#endif

/* model_idle.c - the model rank's wait (model_idle.h). Before, it spun
 * 500 us after each message and then napped 50 us at a time: on a machine
 * with more runnable processes than cores the spin took a core from the
 * ranks that had work, and every nap delayed the answer to a report that
 * came during it (docs/performance.md, "Relay path under load"). */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "common/wake.h"
#include "server/model_idle.h"

/* Defaults; SESHAT_IDLE_SPIN and SESHAT_IDLE_NAP (ns) as for the ranks. */
enum {
    MODEL_SPIN_NS = 20000,      /* poll this long after a message */
    MODEL_NAP_MIN_NS = 20000,   /* the first sleep's time-out */
    MODEL_NAP_MAX_NS = 500000,  /* the longest: at most this much latency for a remote rank */
};

void seshat_model_idle_init(seshat_model_idle *w, int all_local)
{
    const char *s = getenv("SESHAT_IDLE_STATS");
    memset(w, 0, sizeof *w);
    seshat_idle_policy_init(&w->policy);
    w->policy.sleepers = seshat_wake_sleepers;
    w->spin = seshat_idle_env_ns("SESHAT_IDLE_SPIN", MODEL_SPIN_NS);
    w->nap_max = seshat_idle_env_ns("SESHAT_IDLE_NAP", MODEL_NAP_MAX_NS);
    if (w->nap_max < MODEL_NAP_MIN_NS)
        w->nap_max = MODEL_NAP_MIN_NS;
    w->nap_min = all_local ? w->nap_max : MODEL_NAP_MIN_NS;
    w->nap = w->nap_min;
    w->stats = s && !strcmp(s, "1");
}

void seshat_model_idle_busy(seshat_model_idle *w) { w->nap = w->nap_min; }

void seshat_model_idle_wait(seshat_model_idle *w, uint32_t mark, int64_t now, int64_t last)
{
    if (w->spin >= 0 && now - last < w->spin)
        return;                                 /* poll again at once */
    if (w->spin < 0 || !seshat_idle_policy_nap(&w->policy, now)) {
        sched_yield();
        return;
    }
    w->naps++;
    if (seshat_wake_sleep(mark, w->nap)) {
        w->woken++;
        return;
    }
    w->timed_out++;
    w->nap = w->nap * 2 < w->nap_max ? w->nap * 2 : w->nap_max;
}

void seshat_model_idle_report(const seshat_model_idle *w, int world_rank)
{
    struct rusage ru;
    if (!w->stats)
        return;
    getrusage(RUSAGE_SELF, &ru);
    double cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
    fprintf(stderr, "seshat: idle: model rank %d: %lld naps, %lld woken, %lld timed out, "
            "%.3f s CPU\n", world_rank, w->naps, w->woken, w->timed_out, cpu);
}

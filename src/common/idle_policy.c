/* idle_policy.c - when to nap (idle_policy.h). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/idle_policy.h"

enum {
    LOOK_NS = 10000000,         /* auto: how often to look at the run queue */
    SEEN_LOOKS = 3,             /* auto: looks in a row that must see others */
};
#define HOLD_NS 1000000000LL    /* auto: naps stay on this long once others were seen */

int64_t seshat_idle_env_ns(const char *name, int64_t dflt)
{
    const char *v = getenv(name);
    char *end;
    long long x = v && *v ? strtoll(v, &end, 10) : 0;
    return v && *v && !*end ? x : dflt;
}

void seshat_idle_policy_init(seshat_idle_policy *p)
{
    const char *m = getenv("SESHAT_IDLE");
    const char *l = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
    p->mode = m && !strcmp(m, "nap") ? SESHAT_IDLE_NAP
              : m && !strcmp(m, "spin") ? SESHAT_IDLE_SPIN : SESHAT_IDLE_AUTO;
    p->local = l ? atoi(l) : 0;
    p->loadavg = p->mode == SESHAT_IDLE_AUTO && p->local > 0
                 ? open("/proc/loadavg", O_RDONLY | O_CLOEXEC) : -1;
    p->looked = p->busy_until = 0;
    p->seen = 0;
    p->sleepers = NULL;
    p->ctx = NULL;
}

/* /proc/loadavg's fourth field is "runnable/total" tasks right now. */
static int runnable(int fd)
{
    char buf[128];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return -1;
    buf[n] = 0;
    const char *q = buf;
    for (int field = 0; field < 3 && q; field++)
        q = strchr(q + 1, ' ');
    return q ? atoi(q + 1) : -1;
}

/* auto: looked at every LOOK_NS; once others were seen, naps stay on for
 * HOLD_NS (while this job's processes nap the count drops below the job's
 * size, which does not mean the others left). Others are the runnable
 * tasks beyond the job's processes that are not asleep on the wake-up
 * channel (so the count holds while the job naps), with one task of
 * slack (mpirun, a kernel thread), seen SEEN_LOOKS times in a row: one
 * look can catch passing ones, and with 65 processes each looking, a
 * second of naps on a machine without other work cost CG.A.64 alone
 * 8.2-8.6 s against 6.3-7.4 s polling (docs/performance.md). */
int seshat_idle_policy_nap(seshat_idle_policy *p, int64_t t)
{
    if (p->mode != SESHAT_IDLE_AUTO)
        return p->mode == SESHAT_IDLE_NAP;
    if (t < p->busy_until)
        return 1;
    if (p->loadavg < 0 || t - p->looked < LOOK_NS)
        return 0;
    p->looked = t;
    int job_runnable = p->local - (p->sleepers ? p->sleepers(p->ctx) : 0);
    p->seen = runnable(p->loadavg) - job_runnable > 1 ? p->seen + 1 : 0;
    if (p->seen >= SEEN_LOOKS)
        p->busy_until = t + HOLD_NS;
    return t < p->busy_until;
}

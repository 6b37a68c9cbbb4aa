/* realclock.c - the real clock functions, resolved once (realclock.h). */
#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/realclock.h"

static int (*real_gettime)(clockid_t, struct timespec *);
static int (*real_gtod)(struct timeval *, void *);
static time_t (*real_time)(time_t *);
static double (*real_omp)(void);
static int resolved;

/* Before main, so that every later read is a plain indirect call; a read
 * from another constructor that ran first resolves on its own (the
 * pointers are the same whoever writes them). */
__attribute__((constructor)) static void resolve(void)
{
    real_gettime = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    real_gtod = (int (*)(struct timeval *, void *))dlsym(RTLD_NEXT, "gettimeofday");
    real_time = (time_t(*)(time_t *))dlsym(RTLD_NEXT, "time");
    real_omp = (double (*)(void))dlsym(RTLD_NEXT, "omp_get_wtime");
    resolved = 1;
}

int seshat_real_clock_gettime(clockid_t id, struct timespec *ts)
{
    if (!resolved)
        resolve();
    if (real_gettime)
        return real_gettime(id, ts);
    return (int)syscall(SYS_clock_gettime, id, ts);
}

int seshat_real_gettimeofday(struct timeval *tv, void *tz)
{
    if (!resolved)
        resolve();
    if (real_gtod)
        return real_gtod(tv, tz);
    return (int)syscall(SYS_gettimeofday, tv, tz);
}

time_t seshat_real_time(time_t *t)
{
    if (!resolved)
        resolve();
    if (real_time)
        return real_time(t);
    struct timespec ts;
    seshat_real_clock_gettime(CLOCK_REALTIME, &ts);
    if (t)
        *t = ts.tv_sec;
    return ts.tv_sec;
}

double seshat_real_omp_wtime(void)
{
    if (!resolved)
        resolve();
    if (real_omp)
        return real_omp();
    return (double)seshat_real_ns(CLOCK_MONOTONIC) * 1e-9;
}

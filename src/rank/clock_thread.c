/* clock_thread.c - the system-call sources: this thread's CPU time and
 * wall time (the real clock_gettime, common/realclock.h). */
#include <time.h>

#include "common/realclock.h"
#include "rank/clock_thread.h"

static int64_t read_clock(clockid_t id)
{
    struct timespec ts;
    seshat_real_clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t seshat_thread_cpu_ns(void) { return read_clock(CLOCK_THREAD_CPUTIME_ID); }
int64_t seshat_wall_ns(void) { return read_clock(CLOCK_MONOTONIC); }

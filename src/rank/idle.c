/* idle.c - spin, then nap (idle.h). A run of empty polls is a sequence
 * of yields with little work between them; once it has lasted the spin
 * window the rank naps, the naps doubling from the shortest to the
 * longest while the run goes on. A nap is a plain nanosleep: nothing
 * needs to wake the rank, a message that arrives meanwhile waits at most
 * one nap; the rank wakes with the scheduler's credit for having slept
 * and so runs before CPU-bound processes that have not. */
#include <stdint.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "common/realclock.h"
#include "rank/idle.h"

/* Defaults (measured, docs/performance.md "Under load"). */
enum {
    IDLE_SPIN_NS = 100000,      /* empty polls for this long before a nap */
    IDLE_NAP_MIN_NS = 20000,    /* the first nap */
    IDLE_NAP_MAX_NS = 500000,   /* the longest: at most this much latency added */
    IDLE_GAP_NS = 20000,        /* more work than this between two polls: a new run */
};

/* One per process: only the thread that calls MPI polls (seshat_depth). */
static struct {
    int64_t spin, nap_max;      /* spin < 0: never nap */
    int64_t run_start, last;    /* this run of empty polls: start, last poll's end */
    int64_t nap;                /* the next nap */
} idle = { IDLE_SPIN_NS, IDLE_NAP_MAX_NS, 0, 0, IDLE_NAP_MIN_NS };

static int64_t now_ns(void)
{
    struct timespec ts;
    seshat_real_clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t env_ns(const char *name, int64_t dflt)
{
    const char *v = getenv(name);
    char *end;
    long long x = v && *v ? strtoll(v, &end, 10) : 0;
    return v && *v && !*end ? x : dflt;
}

void seshat_idle_init(void)
{
    idle.spin = env_ns("SESHAT_IDLE_SPIN", IDLE_SPIN_NS);
    idle.nap_max = env_ns("SESHAT_IDLE_NAP", IDLE_NAP_MAX_NS);
    if (idle.nap_max < IDLE_NAP_MIN_NS)
        idle.nap_max = IDLE_NAP_MIN_NS;
    /* naps as short as asked, not rounded up by the default 50 us slack */
    if (idle.spin >= 0)
        prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
}

int seshat_idle_yield(void)
{
    int64_t t = now_ns();
    if (t - idle.last > IDLE_GAP_NS) {
        idle.run_start = t;
        idle.nap = IDLE_NAP_MIN_NS;
    }
    if (idle.spin < 0 || t - idle.run_start < idle.spin) {
        syscall(SYS_sched_yield);
    } else {
        struct timespec ts = { 0, (long)idle.nap };
        nanosleep(&ts, NULL);
        idle.nap = idle.nap * 2 < idle.nap_max ? idle.nap * 2 : idle.nap_max;
    }
    idle.last = now_ns();
    return 0;
}

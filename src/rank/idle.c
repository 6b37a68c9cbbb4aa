/* idle.c - spin, then nap (idle.h). A run of empty polls is a sequence
 * of yields with little work between them; once it has lasted the spin
 * window the rank naps, the naps doubling from the shortest to the
 * longest while the run goes on. A nap is a plain nanosleep: nothing
 * needs to wake the rank, a message that arrives meanwhile waits at most
 * one nap; the rank wakes with the scheduler's credit for having slept
 * and so runs before CPU-bound processes that have not.
 *
 * Naps pay only when other processes want the cores: on a machine where
 * this job is alone a nap only adds latency (CG class A at 16 ranks on 2
 * cores took 3.3 s with naps, 1.8 s without; beside 2 CPU-bound
 * processes 6.3-7.3 s with, 11 s without: docs/performance.md). So by
 * default (SESHAT_IDLE=auto) a rank naps only while the kernel's count of
 * runnable tasks exceeds this job's processes on the node; SESHAT_IDLE=nap
 * always naps, =spin never. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
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
    IDLE_LOOK_NS = 10000000,    /* auto: how often to look at the run queue */
    IDLE_HOLD_NS = 1000000000,  /* auto: naps stay on this long once others were seen */
};

enum idle_mode { IDLE_AUTO, IDLE_NAP, IDLE_SPIN };

/* One per process: only the thread that calls MPI polls (seshat_depth). */
static struct {
    int mode;                   /* enum idle_mode */
    int local;                  /* auto: this job's processes on this node */
    int loadavg;                /* auto: /proc/loadavg, open; -1: cannot tell (never nap) */
    int64_t looked, busy_until; /* auto: last look; naps on until then */
    int64_t spin, nap_max;      /* spin < 0: never nap */
    int64_t run_start, last;    /* this run of empty polls: start, last poll's end */
    int64_t nap;                /* the next nap */
} idle = { IDLE_AUTO, 0, -1, 0, 0, IDLE_SPIN_NS, IDLE_NAP_MAX_NS, 0, 0, IDLE_NAP_MIN_NS };

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

/* /proc/loadavg's fourth field is "runnable/total" tasks right now. */
static int runnable(void)
{
    char buf[128];
    ssize_t n = pread(idle.loadavg, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return -1;
    buf[n] = 0;
    const char *p = buf;
    for (int field = 0; field < 3 && p; field++)
        p = strchr(p + 1, ' ');
    return p ? atoi(p + 1) : -1;
}

/* auto: do other processes want this node's cores? Looked at every
 * IDLE_LOOK_NS; once seen, naps stay on for IDLE_HOLD_NS (while this
 * job's ranks nap the count drops below the job's size, which does not
 * mean the others left). One task of slack: mpirun, a kernel thread. */
static int others_want_cores(int64_t t)
{
    if (idle.mode != IDLE_AUTO)
        return idle.mode == IDLE_NAP;
    if (t < idle.busy_until)
        return 1;
    if (idle.loadavg < 0 || t - idle.looked < IDLE_LOOK_NS)
        return 0;
    idle.looked = t;
    if (runnable() > idle.local + 1)
        idle.busy_until = t + IDLE_HOLD_NS;
    return t < idle.busy_until;
}

void seshat_idle_init(void)
{
    const char *m = getenv("SESHAT_IDLE");
    idle.mode = m && !strcmp(m, "nap") ? IDLE_NAP : m && !strcmp(m, "spin") ? IDLE_SPIN : IDLE_AUTO;
    const char *l = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
    idle.local = l ? atoi(l) : 0;
    if (idle.mode == IDLE_AUTO && idle.local > 0)
        idle.loadavg = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
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
    if (idle.spin < 0 || t - idle.run_start < idle.spin || !others_want_cores(t)) {
        syscall(SYS_sched_yield);
    } else {
        struct timespec ts = { 0, (long)idle.nap };
        nanosleep(&ts, NULL);
        idle.nap = idle.nap * 2 < idle.nap_max ? idle.nap * 2 : idle.nap_max;
    }
    idle.last = now_ns();
    return 0;
}

/* clock_perf.c - this thread's CPU time read in user space: a
 * self-monitoring perf task clock (PERF_COUNT_SW_TASK_CLOCK, a software
 * event: no PMU needed) whose mmap page lets the thread extend the time
 * the kernel last stored with the cycle counter, without a system call.
 * Only where the kernel sets cap_user_time (a stable TSC that its
 * sched_clock uses); elsewhere the caller falls back to
 * CLOCK_THREAD_CPUTIME_ID. */
#include <errno.h>
#include <stddef.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "rank/clock_perf.h"
#include "rank/clock_thread.h"

_Static_assert(offsetof(struct perf_event_mmap_page, lock) ==
                   SESHAT_PERF_LOCK_WORD * sizeof(uint32_t),
               "seshat_perf_switches reads the page's lock word");

#define barrier() __asm__ volatile("" ::: "memory")

static uint64_t mul_shift(uint64_t cyc, uint32_t mult, uint16_t shift)
{
    uint64_t quot = cyc >> shift, rem = cyc & (((uint64_t)1 << shift) - 1);
    return quot * mult + ((rem * mult) >> shift);
}

int seshat_perf_page_ns(const volatile struct perf_event_mmap_page *pc, uint64_t (*cycles)(void),
                        int64_t *ns)
{
    uint32_t seq;
    uint64_t enabled, delta;
    do {
        seq = pc->lock;
        barrier();
        if (!pc->cap_user_time)
            return -1;
        enabled = pc->time_enabled;
        uint64_t cyc = cycles();
        if (pc->cap_user_time_short)
            cyc = pc->time_cycles + ((cyc - pc->time_cycles) & pc->time_mask);
        delta = pc->time_offset + mul_shift(cyc, pc->time_mult, pc->time_shift);
        barrier();
    } while (pc->lock != seq || (seq & 1));
    *ns = (int64_t)(enabled + delta);
    return 0;
}

#if defined(__x86_64__) || defined(__i386__)
static uint64_t rdtsc(void) { return __builtin_ia32_rdtsc(); }
#else
static uint64_t rdtsc(void) { return 0; }
#endif

int64_t seshat_perf_clock_read(const seshat_perf_page *p)
{
    int64_t ns = 0;
    seshat_perf_page_ns(p->page, rdtsc, &ns);
    return ns;
}

static void nap_ms(int ms)
{
    struct timespec ts = { 0, ms * 1000000L };
    nanosleep(&ts, NULL);
}

/* The page is only right if the kernel refreshes it whenever the thread
 * is scheduled in; otherwise time asleep would count. Check by sleeping. */
static int counts_sleep(const seshat_perf_page *s)
{
    int64_t p0 = seshat_perf_clock_read(s), c0 = seshat_thread_cpu_ns();
    nap_ms(3);
    int64_t p1 = seshat_perf_clock_read(s), c1 = seshat_thread_cpu_ns();
    return (p1 - p0) - (c1 - c0) > 1000000 || p1 < p0;
}

/* The task clock's page, mapped: 0, or -1 with the reason in why. */
static int map_page(seshat_perf_page *s, char *why, size_t n)
{
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = PERF_TYPE_SOFTWARE;
    a.config = PERF_COUNT_SW_TASK_CLOCK;
    s->fd = -1;
    s->page = NULL;
    int fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
    if (fd < 0) {
        snprintf(why, n, "perf_event_open(task-clock) failed: %s", strerror(errno));
        return -1;
    }
    size_t len = (size_t)sysconf(_SC_PAGESIZE);
    void *p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
        snprintf(why, n, "mmap of the perf page failed: %s", strerror(errno));
        close(fd);
        return -1;
    }
    s->fd = fd;
    s->page = p;
    s->len = len;
    return 0;
}

void seshat_perf_close(seshat_perf_page *p)
{
    if (p->page)
        munmap((void *)p->page, p->len);
    if (p->fd >= 0)
        close(p->fd);
    p->page = NULL;
    p->fd = -1;
}

int seshat_perf_clock_open(seshat_perf_page *s, char *why, size_t n)
{
#if !defined(__x86_64__) && !defined(__i386__)
    snprintf(why, n, "no cycle counter read for this architecture");
    s->fd = -1;
    s->page = NULL;
    return -1;
#endif
    if (map_page(s, why, n) != 0)
        return -1;
    if (!s->page->cap_user_time) {
        snprintf(why, n, "the kernel does not offer cap_user_time on the perf page");
    } else if (counts_sleep(s)) {
        snprintf(why, n, "the perf page is not refreshed at sched-in (it counted sleep)");
    } else {
        return 0;
    }
    seshat_perf_close(s);
    return -1;
}

/* The kernel rewrites the page, under its seqlock, whenever it schedules
 * the thread in: `lock` changes exactly when the thread was switched out
 * and back (measured here: 1250 changes for 1262 involuntary switches of
 * a spinning thread under load, 109 for 109 pinned). Check that a nap,
 * a sure switch, changes it. */
int seshat_perf_gate_open(seshat_perf_page *s, char *why, size_t n)
{
    if (map_page(s, why, n) != 0)
        return -1;
    uint32_t before = seshat_perf_switches(s);
    nap_ms(1);
    if (seshat_perf_switches(s) != before)
        return 0;
    snprintf(why, n, "the perf page is not rewritten when the thread is scheduled in");
    seshat_perf_close(s);
    return -1;
}

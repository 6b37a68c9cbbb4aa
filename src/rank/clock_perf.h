/* clock_perf.h - a perf task clock's mmap page (linux/perf_event.h),
 * opened on the calling thread: read as this thread's CPU time in user
 * space, or only watched for context switches. clock_src.h chooses
 * between this and the system-call sources; this knows nothing of that
 * choice. No MPI here. */
#ifndef SESHAT_CLOCK_PERF_H
#define SESHAT_CLOCK_PERF_H

#include <stddef.h>
#include <stdint.h>

struct perf_event_mmap_page;

/* An open event and its mapped page (fd -1 and page NULL: none). */
typedef struct seshat_perf_page {
    int fd;
    const volatile struct perf_event_mmap_page *page;
    size_t len;
} seshat_perf_page;

/* The perf task clock read from its mmap page, in the kernel's seqlock
 * protocol: time_enabled plus the time since the page's last update,
 * converted from the cycle counter:
 * time_offset + (cyc >> shift) * mult + ((cyc & (2^shift - 1)) * mult >> shift),
 * with cyc = time_cycles + ((cyc - time_cycles) & time_mask) under
 * cap_user_time_short. `cycles` reads the counter (rdtsc; a test passes
 * its own). Returns -1 if the page does not offer cap_user_time. */
int seshat_perf_page_ns(const volatile struct perf_event_mmap_page *pc, uint64_t (*cycles)(void),
                        int64_t *ns);
/* Open a task clock on the calling thread with its page mapped; 0 when
 * the user-space read is usable, else -1 with the reason in why (and p
 * closed). */
int seshat_perf_clock_open(seshat_perf_page *p, char *why, size_t n);
int64_t seshat_perf_clock_read(const seshat_perf_page *p);   /* ns */
/* Map the page only to watch for context switches; 0 when the kernel
 * rewrites it at sched-in, else -1 with the reason in why (p closed). */
int seshat_perf_gate_open(seshat_perf_page *p, char *why, size_t n);
void seshat_perf_close(seshat_perf_page *p);

/* perf_event_mmap_page.lock is its third 32-bit word (clock_perf.c
 * asserts it), read here without including linux/perf_event.h. */
#define SESHAT_PERF_LOCK_WORD 2
/* Changes whenever the thread was switched out and in (the page's
 * seqlock); no system call. 0 without a page. */
static inline uint32_t seshat_perf_switches(const seshat_perf_page *p)
{
    return p->page ? ((const volatile uint32_t *)p->page)[SESHAT_PERF_LOCK_WORD] : 0;
}

#endif

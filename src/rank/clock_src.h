/* clock_src.h - where the virtual clock's compute time comes from
 * (docs/models.md, "The virtual clock"): the calling thread's CPU time,
 * read in user space from a perf task clock's mmap page where the kernel
 * offers it (cap_user_time), else clock_gettime(CLOCK_THREAD_CPUTIME_ID)
 * (a system call); or wall time. No MPI here: seshat-run uses it too. */
#ifndef SESHAT_CLOCK_SRC_H
#define SESHAT_CLOCK_SRC_H

#include <stddef.h>
#include <stdint.h>

struct perf_event_mmap_page;

typedef enum { SESHAT_CLKSRC_THREAD, SESHAT_CLKSRC_PERF, SESHAT_CLKSRC_WALL } seshat_clksrc_kind;

typedef struct seshat_clksrc {
    seshat_clksrc_kind kind;
    int fd;                                        /* perf: the event, else -1 */
    const volatile struct perf_event_mmap_page *page;
    size_t page_len;
} seshat_clksrc;

/* Open a source for the calling thread. kind PERF falls back to THREAD
 * when the kernel does not allow the user-space read; then `why` (may be
 * NULL) says why. Returns the kind opened. */
seshat_clksrc_kind seshat_clksrc_open(seshat_clksrc *s, seshat_clksrc_kind kind, char *why,
                                      size_t n);
void seshat_clksrc_close(seshat_clksrc *s);
/* Nanoseconds; only differences mean anything. */
int64_t seshat_clksrc_read(const seshat_clksrc *s);
/* "perf task clock (user-space read)", "CLOCK_THREAD_CPUTIME_ID", ... */
const char *seshat_clksrc_name(seshat_clksrc_kind kind);

/* clock_thread.c */
int64_t seshat_thread_cpu_ns(void);
int64_t seshat_wall_ns(void);

/* clock_perf.c: the perf task clock read from its mmap page, in the
 * kernel's seqlock protocol (linux/perf_event.h): time_enabled plus the
 * time since the page's last update, converted from the cycle counter:
 * time_offset + (cyc >> shift) * mult + ((cyc & (2^shift - 1)) * mult >> shift),
 * with cyc = time_cycles + ((cyc - time_cycles) & time_mask) under
 * cap_user_time_short. `cycles` reads the counter (rdtsc; a test passes
 * its own). Returns -1 if the page does not offer cap_user_time. */
int seshat_perf_page_ns(const volatile struct perf_event_mmap_page *pc, uint64_t (*cycles)(void),
                        int64_t *ns);
/* Open a task clock on the calling thread with its page mapped; 0 when
 * the user-space read is usable, else -1 with the reason in why. */
int seshat_perf_clock_open(seshat_clksrc *s, char *why, size_t n);
int64_t seshat_perf_clock_read(const seshat_clksrc *s);

#endif

/* clock_src.h - where the virtual clock's compute time comes from
 * (docs/models.md, "The virtual clock"): the calling thread's CPU time,
 * read in user space from a perf task clock's mmap page where the kernel
 * offers it (cap_user_time), else clock_gettime(CLOCK_THREAD_CPUTIME_ID)
 * (a system call); or, where the kernel offers no user-space read but does
 * rewrite the perf page at every switch, wall time (vDSO, no system call)
 * across intervals the thread ran through without a context switch and
 * CLOCK_THREAD_CPUTIME_ID across the others ("gated"); or wall time. No MPI
 * here: seshat-run uses it too. */
#ifndef SESHAT_CLOCK_SRC_H
#define SESHAT_CLOCK_SRC_H

#include <stddef.h>
#include <stdint.h>

#include "rank/clock_perf.h"
#include "rank/clock_thread.h"

typedef enum {
    SESHAT_CLKSRC_THREAD,
    SESHAT_CLKSRC_PERF,
    SESHAT_CLKSRC_WALL,
    SESHAT_CLKSRC_GATED
} seshat_clksrc_kind;

typedef struct seshat_clksrc {
    seshat_clksrc_kind kind;
    seshat_perf_page perf;     /* PERF, GATED: the perf page; else none */
} seshat_clksrc;

/* Open a source for the calling thread. kind PERF falls back to GATED
 * when the kernel does not allow the user-space read, and to THREAD when
 * it does not rewrite the page at switches either; then `why` (may be
 * NULL) says why. Returns the kind opened. */
seshat_clksrc_kind seshat_clksrc_open(seshat_clksrc *s, seshat_clksrc_kind kind, char *why,
                                      size_t n);
void seshat_clksrc_close(seshat_clksrc *s);
/* Nanoseconds; only differences mean anything. GATED reads
 * CLOCK_THREAD_CPUTIME_ID here (its wall side is seshat_wall_ns). */
int64_t seshat_clksrc_read(const seshat_clksrc *s);
/* GATED: changes whenever the thread was switched out and in (the perf
 * page's seqlock); no system call. */
static inline uint32_t seshat_clksrc_switches(const seshat_clksrc *s)
{
    return seshat_perf_switches(&s->perf);
}
/* "perf task clock (user-space read)", "CLOCK_THREAD_CPUTIME_ID", ... */
const char *seshat_clksrc_name(seshat_clksrc_kind kind);

#endif

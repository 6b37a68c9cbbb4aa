/* clock.c - the virtual clock: integer nanoseconds that advance only by
 * compute intervals (between leaving one MPI call and entering the next)
 * and by model costs. Time inside MPI or seshat never enters it, and
 * neither does the cost of reading the clock itself: what one empty
 * interval costs, measured at start-up, is taken off every interval
 * (docs/models.md, "The virtual clock"). */
#include <stdint.h>

#include "common/log.h"
#include "rank/clock_src.h"
#include "rank/core.h"

static seshat_clock_kind clock_kind;
static seshat_clksrc src;
static double clock_factor = 1.0;
static int64_t overhead_ns;   /* subtracted from every raw interval */
static seshat_vtime vnow;
static int64_t mark_ns;
/* MPI calls left so far, the count right after the last MPI_Wtime, and
 * the time it read. */
static uint64_t leaves, wtime_mark = UINT64_MAX;
static seshat_vtime wtime_read;

/* 2^62 ns, 146 years: past it a sum of model costs could overflow the
 * int64 clock, so the run stops with a clear error instead. */
#define SESHAT_VTIME_LIMIT ((seshat_vtime)1 << 62)

static void check_limit(void)
{
    if (vnow <= SESHAT_VTIME_LIMIT)
        return;
    seshat_error("the virtual clock passed 2^62 ns (146 years; int64 nanoseconds would "
                 "overflow): check the configured times and factors; ending the job");
    seshat_real.Abort(MPI_COMM_WORLD, 1);
}

_Static_assert(sizeof(seshat_vtime) == sizeof(int64_t), "virtual time is int64 nanoseconds");

void seshat_clock_init(seshat_clock_kind kind, double cpu_factor, int want_perf, char *why,
                       size_t n)
{
    clock_kind = kind;
    clock_factor = cpu_factor;
    vnow = 0;
    overhead_ns = 0;
    if (why && n)
        why[0] = 0;
    if (kind == SESHAT_CLOCK_NONE)
        return;
    seshat_clksrc_open(&src, kind == SESHAT_CLOCK_WALL ? SESHAT_CLKSRC_WALL
                             : want_perf               ? SESHAT_CLKSRC_PERF
                                                       : SESHAT_CLKSRC_THREAD,
                       why, n);
    mark_ns = seshat_clksrc_read(&src);
}

void seshat_clock_enter(void)
{
    if (clock_kind == SESHAT_CLOCK_NONE)
        return;
    int64_t d = seshat_clksrc_read(&src) - mark_ns - overhead_ns;
    if (d > 0)
        vnow += clock_factor == 1.0 ? d : (seshat_vtime)((double)d * clock_factor);
    check_limit();
}

void seshat_clock_leave(void)
{
    leaves++;
    if (clock_kind != SESHAT_CLOCK_NONE)
        mark_ns = seshat_clksrc_read(&src);
}

/* The smallest interval over `pairs` empty leave/enter brackets, called
 * out of line as the wrappers call them, with `inside` (real MPI work)
 * between them as a wrapper has; the minimum, because anything else on
 * the machine (preemption, a busy sibling) only ever adds. */
int64_t seshat_clock_calibrate(int pairs, void (*inside)(void *), void *ctx)
{
    if (clock_kind == SESHAT_CLOCK_NONE)
        return 0;
    void (*volatile leave)(void) = seshat_clock_leave, (*volatile enter)(void) = seshat_clock_enter;
    seshat_vtime saved = vnow;
    double f = clock_factor;
    int64_t best = INT64_MAX;
    clock_factor = 1.0;
    overhead_ns = 0;
    for (int i = 0; i < pairs; i++) {
        if (inside)
            inside(ctx);
        leave();
        seshat_vtime v0 = vnow;
        enter();
        if (vnow - v0 < best)
            best = vnow - v0;
    }
    clock_factor = f;
    vnow = saved;
    overhead_ns = best == INT64_MAX ? 0 : best;
    mark_ns = seshat_clksrc_read(&src);
    return overhead_ns;
}

int64_t seshat_clock_overhead(void) { return overhead_ns; }

const char *seshat_clock_source(void)
{
    return clock_kind == SESHAT_CLOCK_NONE ? "none" : seshat_clksrc_name(src.kind);
}

seshat_vtime seshat_clock_now(void) { return vnow; }

/* clock = none: a program that polls MPI_Wtime until it moves (hpcc's
 * STREAM calibrates its timer so) would spin forever. Two readings in a
 * row, with no other MPI call between them and no other advance of the
 * clock (MPI_Pcontrol's compute), are one tick (1 ns, MPI_Wtick) apart;
 * any other sequence reads the clock unchanged. Deterministic: the
 * sequence of calls does not depend on real time. */
seshat_vtime seshat_clock_wtime(void)
{
    if (clock_kind == SESHAT_CLOCK_NONE && leaves == wtime_mark && vnow == wtime_read)
        vnow++;
    wtime_mark = leaves + 1; /* this MPI_Wtime's own leave */
    wtime_read = vnow;
    return vnow;
}

void seshat_clock_advance_to(seshat_vtime t)
{
    if (t > vnow)
        vnow = t;
    check_limit();
}

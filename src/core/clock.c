/* clock.c - the virtual clock: integer nanoseconds that advance only by
 * compute intervals (between leaving one MPI call and entering the next)
 * and by model costs. Time inside MPI or seshat never enters it. */
#include <time.h>

#include "common/log.h"
#include "core/core.h"

static seshat_clock_kind clock_kind;
static double clock_factor = 1.0;
static seshat_vtime vnow;
static int64_t mark_ns;

/* 2^62 ns, 146 years: past it a sum of model costs could overflow the
 * int64 clock, so the run stops with a clear error instead. */
#define SESHAT_VTIME_LIMIT ((seshat_vtime)1 << 62)
_Static_assert(sizeof(seshat_vtime) == 8, "the virtual clock is int64 nanoseconds");

static void check_limit(void)
{
    if (vnow <= SESHAT_VTIME_LIMIT)
        return;
    seshat_error("the virtual clock passed 2^62 ns (146 years; int64 nanoseconds would "
                 "overflow): check the configured times and factors; ending the job");
    seshat_real.Abort(MPI_COMM_WORLD, 1);
}

static int64_t read_ns(void)
{
    struct timespec ts;
    clockid_t id = clock_kind == SESHAT_CLOCK_CPU ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
    clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void seshat_clock_init(seshat_clock_kind kind, double cpu_factor)
{
    clock_kind = kind;
    clock_factor = cpu_factor;
    vnow = 0;
    if (kind != SESHAT_CLOCK_NONE)
        mark_ns = read_ns();
}

void seshat_clock_enter(void)
{
    if (clock_kind == SESHAT_CLOCK_NONE)
        return;
    int64_t d = read_ns() - mark_ns;
    if (d > 0)
        vnow += clock_factor == 1.0 ? d : (seshat_vtime)((double)d * clock_factor);
    check_limit();
}

void seshat_clock_leave(void)
{
    if (clock_kind != SESHAT_CLOCK_NONE)
        mark_ns = read_ns();
}

seshat_vtime seshat_clock_now(void) { return vnow; }

void seshat_clock_advance_to(seshat_vtime t)
{
    if (t > vnow)
        vnow = t;
    check_limit();
}

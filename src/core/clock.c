/* clock.c - the virtual clock: integer nanoseconds that advance only by
 * compute intervals (between leaving one MPI call and entering the next)
 * and by model costs. Time inside MPI or seshat never enters it. */
#include <time.h>

#include "core/core.h"

static seshat_clock_kind clock_kind;
static double clock_factor = 1.0;
static seshat_vtime vnow;
static int64_t mark_ns;
/* MPI calls left so far, the count right after the last MPI_Wtime, and
 * the time it read. */
static uint64_t leaves, wtime_mark = UINT64_MAX;
static seshat_vtime wtime_read;

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
}

void seshat_clock_leave(void)
{
    leaves++;
    if (clock_kind != SESHAT_CLOCK_NONE)
        mark_ns = read_ns();
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
}

/* clock.c - the virtual clock: integer nanoseconds that advance only by
 * compute intervals (between leaving one MPI call and entering the next)
 * and by model costs. Time inside MPI or seshat never enters it, and
 * neither does the cost of reading the clock itself: what one empty
 * interval costs, measured at start-up, is taken off every interval
 * (docs/models.md, "The virtual clock"). */
#include <stdint.h>
#include <stdlib.h>

#include "common/log.h"
#include "rank/clock_src.h"
#include "rank/core.h"
#include "rank/sampler.h"

static seshat_clock_kind clock_kind;
static seshat_clksrc src;
static double clock_factor = 1.0;
static int64_t overhead_ns;   /* subtracted from every raw interval */
static seshat_vtime vnow;
static int64_t mark_ns;       /* where the interval started (gated: wall) */
/* Gated source: the page's switch count at the mark, and an anchor: a
 * wall reading, the thread's CPU time read right after it, and the switch
 * count then. Between an anchor and a mark with no switch in between, CPU
 * time advanced as wall time did. */
static uint32_t mark_sw, anchor_sw;
static int64_t anchor_wall, anchor_cpu;
/* Compensation samples (docs/models.md, "Compensation"): while `on`,
 * the interval after each seshat_clock_sample_next is kept raw. */
#define SAMPLES_MAX 4096
static struct {
    int on, next, n;
    seshat_vtime vnow;
    double factor;
    uint64_t leaves;
    int64_t v[SAMPLES_MAX];
} cal;
/* MPI calls left so far, the count right after the last MPI_Wtime, and
 * the time it read. */
static uint64_t leaves, wtime_mark = UINT64_MAX;
static seshat_vtime wtime_read;
/* The latest time the program read from its own clocks (vclock.c): the
 * clock never falls behind what the program has seen. */
static seshat_vtime program_read;

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

static void anchor_now(void);
static void mark_now(void);

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
    if (src.kind == SESHAT_CLKSRC_GATED)
        anchor_now();
    mark_now();
}

/* An interval longer than this is taken from the CPU clock even without a
 * switch (it then excludes time stolen by the hypervisor, as the CPU
 * clock does; the system call's cost is < 0.5% of it); an anchor older
 * than ANCHOR_MAX_NS is renewed when an interval starts, so that steal
 * during calls cannot pile up into one interval. */
#define GATED_LONG_NS 10000
#define ANCHOR_MAX_NS 1000000

/* A wall reading and the thread's CPU time read right after it, with no
 * context switch from before the first to after the second (the kernel
 * often switches on the way out of the system call: such an anchor would
 * count the time off the CPU). Retried a few times; then kept as it is. */
static void anchor_now(void)
{
    for (int i = 0; i < 3; i++) {
        uint32_t s0 = seshat_clksrc_switches(&src);
        anchor_wall = seshat_wall_ns();
        anchor_cpu = seshat_thread_cpu_ns();
        anchor_sw = seshat_clksrc_switches(&src);
        if (anchor_sw == s0)
            return;
    }
}

/* Gated (docs/models.md, "Where the CPU time comes from"): the wall
 * interval when the thread ran through it, read with no system call, so
 * none of a kernel entry's cost (nor its aftermath in caches and
 * predictors) falls into it; else the thread's CPU time since the mark,
 * from the anchor (the CPU reads at both ends follow a wall read the same
 * way, so their system-call cost cancels). */
static int64_t gated_interval(void)
{
    int64_t w = seshat_wall_ns();
    uint32_t sw = seshat_clksrc_switches(&src);
    int64_t d = w - mark_ns;
    if (sw == mark_sw && d <= GATED_LONG_NS)
        return d;
    int64_t c0 = anchor_cpu + (mark_ns - anchor_wall);   /* CPU time at the mark */
    anchor_now();
    int64_t dc = anchor_cpu - c0;
    return dc < d ? dc : d;
}

/* The mark: a wall reading with no switch since the anchor (else a new
 * anchor first) and none while it was read. */
static void gated_mark(void)
{
    for (int i = 0; i < 3; i++) {
        uint32_t s0 = seshat_clksrc_switches(&src);
        int64_t w = seshat_wall_ns();
        if (seshat_clksrc_switches(&src) == s0 && s0 == anchor_sw &&
            w - anchor_wall <= ANCHOR_MAX_NS) {
            mark_sw = s0;
            mark_ns = w;
            return;
        }
        anchor_now();
    }
    mark_sw = seshat_clksrc_switches(&src);
    mark_ns = seshat_wall_ns();
}

void seshat_clock_enter(void)
{
    if (clock_kind == SESHAT_CLOCK_NONE)
        return;
    int64_t d = (src.kind == SESHAT_CLKSRC_GATED ? gated_interval()
                                                 : seshat_clksrc_read(&src) - mark_ns) -
                overhead_ns;
    d -= seshat_sampler_pause();   /* the samples' own cost (sampler.h) */
    if (cal.next) {
        cal.next = 0;
        if (cal.n < SAMPLES_MAX)
            cal.v[cal.n++] = d;
    }
    if (d > 0)
        vnow += clock_factor == 1.0 ? d : (seshat_vtime)((double)d * clock_factor);
    if (vnow < program_read)
        vnow = program_read;
    check_limit();
}

static void mark_now(void)
{
    if (src.kind == SESHAT_CLKSRC_GATED)
        gated_mark();
    else
        mark_ns = seshat_clksrc_read(&src);
}

void seshat_clock_leave(void)
{
    leaves++;
    if (clock_kind != SESHAT_CLOCK_NONE)
        mark_now();
    seshat_sampler_resume();
}


static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The gated source has no heavy tail (an interval with a context switch
 * in it is read from the CPU clock) and a 10 ns tick here, so the mean is
 * what the intervals of a run add up to, and the minimum would be a tick
 * low; the top 1% (interrupts) is left out. A system-call clock has a
 * heavy, load-dependent tail: its minimum is the stable figure. */
static int64_t overhead_of(int64_t *v, int n)
{
    if (n == 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_i64);
    if (src.kind != SESHAT_CLKSRC_GATED)
        return v[0] > 0 ? v[0] : 0;
    int keep = n - n / 100;
    int64_t sum = 0;
    for (int i = 0; i < keep; i++)
        sum += v[i];
    return sum > 0 ? (sum + keep / 2) / keep : 0;
}

void seshat_clock_sample_begin(void)
{
    cal.on = 1;
    cal.next = 0;
    cal.n = 0;
    cal.vnow = vnow;
    cal.factor = clock_factor;
    cal.leaves = leaves;
    clock_factor = 1.0;
    overhead_ns = 0;
}

void seshat_clock_sample_next(void) { cal.next = cal.on; }

int64_t seshat_clock_sample_end(void)
{
    if (!cal.on)
        return overhead_ns;
    cal.on = cal.next = 0;
    vnow = cal.vnow;
    clock_factor = cal.factor;
    leaves = cal.leaves;
    overhead_ns = clock_kind == SESHAT_CLOCK_NONE ? 0 : overhead_of(cal.v, cal.n);
    if (clock_kind != SESHAT_CLOCK_NONE)
        mark_now();
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

/* The gated interval so far, without renewing the anchor (the interval
 * goes on: its end, in seshat_clock_enter, needs the anchor it began
 * with). */
static int64_t gated_peek(void)
{
    int64_t w = seshat_wall_ns();
    int64_t d = w - mark_ns;
    if (seshat_clksrc_switches(&src) == mark_sw && d <= GATED_LONG_NS)
        return d;
    int64_t dc = seshat_thread_cpu_ns() - (anchor_cpu + (mark_ns - anchor_wall));
    return dc < d ? dc : d;
}

/* The program reads a clock of its own between two MPI calls: the clock
 * as the next call would find it, without ending the compute interval
 * (a busy-wait's whole CPU time counts once, less one compensation, as
 * between any two calls). clock = none: MPI_Wtime's tick rule, every read
 * counted as a call (a read with nothing between it and the last is 1 ns
 * later), so a busy-wait ends there too. Never earlier than a read before. */
seshat_vtime seshat_clock_program(void)
{
    if (clock_kind == SESHAT_CLOCK_NONE) {
        if (leaves == wtime_mark && vnow == wtime_read)
            vnow++;
        wtime_mark = leaves;
        wtime_read = vnow;
        return vnow;
    }
    int64_t d = (src.kind == SESHAT_CLKSRC_GATED ? gated_peek()
                                                 : seshat_clksrc_read(&src) - mark_ns) -
                overhead_ns;
    seshat_vtime t = vnow;
    if (d > 0)
        t += clock_factor == 1.0 ? d : (seshat_vtime)((double)d * clock_factor);
    if (t < program_read)
        t = program_read;
    return program_read = t;
}

void seshat_clock_advance_to(seshat_vtime t)
{
    if (t > vnow)
        vnow = t;
    check_limit();
}

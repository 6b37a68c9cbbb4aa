/* test_clock.c - the clock sources (src/rank/clock_src.h): the perf
 * task clock's user-space arithmetic on synthetic mmap pages, checked
 * against 128-bit arithmetic; the fallback on a kernel without
 * cap_user_time; the thread CPU clock. */
#include <linux/perf_event.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "rank/clock_src.h"

static uint64_t fake_cyc;
static uint64_t read_fake(void) { return fake_cyc; }

/* time_enabled + time_offset + cyc * mult / 2^shift (floor), exactly. */
static int64_t oracle(const struct perf_event_mmap_page *p, uint64_t cyc)
{
    unsigned __int128 scaled = ((unsigned __int128)cyc * p->time_mult) >> p->time_shift;
    return (int64_t)(p->time_enabled + p->time_offset + (uint64_t)scaled);
}

static struct perf_event_mmap_page page_with(uint64_t enabled, int64_t offset, uint32_t mult,
                                             uint16_t shift)
{
    struct perf_event_mmap_page p;
    memset(&p, 0, sizeof p);
    p.cap_user_time = 1;
    p.time_enabled = enabled;
    p.time_offset = (uint64_t)offset;
    p.time_mult = mult;
    p.time_shift = shift;
    return p;
}

static void perf_arithmetic(void **state)
{
    (void)state;
    /* 2.5 GHz TSC: 0.4 ns per cycle = 858993459 / 2^31. */
    struct perf_event_mmap_page p = page_with(1000000, -7000000, 858993459, 31);
    int64_t ns;
    fake_cyc = 20000000; /* 8 ms after TSC 0; the page was written at 7 ms */
    assert_int_equal(seshat_perf_page_ns(&p, read_fake, &ns), 0);
    assert_int_equal(ns, oracle(&p, fake_cyc));
    assert_int_equal(ns, 1000000 + 8000000 - 7000000 - 1); /* floor of 7999999.9995 */
    /* A TSC of 3e15 (two weeks at 2.5 GHz): cyc * mult overflows 64 bits;
     * the kernel's split into quotient and remainder must not. */
    fake_cyc = 3000000000000000ull;
    p.time_offset = (uint64_t)-(int64_t)1200000000000000ll;
    assert_int_equal(seshat_perf_page_ns(&p, read_fake, &ns), 0);
    assert_int_equal(ns, oracle(&p, fake_cyc));
}

static void perf_short_counter(void **state)
{
    (void)state;
    /* cap_user_time_short: a 32-bit counter that wrapped since time_cycles. */
    struct perf_event_mmap_page p = page_with(5000, 0, 1u << 20, 20); /* 1 ns per cycle */
    p.cap_user_time_short = 1;
    p.time_cycles = 0x1fffff000ull;
    p.time_mask = 0xffffffffull;
    p.time_offset = (uint64_t)-(int64_t)0x1fffff000ll;
    fake_cyc = 0x00000100; /* the low 32 bits after the wrap: 0x200000100 */
    int64_t ns;
    assert_int_equal(seshat_perf_page_ns(&p, read_fake, &ns), 0);
    assert_int_equal(ns, 5000 + (0x200000100ll - 0x1fffff000ll));
}

static void perf_without_cap(void **state)
{
    (void)state;
    struct perf_event_mmap_page p = page_with(1, 0, 1, 0);
    p.cap_user_time = 0;
    int64_t ns = 42;
    assert_int_equal(seshat_perf_page_ns(&p, read_fake, &ns), -1);
    assert_int_equal(ns, 42);
}

/* The kernel updates the page while we read: the seqlock makes the
 * reader retry and use the new values. */
static struct perf_event_mmap_page *racing;
static int races;
static uint64_t read_racing(void)
{
    if (races++ == 0) {
        racing->lock += 2;
        racing->time_enabled = 777000;
    }
    return 1000;
}

static void perf_seqlock_retry(void **state)
{
    (void)state;
    struct perf_event_mmap_page p = page_with(111000, 0, 1, 0);
    racing = &p;
    races = 0;
    int64_t ns;
    assert_int_equal(seshat_perf_page_ns(&p, read_racing, &ns), 0);
    assert_int_equal(races, 2);
    assert_int_equal(ns, 777000 + 1000);
}

static volatile double sink;
static void spin(long n)
{
    double x = 1;
    for (long i = 0; i < n; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

/* Whatever this kernel offers: a working source, and a reason when the
 * perf path is refused. Busy work shows up in it; sleep does not. */
static void open_and_read(void **state)
{
    (void)state;
    seshat_clksrc s;
    char why[200];
    seshat_clksrc_kind k = seshat_clksrc_open(&s, SESHAT_CLKSRC_PERF, why, sizeof why);
    if (k == SESHAT_CLKSRC_THREAD)
        assert_true(why[0] != 0);
    else
        assert_int_equal(k, SESHAT_CLKSRC_PERF);
    int64_t t0 = seshat_clksrc_read(&s), c0 = seshat_thread_cpu_ns();
    spin(20000000);
    int64_t t1 = seshat_clksrc_read(&s), c1 = seshat_thread_cpu_ns();
    assert_true(t1 - t0 > 1000000);
    /* both measure this thread's CPU time: within 5% + 50 us */
    int64_t d = (t1 - t0) - (c1 - c0);
    assert_true((d < 0 ? -d : d) < (c1 - c0) / 20 + 50000);
    seshat_clksrc_close(&s);
    assert_string_equal(seshat_clksrc_name(SESHAT_CLKSRC_THREAD), "CLOCK_THREAD_CPUTIME_ID");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(perf_arithmetic),
        cmocka_unit_test(perf_short_counter),
        cmocka_unit_test(perf_without_cap),
        cmocka_unit_test(perf_seqlock_retry),
        cmocka_unit_test(open_and_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

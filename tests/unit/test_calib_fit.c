/* test_calib_fit.c - the calibration fit on synthetic data: exact lines
 * are recovered, a protocol jump becomes the eager limit, and the model
 * the fit describes reproduces every point. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "calibrate/calib_fit.h"

static void one_line(void **state)
{
    (void)state;
    int64_t size[12];
    double t[12];
    for (int i = 0; i < 12; i++) {
        size[i] = (int64_t)8 << i;
        t[i] = 2 * 100 + 500 + (double)size[i] * 0.1;   /* 2o + L + n/10GB/s */
    }
    calib_fit f;
    assert_int_equal(calib_fit_run(size, t, 12, 100, 0.02, &f), 0);
    assert_int_equal(f.npieces, 1);
    assert_true(fabs(f.overhead_ns - 100) < 1e-9);
    assert_true(fabs(f.pieces[0].latency_ns - 500) < 1e-6);
    assert_true(fabs(f.pieces[0].ns_per_byte - 0.1) < 1e-9);
    assert_int_equal(f.eager_limit, size[11]);
}

static void protocol_switch(void **state)
{
    (void)state;
    int64_t size[14];
    double t[14];
    for (int i = 0; i < 14; i++) {
        size[i] = (int64_t)8 << i;   /* 8 B .. 64 KiB; switch after 2 KiB */
        t[i] = size[i] <= 2048 ? 400 + (double)size[i] * 0.25
                               : 3000 + (double)size[i] * 0.12;
    }
    calib_fit f;
    assert_int_equal(calib_fit_run(size, t, 14, 50, 0.02, &f), 0);
    assert_int_equal(f.eager_limit, 2048);
    assert_int_equal(f.npieces, 2);
    assert_int_equal(f.pieces[1].from, 4096);
    /* rendezvous piece: 2o + 2 L_base + L = 3000 */
    assert_true(fabs(100 + 2 * f.pieces[0].latency_ns + f.pieces[1].latency_ns - 3000) < 1e-6);
    for (int i = 0; i < 14; i++)
        assert_true(fabs(f.error[i]) < 1e-9);
    assert_true(fabs(calib_fit_oneway(&f, 1000) - (400 + 250)) < 1e-6);
}

/* A loaded machine: times that even fall as the size grows (measured
 * here under load). Every point is still reproduced within the tolerance. */
static void noisy(void **state)
{
    (void)state;
    static const double t[20] = { 442.0, 595.2, 513.4, 516.2, 768.4, 724.6, 1397.5, 1101.1,
                                  966.0, 4287.7, 4556.0, 5605.2, 7342.9, 10680.1, 15749.8,
                                  28515.9, 52787.8, 110378.9, 208064.2, 403089.0 };
    int64_t size[20];
    for (int i = 0; i < 20; i++)
        size[i] = (int64_t)8 << i;
    calib_fit f;
    assert_int_equal(calib_fit_run(size, t, 20, 54, 0.02, &f), 0);
    assert_int_equal(f.eager_limit, 2048);
    for (int i = 0; i < 20; i++) {
        assert_true(fabs(f.error[i]) <= 0.02);
        assert_true(f.pieces[i < f.npieces ? i : 0].latency_ns >= 0);
        assert_true(f.pieces[i < f.npieces ? i : 0].ns_per_byte >= 0);
    }
}

static void too_few(void **state)
{
    (void)state;
    int64_t size[1] = { 8 };
    double t[1] = { 1 };
    calib_fit f;
    assert_int_equal(calib_fit_run(size, t, 1, 0, 0.02, &f), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_line),
        cmocka_unit_test(protocol_switch),
        cmocka_unit_test(noisy),
        cmocka_unit_test(too_few),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_calib_fit.c - the calibration fit on synthetic data: exact lines
 * are recovered, a protocol jump becomes the eager limit, and the model
 * the fit describes reproduces every point; the collective factor fit. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "calibrate/calib_coll.h"
#include "calibrate/calib_fit.h"
#include "calibrate/calib_preset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Collective factors (calib_coll.c): a constant ratio is one piece, two
 * regimes are two pieces split where the ratio changes, near-equal ratios
 * share the closed-form least-squares factor, an outlier gets a piece of
 * its own. */
#define N 8
static int64_t size[N];
static double model[N];

static void setup_sizes(void)
{
    for (int i = 0; i < N; i++) {
        size[i] = (int64_t)8 << (2 * i);   /* 8 B .. 128 KiB in steps of 4x */
        model[i] = 1000 + 0.5 * (double)size[i];
    }
}

static void constant_ratio(void **state)
{
    (void)state;
    setup_sizes();
    double t[N];
    for (int i = 0; i < N; i++)
        t[i] = 1.37 * model[i];
    calib_coll_fit f;
    assert_int_equal(calib_coll_fit_run(size, t, model, NULL, N, 0.02, &f), 0);
    assert_int_equal(f.npieces, 1);
    assert_int_equal(f.pieces[0].from, 0);
    assert_true(fabs(f.pieces[0].factor - 1.37) < 1e-12);
    for (int i = 0; i < N; i++) {
        assert_true(fabs(f.error[i]) < 1e-12);
        assert_true(fabs(f.model_ns[i] - t[i]) < 1e-6);
    }
    assert_true(fabs(calib_coll_factor(&f, 0) - 1.37) < 1e-12);
    assert_true(fabs(calib_coll_factor(&f, 1 << 30) - 1.37) < 1e-12);
}

/* 1.3 up to 2 KiB, 0.25 from 8 KiB on (a pipelined large bcast). */
static void two_regimes(void **state)
{
    (void)state;
    setup_sizes();
    double t[N];
    for (int i = 0; i < N; i++)
        t[i] = (size[i] <= 2048 ? 1.3 : 0.25) * model[i];
    calib_coll_fit f;
    assert_int_equal(calib_coll_fit_run(size, t, model, NULL, N, 0.02, &f), 0);
    assert_int_equal(f.npieces, 2);
    assert_int_equal(f.pieces[0].from, 0);
    assert_int_equal(f.pieces[1].from, 8192);
    assert_true(fabs(f.pieces[0].factor - 1.3) < 1e-12);
    assert_true(fabs(f.pieces[1].factor - 0.25) < 1e-12);
    for (int i = 0; i < N; i++)
        assert_true(fabs(f.error[i]) < 1e-12);
    assert_true(fabs(calib_coll_factor(&f, 2048) - 1.3) < 1e-12);
    assert_true(fabs(calib_coll_factor(&f, 8191) - 1.3) < 1e-12);
    assert_true(fabs(calib_coll_factor(&f, 8192) - 0.25) < 1e-12);
    assert_true(fabs(calib_coll_factor(&f, 1 << 24) - 0.25) < 1e-12);
}

/* Ratios a = 1 and b = 1.02 alternate: within 2% one factor fits them all,
 * the one minimizing sum (f/r - 1)^2, which for k a's and k b's is
 * ab(a + b) / (a^2 + b^2) = 1.0098020..., leaving -/+0.98% at each. */
static void least_squares(void **state)
{
    (void)state;
    setup_sizes();
    double t[N], a = 1.0, b = 1.02;
    for (int i = 0; i < N; i++)
        t[i] = (i % 2 ? b : a) * model[i];
    calib_coll_fit f;
    assert_int_equal(calib_coll_fit_run(size, t, model, NULL, N, 0.02, &f), 0);
    assert_int_equal(f.npieces, 1);
    double want = a * b * (a + b) / (a * a + b * b);
    assert_true(fabs(f.pieces[0].factor - want) < 1e-12);
    assert_true(fabs(want - 1.0098020) < 1e-6);
    for (int i = 0; i < N; i++)
        assert_true(fabs(f.error[i] - (want / (i % 2 ? b : a) - 1)) < 1e-12);
    /* at 0.5% tolerance the alternation needs a piece per point */
    assert_int_equal(calib_coll_fit_run(size, t, model, NULL, N, 0.005, &f), 0);
    assert_int_equal(f.npieces, N);
    for (int i = 0; i < N; i++) {
        assert_int_equal(f.pieces[i].from, i ? size[i] : 0);
        assert_true(fabs(f.error[i]) < 1e-12);
    }
}

/* One size 40% slow in the middle: it is a piece of its own and the
 * pieces around it keep the exact factor. */
static void outlier(void **state)
{
    (void)state;
    setup_sizes();
    double t[N];
    for (int i = 0; i < N; i++)
        t[i] = (i == 4 ? 1.4 : 0.9) * model[i];
    calib_coll_fit f;
    assert_int_equal(calib_coll_fit_run(size, t, model, NULL, N, 0.05, &f), 0);
    assert_int_equal(f.npieces, 3);
    assert_int_equal(f.pieces[1].from, size[4]);
    assert_int_equal(f.pieces[2].from, size[5]);
    assert_true(fabs(f.pieces[0].factor - 0.9) < 1e-12);
    assert_true(fabs(f.pieces[1].factor - 1.4) < 1e-12);
    assert_true(fabs(f.pieces[2].factor - 0.9) < 1e-12);
}

/* The model ran with factor 2 at every size: the same fit as at factor 1. */
static void used_factor(void **state)
{
    (void)state;
    setup_sizes();
    double t[N], m2[N], two[N];
    for (int i = 0; i < N; i++) {
        t[i] = 1.37 * model[i];
        m2[i] = 2 * model[i];
        two[i] = 2;
    }
    calib_coll_fit f;
    assert_int_equal(calib_coll_fit_run(size, t, m2, two, N, 0.02, &f), 0);
    assert_int_equal(f.npieces, 1);
    assert_true(fabs(f.pieces[0].factor - 1.37) < 1e-12);
    assert_true(fabs(f.model_ns[3] - t[3]) < 1e-6);
    two[5] = 0;
    assert_int_equal(calib_coll_fit_run(size, t, m2, two, N, 0.02, &f), -1);
}

/* A model only partly scaled by the factor, as with entries skewed by the
 * barrier before each call: model(f) = f a + b with b = 0.3 a, measured
 * 1.5 a + b. Run and refit converge on the fixed point f = 1.5: within 2%
 * after two refits, within 1e-6 after twelve. */
static void refit_converges(void **state)
{
    (void)state;
    setup_sizes();
    double t[N], m[N], used[N];
    for (int i = 0; i < N; i++) {
        t[i] = 1.8 * model[i];
        used[i] = 1;
    }
    calib_coll_fit f;
    for (int it = 1; it <= 12; it++) {
        for (int i = 0; i < N; i++)
            m[i] = used[i] * model[i] + 0.3 * model[i];
        assert_int_equal(calib_coll_fit_run(size, t, m, used, N, 0.02, &f), 0);
        assert_int_equal(f.npieces, 1);
        for (int i = 0; i < N; i++)
            used[i] = calib_coll_factor(&f, size[i]);
        double err = (used[0] * model[0] + 0.3 * model[0]) / t[0] - 1;
        if (it == 2)
            assert_true(fabs(err) < 0.02);
    }
    assert_true(fabs(f.pieces[0].factor - 1.5) < 1e-6);
}

/* A single size (barrier) is one piece. */
static void single(void **state)
{
    (void)state;
    int64_t s[1] = { 0 };
    double t[1] = { 432.1 }, m[1] = { 320.0 };
    calib_coll_fit f;
    assert_int_equal(calib_coll_fit_run(s, t, m, NULL, 1, 0.02, &f), 0);
    assert_int_equal(f.npieces, 1);
    assert_true(fabs(f.pieces[0].factor - 432.1 / 320.0) < 1e-12);
    assert_true(fabs(f.model_ns[0] - 432.1) < 1e-9);
}

static void bad_input(void **state)
{
    (void)state;
    setup_sizes();
    double t[N];
    for (int i = 0; i < N; i++)
        t[i] = model[i];
    calib_coll_fit f;
    assert_int_equal(calib_coll_fit_run(size, t, model, NULL, 0, 0.02, &f), -1);
    assert_int_equal(calib_coll_fit_run(size, t, model, NULL, CALIB_MAX_POINTS + 1, 0.02, &f), -1);
    t[3] = 0;
    assert_int_equal(calib_coll_fit_run(size, t, model, NULL, N, 0.02, &f), -1);
    t[3] = model[3];
    double m3 = model[3];
    model[3] = -1;
    assert_int_equal(calib_coll_fit_run(size, t, model, NULL, N, 0.02, &f), -1);
    model[3] = m3;
    int64_t s3 = size[3];
    size[3] = size[2];
    assert_int_equal(calib_coll_fit_run(size, t, model, NULL, N, 0.02, &f), -1);
    size[3] = s3;
}

/* The preset is written beside a planted link, never through it
 * (common/safe_write.h): the link becomes the preset, its target stays. */
static void preset_through_link(void **state)
{
    (void)state;
    char dir[] = "/tmp/calib-link-XXXXXX", victim[64], path[64], line[128];
    assert_non_null(mkdtemp(dir));
    snprintf(victim, sizeof victim, "%s/victim", dir);
    snprintf(path, sizeof path, "%s/host.ini", dir);
    FILE *v = fopen(victim, "w");
    fputs("precious\n", v);
    fclose(v);
    assert_int_equal(symlink(victim, path), 0);
    int64_t size[12];
    double t[12];
    for (int i = 0; i < 12; i++) {
        size[i] = (int64_t)8 << i;
        t[i] = 700 + (double)size[i] * 0.1;
    }
    calib_fit f;
    assert_int_equal(calib_fit_run(size, t, 12, 100, 0.02, &f), 0);
    assert_int_equal(calib_preset_write(path, &f, size, t, 12, NULL, 0, "test"), 0);
    v = fopen(victim, "r");
    assert_non_null(fgets(line, sizeof line, v));
    fclose(v);
    assert_string_equal(line, "precious\n");
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    unlink(path);
    unlink(victim);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_line),
        cmocka_unit_test(protocol_switch),
        cmocka_unit_test(noisy),
        cmocka_unit_test(too_few),
        cmocka_unit_test(constant_ratio),
        cmocka_unit_test(two_regimes),
        cmocka_unit_test(least_squares),
        cmocka_unit_test(outlier),
        cmocka_unit_test(used_factor),
        cmocka_unit_test(refit_converges),
        cmocka_unit_test(single),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(preset_through_link),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

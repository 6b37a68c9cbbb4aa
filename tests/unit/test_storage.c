/* test_storage.c - the MPI-IO storage model's formulas of docs/models.md
 * ("MPI-IO"), to the nanosecond, from the configuration's [io] keys. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model/storage.h"

/* L = 100 us, A = 1 GB/s, C = 0.5 GB/s, M = 1 ms (tests/mpi/run_io.sh's). */
static seshat_storage storage_with(seshat_io_model model, double aggregate, double client)
{
    seshat_config cfg;
    seshat_config_defaults(&cfg);
    cfg.io_model = model;
    cfg.io_latency_ns = 100000;
    cfg.io_bandwidth_Bps = aggregate;
    cfg.io_client_Bps = client;
    cfg.io_metadata_ns = 1000000;
    seshat_storage s;
    seshat_storage_init(&s, &cfg);
    return s;
}

/* Independent: L + B / min(C, A). */
static void independent(void **state)
{
    (void)state;
    seshat_storage s = storage_with(SESHAT_IO_ANALYTIC, 1e9, 0.5e9);
    assert_int_equal(seshat_storage_independent(&s, 65536), 100000 + 131072);
    assert_int_equal(seshat_storage_independent(&s, 0), 100000);
    /* a client faster than the file system: the aggregate bounds it */
    s = storage_with(SESHAT_IO_ANALYTIC, 1e9, 4e9);
    assert_int_equal(seshat_storage_independent(&s, 1000000), 100000 + 1000000);
}

/* Collective: L + S / min(A, N x C). */
static void collective(void **state)
{
    (void)state;
    seshat_storage s = storage_with(SESHAT_IO_ANALYTIC, 1e9, 0.5e9);
    assert_int_equal(seshat_storage_collective(&s, 4, 4 * 65536), 100000 + 262144);
    assert_int_equal(seshat_storage_collective(&s, 3, 3 * 65536), 100000 + 196608);
    /* one member: its own link, as an independent access */
    assert_int_equal(seshat_storage_collective(&s, 1, 65536), 100000 + 131072);
    /* rounding to the nearest ns: 1 B at 3 GB/s is 0.333 ns, 2 B 0.667 ns */
    s = storage_with(SESHAT_IO_ANALYTIC, 3e9, 3e9);
    assert_int_equal(seshat_storage_collective(&s, 2, 1), 100000);
    assert_int_equal(seshat_storage_collective(&s, 2, 2), 100001);
}

static void metadata_and_none(void **state)
{
    (void)state;
    seshat_storage s = storage_with(SESHAT_IO_ANALYTIC, 1e9, 0.5e9);
    assert_int_equal(seshat_storage_metadata(&s), 1000000);
    s = storage_with(SESHAT_IO_NONE, 1e9, 0.5e9);
    assert_int_equal(seshat_storage_metadata(&s), 0);
    assert_int_equal(seshat_storage_independent(&s, 65536), 0);
    assert_int_equal(seshat_storage_collective(&s, 4, 262144), 0);
}

/* The defaults are docs/configuration.md's. */
static void defaults(void **state)
{
    (void)state;
    seshat_config cfg;
    seshat_config_defaults(&cfg);
    seshat_storage s;
    seshat_storage_init(&s, &cfg);
    assert_int_equal(s.on, 1);
    assert_int_equal(s.latency_ns, 100000);
    assert_int_equal(s.metadata_ns, 1000000);
    assert_true(s.bandwidth_Bps == 10e9 && s.client_Bps == 2e9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(independent),
        cmocka_unit_test(collective),
        cmocka_unit_test(metadata_and_none),
        cmocka_unit_test(defaults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_loggp.c - the LogGP formulas of docs/models.md, to the nanosecond. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model/model.h"

static seshat_model model_with(int64_t lat, double bw, int64_t o, int64_t g, int64_t eager)
{
    seshat_config cfg;
    memset(&cfg, 0, sizeof cfg);
    snprintf(cfg.model, sizeof cfg.model, "loggp");
    cfg.latency_ns = lat;
    cfg.bandwidth_Bps = bw;
    cfg.overhead_ns = o;
    cfg.gap_ns = g;
    cfg.eager_limit = eager;
    cfg.latency_factor = cfg.bandwidth_factor = cfg.cpu_factor = cfg.collective_factor = 1;
    seshat_model m;
    char err[128];
    assert_int_equal(seshat_model_init(&m, &cfg, err, sizeof err), 0);
    return m;
}

static void eager_arrival(void **state)
{
    (void)state;
    seshat_model m = model_with(5000, 1e9, 300, 0, 65536);
    seshat_msg msg = { 1024, 100, m.proto(&m, 1024, 0), 0, 1 };
    assert_int_equal(msg.proto, SESHAT_PROTO_EAGER);
    seshat_p2p_times t = m.p2p(&m, &msg, 0);
    assert_int_equal(t.arrival, 100 + 300 + 5000 + 1024);
    assert_int_equal(t.sender_done, 100 + 300);
    assert_int_equal(m.recv_done(&m, 0, t.arrival), t.arrival + 300);
    assert_int_equal(m.recv_done(&m, 99999, t.arrival), 99999 + 300);
}

static void rendezvous_waits_for_post(void **state)
{
    (void)state;
    seshat_model m = model_with(5000, 1e9, 0, 0, 65536);
    seshat_msg msg = { 1 << 20, 0, m.proto(&m, 1 << 20, 0), 0, 1 };
    assert_int_equal(msg.proto, SESHAT_PROTO_RENDEZVOUS);
    /* Receiver already posted: 3L + n. */
    assert_int_equal(m.p2p(&m, &msg, 0).arrival, 15000 + (1 << 20));
    /* Receiver posts late at 1 ms: handshake waits for it. */
    seshat_p2p_times t = m.p2p(&m, &msg, 1000000);
    assert_int_equal(t.arrival, 1000000 + 10000 + (1 << 20));
    assert_int_equal(t.sender_done, t.arrival);
    /* A probe sees the request-to-send after L. */
    assert_int_equal(seshat_model_visible(&m, &msg), 5000);
}

static void synchronous_is_rendezvous(void **state)
{
    (void)state;
    seshat_model m = model_with(5000, 1e9, 0, 0, 65536);
    assert_int_equal(m.proto(&m, 8, 1), SESHAT_PROTO_RENDEZVOUS);
    assert_int_equal(m.proto(&m, 65536, 0), SESHAT_PROTO_EAGER);
    assert_int_equal(m.proto(&m, 65537, 0), SESHAT_PROTO_RENDEZVOUS);
}

static void gap_spaces_injections(void **state)
{
    (void)state;
    seshat_model m = model_with(1000, 1e9, 0, 700, 65536);
    seshat_vtime nic = 0;
    assert_int_equal(m.inject(&m, 0, 8, -1, -1, &nic), 0);
    assert_int_equal(m.inject(&m, 100, 8, -1, -1, &nic), 700);       /* the gap */
    assert_int_equal(m.inject(&m, 5000, 3000, -1, -1, &nic), 5000);
    assert_int_equal(m.inject(&m, 5000, 8, -1, -1, &nic), 8000);     /* 3000 B at 1 ns/B */
}

static void factors_scale(void **state)
{
    (void)state;
    seshat_config cfg;
    memset(&cfg, 0, sizeof cfg);
    snprintf(cfg.model, sizeof cfg.model, "loggp");
    cfg.latency_ns = 2000;
    cfg.bandwidth_Bps = 12.5e9;
    cfg.latency_factor = 0.5;
    cfg.bandwidth_factor = 2;
    cfg.eager_limit = 1 << 16;
    seshat_model m;
    char err[128];
    assert_int_equal(seshat_model_init(&m, &cfg, err, sizeof err), 0);
    seshat_msg msg = { 25000, 0, SESHAT_PROTO_EAGER, 0, 1 };
    /* 1000 ns latency + 25000 B at 25 GB/s = 1000 ns. */
    assert_int_equal(m.p2p(&m, &msg, 0).arrival, 2000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eager_arrival),
        cmocka_unit_test(rendezvous_waits_for_post),
        cmocka_unit_test(synchronous_is_rendezvous),
        cmocka_unit_test(gap_spaces_injections),
        cmocka_unit_test(factors_scale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

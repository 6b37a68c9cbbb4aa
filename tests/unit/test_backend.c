/* test_backend.c - the stateless backend (src/server/stateless.c) behind
 * backend.h, on LogGP with L = 5 us, 1 GB/s, o = 0: what it answers, to
 * whom, and when (docs/models.md's formulas). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "server/backend.h"

struct sink {
    int n, nreply, nlog;
    struct { int dst; seshat_answer a; } ans[16];
    struct { int dst, seq; int64_t t; } reply[4];
    int64_t net[4];
};

static void on_answer(void *ctx, int dst, const seshat_answer *a)
{
    struct sink *k = ctx;
    k->ans[k->n].dst = dst;
    k->ans[k->n++].a = *a;
}
static void on_reply(void *ctx, int dst, int seq, int64_t t)
{
    struct sink *k = ctx;
    k->reply[k->nreply].dst = dst;
    k->reply[k->nreply].seq = seq;
    k->reply[k->nreply++].t = t;
}
static void on_log(void *ctx, const seshat_envelope *e, int64_t net)
{
    (void)e;
    struct sink *k = ctx;
    k->net[k->nlog++] = net;
}

static seshat_config cfg;
static seshat_model model;

static void setup_backend(seshat_backend *b, struct sink *k)
{
    seshat_config_defaults(&cfg);
    cfg.latency_ns = 5000;
    cfg.bandwidth_Bps = 1e9;
    cfg.overhead_ns = 0;
    cfg.eager_limit = 65536;
    char err[128];
    assert_int_equal(seshat_model_init(&model, &cfg, err, sizeof err), 0);
    memset(k, 0, sizeof *k);
    seshat_backend_io io = { .ctx = k, .answer = on_answer, .reply = on_reply, .log = on_log };
    assert_int_equal(seshat_backend_stateless(b, &model, &cfg, &io), 0);
}

/* Eager: the receiver gets its arrival at once, t + L + n. */
static void eager_is_answered_at_once(void **state)
{
    (void)state;
    seshat_backend b;
    struct sink k;
    setup_backend(&b, &k);
    seshat_envelope e = { .src = 0, .dst = 1, .comm_id = 7, .tag = 3, .bytes = 1000,
                          .t_inject = 100, .seq = 1, .proto = SESHAT_PROTO_EAGER };
    b.envelope(b.self, &e);
    assert_int_equal(k.n, 1);
    assert_int_equal(k.ans[0].dst, 1);
    assert_int_equal(k.ans[0].a.type, SESHAT_ANS_ARRIVAL);
    assert_int_equal(k.ans[0].a.arrival, 100 + 5000 + 1000);
    assert_int_equal(k.nlog, 1);
    assert_int_equal(k.net[0], 6000);
    b.finish(b.self, 0);
}

/* Rendezvous: NEED_POST with the request-to-send's arrival, then on the
 * post FINAL = max(t + L, post) + L + (L + n) and the sender's reply. */
static void rendezvous_waits_for_the_post(void **state)
{
    (void)state;
    seshat_backend b;
    struct sink k;
    setup_backend(&b, &k);
    seshat_envelope e = { .src = 2, .dst = 0, .bytes = 100000, .t_inject = 0, .seq = 9,
                          .proto = SESHAT_PROTO_RENDEZVOUS };
    b.envelope(b.self, &e);
    assert_int_equal(k.n, 1);
    assert_int_equal(k.ans[0].a.type, SESHAT_ANS_NEED_POST);
    assert_int_equal(k.ans[0].a.arrival, 5000);
    seshat_post p = { 2, 9, 20000 };
    b.post(b.self, 0, &p);
    assert_int_equal(k.n, 2);
    assert_int_equal(k.ans[1].dst, 0);
    assert_int_equal(k.ans[1].a.type, SESHAT_ANS_FINAL);
    assert_int_equal(k.ans[1].a.arrival, 20000 + 5000 + 5000 + 100000);
    assert_int_equal(k.nreply, 1);
    assert_int_equal(k.reply[0].dst, 2);
    assert_int_equal(k.reply[0].seq, 9);
    assert_int_equal(k.reply[0].t, 130000);
    b.finish(b.self, 0);
}

/* A collective is answered when its last member enters: a barrier of 2
 * (auto: dissemination, one exchange, o = 0) from entries 0 and 3000.
 * Member 0 leaves when member 1's message arrives, 3000 + L; member 1
 * when member 0's does, max(3000, 0 + L). */
static void collective_waits_for_every_member(void **state)
{
    (void)state;
    seshat_backend b;
    struct sink k;
    setup_backend(&b, &k);
    seshat_coll_entry e = { .comm_id = 4, .seq = 0, .p = 2, .rank = 0, .kind = 0, .alg = 0,
                            .root = 0, .world = 5, .leader = 5, .cls = 0, .entry = 0 };
    b.coll(b.self, &e);
    assert_int_equal(k.n, 0);
    e.rank = 1, e.world = 6, e.entry = 3000;
    b.coll(b.self, &e);
    assert_int_equal(k.n, 2);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(k.ans[i].a.type, SESHAT_ANS_COLL);
        assert_int_equal(k.ans[i].dst, 5 + i);
        assert_int_equal(k.ans[i].a.comm_id, 4);
    }
    assert_int_equal(k.ans[0].a.arrival, 8000);
    assert_int_equal(k.ans[1].a.arrival, 5000);
    b.finish(b.self, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eager_is_answered_at_once),
        cmocka_unit_test(rendezvous_waits_for_the_post),
        cmocka_unit_test(collective_waits_for_every_member),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_backend.c - the stateless backend (netmodel/server/stateless.c) behind
 * backend.h, on LogGP with L = 5 us, 1 GB/s, o = 0: what it answers, to
 * whom, and when (docs/models.md's formulas); the forward backend
 * (netmodel/server/forward.c): every report reaches the engine's backend once,
 * in order, batched while more wait. */
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

/* forward.c: what the engine's server would receive (batches), and a
 * backend that records what it is handed (tag, rank). */
struct wire {
    int batches, waiting;        /* waiting: reports io.pending says are queued */
    seshat_fwd_item item[4 * SESHAT_FWD_MAX];
    int nitems, sizes[8];
    int engine;
};
static void on_forward(void *ctx, int engine, const void *buf, int bytes)
{
    struct wire *w = ctx;
    w->engine = engine;
    memcpy(&w->item[w->nitems], buf, (size_t)bytes);
    w->nitems += bytes / (int)sizeof(seshat_fwd_item);
    w->sizes[w->batches++] = bytes / (int)sizeof(seshat_fwd_item);
}
static int on_pending(void *ctx)
{
    struct wire *w = ctx;
    return w->waiting > 0 ? w->waiting-- : 0;
}
struct seen { int n, tag[128], from[128]; int64_t val[128]; };
static void rec(void *self, int tag, int from, int64_t v)
{
    struct seen *s = self;
    s->tag[s->n] = tag, s->from[s->n] = from, s->val[s->n++] = v;
}
static void rec_env(void *self, const seshat_envelope *e) { rec(self, SESHAT_TAG_ENV, e->src, e->t_inject); }
static void rec_post(void *self, int from, const seshat_post *p) { rec(self, SESHAT_TAG_POST, from, p->t_post); }
static void rec_coll(void *self, const seshat_coll_entry *e) { rec(self, SESHAT_TAG_COLL, e->world, e->entry); }
static void rec_block(void *self, int from, const seshat_block *b) { rec(self, SESHAT_TAG_BLOCK, from, b->clock); }
static void rec_fin(void *self, int from) { rec(self, SESHAT_TAG_FIN, from, 0); }

/* Four reports of ranks 3 and 4 (the first two arrive while more wait:
 * one batch of three, then one of one), then a fin, 100 envelopes and a
 * fin in a row (full batches of SESHAT_FWD_MAX, the rest at the end); the
 * engine's backend gets all 106 in order, 2 fins. */
static void forward_keeps_order_and_batches(void **state)
{
    (void)state;
    struct wire w = { .waiting = 2 };
    seshat_backend_io io = { .ctx = &w, .forward = on_forward, .pending = on_pending };
    seshat_backend f;
    assert_int_equal(seshat_backend_forward(&f, 7, 6, &io), 0);
    seshat_envelope e = { .src = 3, .dst = 4, .t_inject = 100 };
    seshat_post p = { .src = 3, .seq = 1, .t_post = 200 };
    seshat_block blk = { .clock = 300 };
    seshat_coll_entry c = { .world = 4, .entry = 400 };
    f.envelope(f.self, &e), f.advance(f.self);
    f.post(f.self, 4, &p), f.advance(f.self);
    f.block(f.self, 4, &blk), f.advance(f.self);
    assert_int_equal(w.batches, 1);
    assert_int_equal(w.sizes[0], 3);
    assert_int_equal(w.engine, 6);
    f.coll(f.self, &c), f.advance(f.self);
    w.waiting = 1000;
    f.fin(f.self, 3), f.advance(f.self);
    for (int i = 0; i < 100; i++) {
        e.t_inject = 1000 + i;
        f.envelope(f.self, &e), f.advance(f.self);
    }
    f.fin(f.self, 4);
    f.finish(f.self, 0);   /* sends what is left */
    assert_int_equal(w.nitems, 106);
    assert_int_equal(w.batches, 5);
    assert_int_equal(w.sizes[1], 1);
    assert_int_equal(w.sizes[2], SESHAT_FWD_MAX);
    assert_int_equal(w.sizes[3], SESHAT_FWD_MAX);
    assert_int_equal(w.sizes[4], 106 - 4 - 2 * SESHAT_FWD_MAX);

    struct seen s = { 0 };
    seshat_backend eng = { "rec", &s, rec_env, rec_post, rec_coll, rec_block, rec_fin,
                           NULL, NULL, NULL };
    assert_int_equal(seshat_forward_deliver(&eng, w.item, 5, 8), 1);
    int tag[5] = { SESHAT_TAG_ENV, SESHAT_TAG_POST, SESHAT_TAG_BLOCK, SESHAT_TAG_COLL,
                   SESHAT_TAG_FIN };
    int from[5] = { 3, 4, 4, 4, 3 };
    int64_t val[5] = { 100, 200, 300, 400, 0 };
    for (int i = 0; i < 5; i++) {
        assert_int_equal(s.tag[i], tag[i]);
        assert_int_equal(s.from[i], from[i]);
        assert_int_equal(s.val[i], val[i]);
    }
    s.n = 0;
    assert_int_equal(seshat_forward_deliver(&eng, w.item + 5, 40, 8), 0);
    assert_int_equal(s.val[39], 1039);
    assert_int_equal(seshat_forward_deliver(&eng, w.item + 45, 61, 8), 1);
    assert_int_equal(s.val[99], 1099);
    assert_int_equal(s.tag[100], SESHAT_TAG_FIN);
    assert_int_equal(s.from[100], 4);
    /* malformed: a rank outside the application, an unknown tag */
    assert_int_equal(seshat_forward_deliver(&eng, w.item, 1, 3), -1);
    w.item[0].tag = SESHAT_TAG_MATRIX;
    assert_int_equal(seshat_forward_deliver(&eng, w.item, 1, 8), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eager_is_answered_at_once),
        cmocka_unit_test(rendezvous_waits_for_the_post),
        cmocka_unit_test(collective_waits_for_every_member),
        cmocka_unit_test(forward_keeps_order_and_batches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

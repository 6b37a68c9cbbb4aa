/* test_coll_sched.c - collective schedules against their closed forms
 * (docs/models.md). Zero-byte messages keep the forms short: every
 * transfer then costs L (plus 2o when o > 0); byte effects are asserted
 * end to end in tests/mpi/run_coll.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model/coll_sched.h"

#define L 1000

static seshat_model model(int64_t o)
{
    seshat_config cfg;
    memset(&cfg, 0, sizeof cfg);
    snprintf(cfg.model, sizeof cfg.model, "loggp");
    cfg.latency_ns = L;
    cfg.bandwidth_Bps = 1e9;
    cfg.overhead_ns = o;
    cfg.eager_limit = 65536;
    cfg.latency_factor = cfg.bandwidth_factor = 1;
    seshat_model m;
    char err[64];
    assert_int_equal(seshat_model_init(&m, &cfg, err, sizeof err), 0);
    return m;
}

/* Exits of kind/alg on p ranks entering at 0, in units of L. */
static void expect(enum seshat_coll_kind kind, enum seshat_coll_alg alg, int p, const int *units)
{
    seshat_model m = model(0);
    seshat_coll c = { kind, alg, p, 0, 0, 1.0, 0 };
    seshat_vtime entry[8] = { 0 }, exit[8];
    assert_int_equal(seshat_coll_eval(&m, &c, entry, exit), 0);
    for (int r = 0; r < p; r++)
        if (exit[r] != (seshat_vtime)units[r] * L)
            fail_msg("%s/%s p=%d rank %d: exit %lld, expected %d L", seshat_coll_kind_names[kind],
                     seshat_coll_alg_names[alg], p, r, (long long)exit[r], units[r]);
}

#define EXPECT(kind, alg, p, ...) \
    expect(SESHAT_COLL_##kind, SESHAT_ALG_##alg, p, (const int[]){ __VA_ARGS__ })

static void barriers(void **state)
{
    (void)state;
    EXPECT(BARRIER, DISSEMINATION, 4, 2, 2, 2, 2);          /* ceil(log2 p) rounds */
    EXPECT(BARRIER, DISSEMINATION, 5, 3, 3, 3, 3, 3);
    EXPECT(BARRIER, LINEAR, 4, 1, 2, 2, 2);                 /* in to 0, then out */
}

static void rooted(void **state)
{
    (void)state;
    EXPECT(BCAST, BINOMIAL, 5, 0, 1, 1, 2, 1);              /* popcount(rank) L */
    EXPECT(BCAST, BINARY, 5, 0, 1, 1, 2, 2);                /* depth in the heap */
    EXPECT(BCAST, LINEAR, 4, 0, 1, 1, 1);
    EXPECT(BCAST, PIPELINE, 4, 0, 1, 2, 3);                 /* one segment: a chain */
    EXPECT(REDUCE, BINOMIAL, 4, 2, 0, 1, 0);
    EXPECT(REDUCE, BINOMIAL, 5, 2, 0, 1, 0, 0);
    EXPECT(REDUCE, LINEAR, 4, 1, 0, 0, 0);
    EXPECT(GATHER, BINOMIAL, 5, 2, 0, 1, 0, 0);
    EXPECT(SCATTER, BINOMIAL, 4, 0, 1, 1, 2);
}

static void symmetric(void **state)
{
    (void)state;
    EXPECT(ALLREDUCE, RECURSIVE_DOUBLING, 4, 2, 2, 2, 2);
    EXPECT(ALLREDUCE, RECURSIVE_DOUBLING, 5, 3, 2, 2, 2, 3);  /* fold in, 2 rounds, out */
    EXPECT(ALLREDUCE, RING, 4, 6, 6, 6, 6);                   /* 2(p-1) rounds */
    EXPECT(ALLREDUCE, RING, 5, 8, 8, 8, 8, 8);
    EXPECT(ALLREDUCE, RABENSEIFNER, 4, 4, 4, 4, 4);           /* halving + doubling */
    EXPECT(ALLGATHER, RING, 5, 4, 4, 4, 4, 4);                /* p-1 rounds */
    EXPECT(ALLGATHER, BRUCK, 5, 3, 3, 3, 3, 3);               /* ceil(log2 p) rounds */
    EXPECT(ALLGATHER, RECURSIVE_DOUBLING, 4, 2, 2, 2, 2);
    EXPECT(ALLTOALL, PAIRWISE, 5, 4, 4, 4, 4, 4);
    EXPECT(ALLTOALL, BRUCK, 5, 3, 3, 3, 3, 3);
    EXPECT(ALLTOALL, LINEAR, 4, 1, 1, 1, 1);
    EXPECT(REDUCE_SCATTER, RING, 4, 3, 3, 3, 3);
    EXPECT(SCAN, LINEAR, 4, 0, 1, 2, 3);
    EXPECT(SCAN, RECURSIVE_DOUBLING, 4, 0, 1, 1, 2);
}

/* The schedules Open MPI 4.1's rules add (docs/models.md). */
static void ompi41(void **state)
{
    (void)state;
    EXPECT(BCAST, KNOMIAL, 8, 0, 1, 1, 1, 1, 2, 2, 2);      /* radix 4: 0 -> 4, then 0, 4 -> +1..3 */
    EXPECT(BCAST, CHAIN, 4, 0, 1, 2, 3);
    EXPECT(REDUCE, BINARY, 4, 2, 1, 0, 0);                  /* heap leaves first */
    EXPECT(REDUCE, CHAIN, 4, 3, 2, 1, 0);
    EXPECT(BARRIER, TREE, 4, 2, 3, 3, 4);                   /* binomial in to 0, then out */
    EXPECT(BARRIER, RECURSIVE_DOUBLING, 5, 3, 2, 2, 2, 3);
    /* reduce (binary, 4 members, < 4 KiB) then bcast (binary, < 64 B) */
    EXPECT(ALLREDUCE, NONOVERLAPPING, 4, 2, 3, 3, 4);
    /* pairs swap halves, the odd one returns its half, halving + doubling
     * between 0 and 2, the result to 1 */
    EXPECT(ALLREDUCE, RABENSEIFNER, 3, 4, 5, 3);
    EXPECT(ALLGATHER, NEIGHBOR_EXCHANGE, 4, 2, 2, 2, 2);    /* p / 2 rounds */
    EXPECT(ALLGATHER, NEIGHBOR_EXCHANGE, 5, 4, 4, 4, 4, 4); /* odd p: the ring */
    EXPECT(REDUCE_SCATTER, RECURSIVE_HALVING, 4, 2, 2, 2, 2);
    EXPECT(REDUCE_SCATTER, RECURSIVE_HALVING, 3, 2, 1, 2);  /* 0 folds into 1, gets its block back */
    EXPECT(BCAST, SCATTER_ALLGATHER, 4, 0, 1, 1, 1);        /* 0 B < p: linear */
    /* Open MPI's ring with fewer elements than members is recursive
     * doubling (8 B on 4 members: 2 rounds of w = L + 8 ns), its
     * Rabenseifner below one element per member of the power of two linear */
    seshat_model m = model(0);
    seshat_coll c = { SESHAT_COLL_ALLREDUCE, SESHAT_ALG_RING, 4, 0, 8, 1.0, 0 };
    seshat_vtime entry[4] = { 0 }, exit[4];
    assert_int_equal(seshat_coll_eval(&m, &c, entry, exit), 0);
    for (int r = 0; r < 4; r++)
        assert_int_equal(exit[r], 2 * (L + 8));
    c.bytes = 32;                                           /* 4 elements: the ring */
    assert_int_equal(seshat_coll_eval(&m, &c, entry, exit), 0);
    assert_int_equal(exit[0], 6 * (L + 8));
    c.alg = SESHAT_ALG_RABENSEIFNER;
    c.bytes = 24;                                           /* 3 elements < 4: linear */
    assert_int_equal(seshat_coll_eval(&m, &c, entry, exit), 0);
    assert_int_equal(exit[0], L + 24 + 2 * 24);             /* 0: in at L + nG, its third send out 2 nG later */
}

static void overhead_and_factor(void **state)
{
    (void)state;
    seshat_model m = model(100);
    seshat_coll c = { SESHAT_COLL_BARRIER, SESHAT_ALG_DISSEMINATION, 4, 0, 0, 1.0, 0 };
    seshat_vtime entry[4] = { 0 }, exit[4];
    seshat_coll_eval(&m, &c, entry, exit);
    assert_int_equal(exit[0], 2 * (2 * 100 + L));           /* each round 2o + L */
    c.factor = 2.0;
    seshat_coll_eval(&m, &c, entry, exit);
    assert_int_equal(exit[3], 2 * 2 * (2 * 100 + L));       /* every cost doubled */
}

static void skew_and_auto(void **state)
{
    (void)state;
    seshat_model m = model(0);
    seshat_coll c = { SESHAT_COLL_BARRIER, SESHAT_ALG_DISSEMINATION, 4, 0, 0, 1.0, 0 };
    seshat_vtime entry[4] = { 0, 0, 0, 50 * L }, exit[4];
    seshat_coll_eval(&m, &c, entry, exit);
    for (int r = 0; r < 4; r++)
        assert_true(exit[r] >= 50 * L);                     /* nobody leaves before the last entry */
    assert_int_equal(exit[0], 51 * L);   /* heard rank 3 directly */
    assert_int_equal(exit[1], 51 * L);   /* through rank 3's round-2 send */
    assert_int_equal(exit[2], 52 * L);   /* through rank 0 */
    assert_int_equal(exit[3], 50 * L);   /* last in: everyone else was there */
    /* auto: Open MPI 4.1's fixed rules (8 to 15 members: allreduce by
     * recursive doubling below 8 KiB, then Rabenseifner; bcast of 1 MiB
     * linear; 4 to 7 members: barrier linear) */
    seshat_coll a = { SESHAT_COLL_ALLREDUCE, SESHAT_ALG_AUTO, 8, 0, 8, 1.0, 0 };
    assert_int_equal(seshat_coll_choose(&a), SESHAT_ALG_RECURSIVE_DOUBLING);
    a.bytes = 8191;
    assert_int_equal(seshat_coll_choose(&a), SESHAT_ALG_RECURSIVE_DOUBLING);
    a.bytes = 8192;
    assert_int_equal(seshat_coll_choose(&a), SESHAT_ALG_RABENSEIFNER);
    seshat_coll b = { SESHAT_COLL_BCAST, SESHAT_ALG_AUTO, 8, 0, 1 << 20, 1.0, 0 };
    assert_int_equal(seshat_coll_choose(&b), SESHAT_ALG_LINEAR);
    c.alg = SESHAT_ALG_AUTO;
    assert_int_equal(seshat_coll_choose(&c), SESHAT_ALG_LINEAR);
    assert_false(seshat_coll_supports(SESHAT_COLL_BCAST, SESHAT_ALG_RING));
}

/* The recorded schedule (contention mode runs it through SimGrid) is the
 * one the timed evaluation runs: recursive doubling on 8 is 3 rounds of
 * 8 transfers to rank ^ 2^k; a binomial bcast from 0 on 8 sends 7. */
struct rec { int n, round[64], src[64], dst[64]; int64_t bytes[64]; };

static void keep(void *ctx, int round, int src, int dst, int64_t bytes)
{
    struct rec *r = ctx;
    assert_true(r->n < 64);
    r->round[r->n] = round;
    r->src[r->n] = src;
    r->dst[r->n] = dst;
    r->bytes[r->n++] = bytes;
}

static void recorded(void **state)
{
    (void)state;
    struct rec r = { 0 };
    seshat_coll a = { SESHAT_COLL_ALLREDUCE, SESHAT_ALG_RECURSIVE_DOUBLING, 8, 0, 8, 1.0, 0 };
    assert_int_equal(seshat_coll_record(&a, keep, &r), 3);
    assert_int_equal(r.n, 24);
    for (int i = 0; i < r.n; i++) {
        assert_int_equal(r.dst[i], r.src[i] ^ (1 << r.round[i]));
        assert_int_equal(r.bytes[i], 8);
    }
    struct rec b = { 0 };
    seshat_coll c = { SESHAT_COLL_BCAST, SESHAT_ALG_BINOMIAL, 8, 0, 100, 1.0, 0 };
    assert_int_equal(seshat_coll_record(&c, keep, &b), 3);
    assert_int_equal(b.n, 7);
    int got[8] = { 1, 0 };
    for (int i = 0; i < b.n; i++) {
        assert_true(got[b.src[i]]);          /* a sender already has the data */
        assert_false(got[b.dst[i]]);
        got[b.dst[i]] = 1;
    }
    seshat_coll one = { SESHAT_COLL_BARRIER, SESHAT_ALG_AUTO, 1, 0, 0, 1.0, 0 };
    assert_int_equal(seshat_coll_record(&one, keep, &b), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(barriers), cmocka_unit_test(rooted), cmocka_unit_test(symmetric),
        cmocka_unit_test(overhead_and_factor), cmocka_unit_test(skew_and_auto),
        cmocka_unit_test(recorded), cmocka_unit_test(ompi41),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

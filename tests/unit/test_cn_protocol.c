/* test_cn_protocol.c - the promise protocol of contention = on
 * (docs/models.md, "Contention") under a seeded scheduler, without MPI.
 *
 * The engine is the real one (netmodel/server/contention.c, cn_coll.c) on a fake
 * SimGrid bridge: a fluid network where every flow gets the smaller of its
 * source's uplink and its destination's downlink shared equally (so a
 * small message overtakes a large one, and flows slow each other down).
 * The application ranks are state machines that follow the rank side of
 * the protocol as src/rank/p2p.c and inbox.c do: envelopes with floors and
 * ordinals, posts, block reports (clock, oldest unmatched post, answers
 * taken, earliest answer usable now), answers taken in ordinal order,
 * collectives (the entry to the model, then the members meet without it,
 * then the real blocking call, during which seshat runs nothing on the
 * rank: no answer taken, no report, until every member is in it, then
 * the answer; src/interpose/coll_calls.c) and communicator creation
 * (SESHAT_COLL_SYNC). Between them
 * every channel (rank -> model, model -> rank, real messages per pair) is
 * FIFO, as MPI is, and the scheduler picks at random which delivery or
 * rank step happens next; ranks sometimes report before taking every
 * answer on the wire.
 *
 * Programs are random but natively deadlock-free: phases of point-to-point
 * exchanges (Irecv first, specific or MPI_ANY_SOURCE, then blocking or
 * nonblocking sends, eager and rendezvous, then Waits in random order or
 * Waitall), collectives, communicator creation and compute. For each
 * program and many schedules: every rank finishes (a run where nothing can
 * move fails and prints each rank's state), no flow starts behind the
 * engine, and, without wildcard receives, every rank's final clock is the
 * same whatever the schedule (to 2 ns: the fake engine's rounding).
 * Each hole found so far is a case here: an ARRIVAL that overtook an
 * earlier message of its key counted in the promise (deadlock, issue 21),
 * and a rendezvous whose request-to-send
 * overtook an eager message of its key started in the engine's past.
 * Debugging: CNP_PROG=N runs program N only, CNP_DEBUG=1 prints each block
 * report's state, SESHAT_CN_DEBUG=1 the engine's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "server/contention.h"
#include "model/coll_sched.h"
#include "model/simgrid/sg_bridge.h"
#include "model/simgrid.h"

#define MAXR 8
#define MAXOPS 512
#define MAXQ 4096
#define NEVER INT64_MAX
#define MAXTAG 32

/* ---- deterministic PRNG ---- */
static uint64_t rng;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}
static int rn(int n) { return (int)(rnd() % (uint32_t)n); }

/* ---- the fake bridge: a fluid network, times in ns ---- */
static int nhosts;
static double lat_s[MAXR][MAXR];
static const double BW = 1e10;   /* B/s per uplink and per downlink */
struct fflow { int a, b; double rem; long long id; int live; };
static struct fflow ff[MAXQ];
static int nff;
static double fnow;              /* s */
static struct { long long id; double t; } fdone[MAXQ];
static int nfdone;

static int f_init(const char *p, const char *m, const char *c, int cont, char *e, size_t n)
{
    (void)p, (void)m, (void)c, (void)cont, (void)e, (void)n;
    return 0;
}
static int f_count(void) { return nhosts; }
static const char *f_name(int h)
{
    static char buf[MAXR][16];
    snprintf(buf[h], sizeof buf[h], "node-%d", h);
    return buf[h];
}
static int f_index(const char *n)
{
    int h = -1;
    return sscanf(n, "node-%d", &h) == 1 && h >= 0 && h < nhosts ? h : -1;
}
static int f_route(int a, int b, double *l, double *bw)
{
    *l = lat_s[a][b];
    *bw = BW;
    return 0;
}
static double f_lf(void) { return 1.0; }
static int f_start(int a, int b, double bytes, long long id)
{
    if (nff == MAXQ)
        return -1;
    ff[nff++] = (struct fflow){ a, b, bytes, id, 1 };
    return 0;
}
static double rate_of(int i)
{
    int up = 0, down = 0;
    for (int j = 0; j < nff; j++)
        if (ff[j].live) {
            up += ff[j].a == ff[i].a;
            down += ff[j].b == ff[i].b;
        }
    return BW / (up > down ? up : down);
}
/* Until t, or (step) the first completion before it. */
static void f_advance(double t, int step_only)
{
    while (fnow < t && !(step_only && nfdone > 0)) {
        double step = t - fnow, rate[MAXQ];
        for (int i = 0; i < nff; i++)
            if (ff[i].live) {
                rate[i] = rate_of(i);
                if (ff[i].rem / rate[i] < step)
                    step = ff[i].rem / rate[i];
            }
        for (int i = 0; i < nff; i++)
            if (ff[i].live) {
                ff[i].rem -= rate[i] * step;
                if (ff[i].rem <= 1e-6) {
                    ff[i].live = 0;
                    fdone[nfdone].id = ff[i].id;
                    fdone[nfdone++].t = fnow + step;
                }
            }
        fnow += step;
        int k = 0;
        for (int i = 0; i < nff; i++)
            if (ff[i].live)
                ff[k++] = ff[i];
        nff = k;
    }
}
static void f_run(double t) { f_advance(t, 0); }
static double f_step(double t)
{
    f_advance(t, 1);   /* (the engine takes every completion after each run) */
    return fnow;
}
static int f_take(long long *ids, double *times, int max)
{
    int n = nfdone < max ? nfdone : max;
    for (int i = 0; i < n; i++) {
        ids[i] = fdone[i].id;
        times[i] = fdone[i].t;
    }
    memmove(fdone, fdone + n, sizeof fdone[0] * (size_t)(nfdone - n));
    nfdone -= n;
    return n;
}
static const seshat_sg_api fake = { f_init, f_count, f_name, f_index, f_route, NULL,
                                    f_lf, f_start, f_run, f_take, f_step, NULL };

/* ---- programs ---- */
enum opk { OP_COMPUTE, OP_IRECV, OP_ISEND, OP_SEND, OP_WAIT, OP_WAITALL, OP_COLL, OP_SYNC,
           OP_RECV, OP_ISYNC, OP_WAITSYNC };
struct op { enum opk k; int peer, tag, req, kind; int64_t bytes; };
static struct op prog[MAXR][MAXOPS];
static int nops[MAXR], nreq[MAXR];
static int P, wildcards;

static void add(int r, struct op o) { prog[r][nops[r]++] = o; }

/* One phase: every rank posts its receives, sends, then waits. Tags are
 * the phase's own, so no receive takes another phase's message; a rank
 * with a wildcard receive in a phase takes all of that phase's messages
 * with (MPI_ANY_SOURCE, the phase's tag), so any matching completes. */
static void gen_p2p_phase(int ph)
{
    int nmsg = 1 + rn(3 * P), any[MAXR] = { 0 };
    struct { int s, d, tag; int64_t bytes; int blocking; } m[64];
    for (int i = 0; i < nmsg; i++) {
        m[i].s = rn(P);
        m[i].d = rn(P - 1);
        m[i].d += m[i].d >= m[i].s;
        m[i].tag = (ph * 3 + rn(3)) % MAXTAG;
        static const int64_t sz[] = { 8, 1024, 28000, 200000 };
        m[i].bytes = sz[rn(4)];
        m[i].blocking = rn(2);
        if (wildcards && rn(4) == 0)
            any[m[i].d] = 1;
    }
    for (int i = 0; i < nmsg; i++)
        if (any[m[i].d])
            m[i].tag = ph * 3 % MAXTAG;
    /* sometimes every send is nonblocking and comes first, then blocking
     * receives in order (MPI_Recv: the caller's own receive, promises.h's
     * filter), then the sends' Waitall */
    if (!wildcards && rn(4) == 0) {
        for (int r = 0; r < P; r++) {
            int first = nreq[r];
            for (int i = 0; i < nmsg; i++)
                if (m[i].s == r)
                    add(r, (struct op){ OP_ISEND, m[i].d, m[i].tag, nreq[r]++, 0, m[i].bytes });
            int last = nreq[r];
            for (int i = 0; i < nmsg; i++)
                if (m[i].d == r)
                    add(r, (struct op){ OP_RECV, m[i].s, m[i].tag, nreq[r]++, 0, m[i].bytes });
            add(r, (struct op){ OP_WAITALL, 0, 0, first, 0, last });
        }
        return;
    }
    for (int r = 0; r < P; r++) {
        int first = nreq[r], dup = 0;
        for (int i = 0; i < nmsg; i++)
            if (m[i].d == r) {
                for (int j = 0; j < i; j++)
                    dup |= m[j].d == r && m[j].s == m[i].s && m[j].tag == m[i].tag;
                add(r, (struct op){ OP_IRECV, any[r] ? -1 : m[i].s, m[i].tag, nreq[r]++, 0,
                                    m[i].bytes });
            }
        if (rn(3) == 0)
            add(r, (struct op){ OP_COMPUTE, 0, 0, 0, 0, rn(3000) });
        for (int i = 0; i < nmsg; i++)
            if (m[i].s == r) {
                if (m[i].blocking)
                    add(r, (struct op){ OP_SEND, m[i].d, m[i].tag, -1, 0, m[i].bytes });
                else
                    add(r, (struct op){ OP_ISEND, m[i].d, m[i].tag, nreq[r]++, 0, m[i].bytes });
            }
        int last = nreq[r];
        /* Waits in another order than the posts only without two receives
         * of one key: which of those takes which answer would depend on
         * the order the rank sees them match (a known limit, timing only) */
        if (rn(2) || any[r] || dup) {
            add(r, (struct op){ OP_WAITALL, 0, 0, first, 0, last });
        } else {
            int order[256], n = last - first;
            for (int i = 0; i < n; i++)
                order[i] = first + i;
            for (int i = n - 1; i > 0; i--) {
                int j = rn(i + 1), t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            for (int i = 0; i < n; i++)
                add(r, (struct op){ OP_WAIT, 0, 0, order[i], 0, 0 });
        }
    }
}

static void gen_program(void)
{
    memset(nops, 0, sizeof nops);
    memset(nreq, 0, sizeof nreq);
    int phases = 2 + rn(8);   /* <= 9: tags below MAXTAG */
    for (int ph = 0; ph < phases; ph++) {
        int what = rn(10);
        if (what < 6) {
            /* sometimes inside a synchronization entered at its start and
             * left at its end (MPI_Comm_idup ... MPI_Wait) */
            int nb = rn(4) == 0;
            for (int r = 0; nb && r < P; r++)
                add(r, (struct op){ OP_ISYNC, 0, 0, 0, 0, 0 });
            gen_p2p_phase(ph);
            for (int r = 0; nb && r < P; r++)
                add(r, (struct op){ OP_WAITSYNC, 0, 0, 0, 0, 0 });
        } else if (what < 8) {
            static const int kinds[] = { SESHAT_COLL_ALLREDUCE, SESHAT_COLL_BARRIER,
                                         SESHAT_COLL_BCAST, SESHAT_COLL_ALLTOALL };
            int kind = kinds[rn(4)];
            int64_t bytes = rn(2) ? 8 : 100000;
            for (int r = 0; r < P; r++)
                add(r, (struct op){ OP_COLL, 0, 0, 0, kind, bytes });
        } else if (what < 9) {
            for (int r = 0; r < P; r++)
                add(r, (struct op){ OP_SYNC, 0, 0, 0, 0, 0 });
        } else {
            for (int r = 0; r < P; r++)
                add(r, (struct op){ OP_COMPUTE, 0, 0, 0, 0, rn(5000) });
        }
    }
}

/* ---- channels ---- */
enum { C_ENV, C_POST, C_COLL, C_BLOCK, C_FIN };
struct ctl { int type; seshat_envelope e; seshat_post p; seshat_coll_entry c; seshat_block b; };
struct realmsg { int src, tag, ordinal; };
struct queue { void *item; int head, n, size; };

static struct ctl toModel[MAXR][MAXQ];
static int tmH[MAXR], tmN[MAXR];
static seshat_answer toRank[MAXR][MAXQ];
static int trH[MAXR], trN[MAXR];
static struct realmsg wire[MAXR][MAXR][MAXQ / 8];
static int wH[MAXR][MAXR], wN[MAXR][MAXR];

/* ---- ranks ---- */
struct req {
    int used, is_send, peer, tag, rdv, seq;
    int64_t t_post, done;       /* done: completion time, -1 not yet */
    int matched, stage, src, mtag;   /* receives: real match and relay stage */
    int64_t bytes;
    int own;                    /* a blocking receive: the waiter's filter, not the table */
};
struct rank {
    int pc, finished, coll_entered, coll_seq, sync_seq, isync_seq;
    int meet_done;   /* the real meet of its blocking collective has ended here */
    int64_t clock, nic, coll_ans;
    struct req q[MAXOPS];
    int post_order[MAXOPS], nposted;   /* receives not done, in posting order */
    seshat_answer inbox[MAXQ];
    int ninbox;
    long long taken;
    int next_ord[MAXR][MAXTAG];             /* answers taken per (src, tag) */
    int sent_ord[MAXR][MAXTAG];
    int32_t seq;
    seshat_block last;
    int block_sent;
    struct realmsg unexpected[MAXQ / 8];
    int nunexp;
    int dirty;
};
static struct rank R[MAXR];
/* Per collective (coll_seq): members whose entry is out, members inside
 * the real blocking call. */
static int met[MAXOPS + 1], in_call[MAXOPS + 1];

static void all_dirty(void);
static seshat_cn *cn;
static seshat_model model;
static int msgs_moved;

static void to_model(int r, struct ctl c)
{
    assert_true(tmN[r] < MAXQ);
    toModel[r][(tmH[r] + tmN[r]++) % MAXQ] = c;
}

static void cn_send(void *ctx, int dst, const seshat_answer *a)
{
    (void)ctx;
    assert_true(trN[dst] < MAXQ);
    toRank[dst][(trH[dst] + trN[dst]++) % MAXQ] = *a;
}
static void cn_log(void *ctx, const seshat_envelope *e, int64_t t)
{
    (void)ctx;
    (void)e;
    (void)t;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

static int64_t first_post(const struct rank *k)
{
    return k->nposted ? k->q[k->post_order[0]].t_post : NEVER;
}
static int64_t floor_of(const struct rank *k) { return min64(k->clock, first_post(k)); }

/* A real message reaches rank d's matching engine: the first posted,
 * unmatched receive that accepts it, else the unexpected queue. */
static int accepts(const struct req *q, const struct realmsg *m)
{
    return !q->is_send && !q->matched && (q->peer < 0 || q->peer == m->src) &&
           (q->tag < 0 || q->tag == m->tag);
}
static void real_match(struct rank *k, int i, const struct realmsg *m)
{
    k->q[i].matched = 1;
    k->q[i].stage = 1;
    k->q[i].src = m->src;
    k->q[i].mtag = m->tag;
}
static void real_arrive(int d, const struct realmsg *m)
{
    struct rank *k = &R[d];
    for (int j = 0; j < k->nposted; j++) {
        int i = k->post_order[j];
        if (accepts(&k->q[i], m)) {
            real_match(k, i, m);
            return;
        }
    }
    k->unexpected[k->nunexp++] = *m;
}

static int find_next(struct rank *k, int src, int tag)
{
    for (int i = 0; i < k->ninbox; i++) {
        const seshat_answer *a = &k->inbox[i];
        if ((a->type == SESHAT_ANS_ARRIVAL || a->type == SESHAT_ANS_NEED_POST) &&
            a->src == src && a->tag == tag && a->ordinal == k->next_ord[src][tag])
            return i;
    }
    return -1;
}
static int find_seq(struct rank *k, int type, int peer, int seq)
{
    for (int i = 0; i < k->ninbox; i++)
        if (k->inbox[i].type == type && k->inbox[i].src == peer && k->inbox[i].seq == seq)
            return i;
    return -1;
}
static seshat_answer take(struct rank *k, int i)
{
    seshat_answer a = k->inbox[i];
    memmove(k->inbox + i, k->inbox + i + 1, sizeof *k->inbox * (size_t)(k->ninbox - i - 1));
    k->ninbox--;
    return a;
}

static void untrack(struct rank *k, int i)
{
    for (int j = 0; j < k->nposted; j++)
        if (k->post_order[j] == i) {
            memmove(k->post_order + j, k->post_order + j + 1,
                    sizeof(int) * (size_t)(k->nposted - j - 1));
            k->nposted--;
            return;
        }
}

/* relay_progress of p2p.c: as far as the answers at hand allow. */
static int recv_progress(int r, int i)
{
    struct rank *k = &R[r];
    struct req *q = &k->q[i];
    if (q->stage == 1) {
        int j = find_next(k, q->src, q->mtag);
        if (j < 0)
            return 0;
        seshat_answer a = take(k, j);
        k->next_ord[q->src][q->mtag]++;
        if (a.type != SESHAT_ANS_NEED_POST) {
            q->done = a.arrival;
            q->stage = 3;
        } else {
            struct ctl c = { .type = C_POST };
            c.p = (seshat_post){ q->src, a.seq, q->t_post };
            to_model(r, c);
            q->seq = a.seq;
            q->stage = 2;
        }
    }
    if (q->stage == 2) {
        int j = find_seq(k, SESHAT_ANS_FINAL, q->src, q->seq);
        if (j < 0)
            return 0;
        q->done = take(k, j).arrival;
        q->stage = 3;
    }
    if (q->stage == 3)
        untrack(k, i);
    return q->stage == 3;
}

/* seshat_serve: every matched receive uses what it can. */
static void serve(int r)
{
    struct rank *k = &R[r];
    int order[MAXOPS], n = k->nposted;
    memcpy(order, k->post_order, sizeof(int) * (size_t)n);
    for (int j = 0; j < n; j++)
        if (k->q[order[j]].matched)
            recv_progress(r, order[j]);
}

static int req_done(int r, int i)
{
    struct rank *k = &R[r];
    struct req *q = &k->q[i];
    if (q->done >= 0)
        return 1;
    if (q->is_send) {
        int j = find_seq(k, SESHAT_ANS_REPLY, q->peer, q->seq);
        if (j < 0)
            return 0;
        q->done = take(k, j).arrival;
        return 1;
    }
    return q->matched && recv_progress(r, i);
}

/* Could a receive posted here take an answer of (src, tag)? */
static int could_take(const struct rank *k, int src, int tag)
{
    for (int j = 0; j < k->nposted; j++) {
        const struct req *q = &k->q[k->post_order[j]];
        if (q->own)
            continue;
        if (!q->matched && (q->peer < 0 || q->peer == src) && (q->tag < 0 || q->tag == tag))
            return 1;
        if (q->matched && q->stage == 1 && q->src == src && q->mtag == tag)
            return 1;
    }
    return 0;
}

/* The filter of a blocking receive the rank waits in (promises.h's
 * seshat_filter): before it matches, whatever its source and tag accept;
 * once matched, the next answer of its message's key while it still
 * awaits its first answer. */
static int own_takes(const struct rank *k, int src, int tag)
{
    const struct op *o = &prog[k - R][k->pc];
    if (k->pc >= nops[k - R] || o->k != OP_RECV || k->q[o->req].used != 2)
        return 0;
    const struct req *q = &k->q[o->req];
    if (!q->matched)
        return (q->peer < 0 || q->peer == src) && (q->tag < 0 || q->tag == tag);
    return q->stage == 1 && q->src == src && q->mtag == tag;
}

/* seshat_inbox_min: answers this rank can use now. */
static int64_t inbox_min(struct rank *k)
{
    int64_t t = NEVER;
    for (int i = 0; i < k->ninbox; i++) {
        const seshat_answer *a = &k->inbox[i];
        /* the answer of the blocking collective it meets in (seshat_coll_here) */
        int mine = k->coll_entered && k->pc < nops[k - R] && prog[k - R][k->pc].k == OP_COLL &&
                   a->type == SESHAT_ANS_COLL && a->comm_id == 0 && a->tag == k->coll_seq;
        int usable = a->type == SESHAT_ANS_FINAL || mine ||
                     ((a->type == SESHAT_ANS_ARRIVAL || a->type == SESHAT_ANS_NEED_POST) &&
                      a->ordinal == k->next_ord[a->src][a->tag] &&
                      (could_take(k, a->src, a->tag) || own_takes(k, a->src, a->tag)));
        if (usable)
            t = min64(t, a->arrival);
    }
    return t;
}

static void block_report(int r)
{
    struct rank *k = &R[r];
    seshat_block b = { k->clock, first_post(k), k->taken, inbox_min(k) };
    if (k->block_sent && !memcmp(&b, &k->last, sizeof b))
        return;
    if (getenv("CNP_DEBUG")) {
        fprintf(stderr, "rank %d blocks at pc %d op %d:\n", r, k->pc, (int)prog[r][k->pc].k);
        int saved = P;
        (void)saved;
        for (int j = 0; j < k->nposted; j++) {
            const struct req *q = &k->q[k->post_order[j]];
            fprintf(stderr, "    recv %d: peer %d tag %d matched %d src %d stage %d post %lld\n",
                    k->post_order[j], q->peer, q->tag, q->matched, q->src, q->stage,
                    (long long)q->t_post);
        }
        for (int i = 0; i < k->ninbox; i++)
            fprintf(stderr, "    holds type %d src %d tag %d ord %d (next %d) t %lld\n",
                    k->inbox[i].type, k->inbox[i].src, k->inbox[i].tag, k->inbox[i].ordinal,
                    k->inbox[i].src >= 0 ? k->next_ord[k->inbox[i].src][k->inbox[i].tag] : -1,
                    (long long)k->inbox[i].arrival);
    }
    struct ctl c = { .type = C_BLOCK };
    c.b = b;
    to_model(r, c);
    k->block_sent = 1;
    k->last = b;
}

static void send_begin(int r, struct op *o)
{
    struct rank *k = &R[r];
    struct req *q = o->req >= 0 ? &k->q[o->req] : &k->q[MAXOPS - 1];
    memset(q, 0, sizeof *q);
    q->used = q->is_send = 1;
    q->peer = o->peer;
    q->tag = o->tag;
    seshat_envelope e = { .src = r, .dst = o->peer, .comm_id = 0, .tag = o->tag,
                          .bytes = o->bytes };
    e.proto = model.proto(&model, o->bytes, 0);
    e.t_inject = model.inject(&model, k->clock, o->bytes, -1, -1, &k->nic);
    q->done = e.t_inject + model.send_overhead;
    if (e.proto == SESHAT_PROTO_RENDEZVOUS) {
        e.seq = q->seq = ++k->seq;
        q->done = -1;
    }
    k->clock = max64(k->clock, e.t_inject + model.send_overhead);
    e.floor = floor_of(k);
    e.ordinal = k->sent_ord[o->peer][o->tag]++;
    k->block_sent = 0;
    struct ctl c = { .type = C_ENV };
    c.e = e;
    to_model(r, c);
    struct realmsg m = { r, o->tag, e.ordinal };
    int d = o->peer;
    wire[r][d][(wH[r][d] + wN[r][d]++) % (MAXQ / 8)] = m;
}

static int complete(int r, int i)
{
    struct rank *k = &R[r];
    if (!req_done(r, i))
        return 0;
    k->clock = k->q[i].is_send ? max64(k->clock, k->q[i].done)
                               : model.recv_done(&model, k->clock, k->q[i].done);
    return 1;
}

/* Run rank r until it waits. Returns whether anything changed. */
static int step(int r, int take_all)
{
    struct rank *k = &R[r];
    int moved = 0;
    /* inside the real blocking collective: seshat runs nothing here */
    if (k->coll_entered == 2 && in_call[k->coll_seq] < P)
        return 0;
    /* take answers off the wire (sometimes only some, like a report that
     * races with one) */
    int n = take_all ? trN[r] : rn(trN[r] + 1);
    for (int i = 0; i < n; i++) {
        k->inbox[k->ninbox++] = toRank[r][trH[r]];
        trH[r] = (trH[r] + 1) % MAXQ;
        trN[r]--;
        k->taken++;
        moved = 1;
    }
    serve(r);
again:
    while (k->pc < nops[r]) {
        struct op *o = &prog[r][k->pc];
        int ok = 1;
        switch (o->k) {
        case OP_COMPUTE:
            k->clock += o->bytes;
            break;
        case OP_RECV:
            if (k->q[o->req].used == 2) {   /* posted, waiting */
                ok = complete(r, o->req);
                if (ok)
                    k->q[o->req].used = 1;
                break;
            }
            /* not posted yet: post it as OP_IRECV does, then wait */
            __attribute__((fallthrough));
        case OP_IRECV: {
            struct req *q = &k->q[o->req];
            memset(q, 0, sizeof *q);
            *q = (struct req){ 1, 0, o->peer, o->tag, 0, 0, k->clock, -1, 0, 0, 0, 0, o->bytes, 0 };
            k->post_order[k->nposted++] = o->req;
            for (int j = 0; j < k->nunexp; j++)
                if (accepts(q, &k->unexpected[j])) {
                    real_match(k, o->req, &k->unexpected[j]);
                    memmove(k->unexpected + j, k->unexpected + j + 1,
                            sizeof k->unexpected[0] * (size_t)(k->nunexp - j - 1));
                    k->nunexp--;
                    break;
                }
            if (o->k == OP_RECV) {
                q->own = 1;
                q->used = 2;
                ok = complete(r, o->req);
                if (ok)
                    q->used = 1;
            }
            break;
        }
        case OP_ISEND:
            send_begin(r, o);
            break;
        case OP_SEND:
            if (k->q[MAXOPS - 1].used != 2) {   /* 2: begun, waiting */
                send_begin(r, o);
                k->q[MAXOPS - 1].used = 2;
            }
            ok = req_done(r, MAXOPS - 1);
            if (ok) {
                k->clock = max64(k->clock, k->q[MAXOPS - 1].done);
                k->q[MAXOPS - 1].used = 0;
            }
            break;
        case OP_WAIT:
            ok = complete(r, o->req);
            break;
        case OP_WAITALL:
            for (int i = o->req; i < (int)o->bytes; i++)
                ok &= req_done(r, i);
            if (ok)
                for (int i = o->req; i < (int)o->bytes; i++)
                    complete(r, i);
            break;
        case OP_ISYNC: {   /* entered now, its answer taken at OP_WAITSYNC */
            seshat_coll_entry e = { 0 };
            e.comm_id = 2;
            e.seq = ++k->isync_seq;
            e.p = P;
            e.rank = r;
            e.kind = SESHAT_COLL_SYNC;
            e.world = r;
            e.entry = k->clock;
            e.floor = floor_of(k);
            struct ctl c = { .type = C_COLL };
            c.c = e;
            to_model(r, c);
            k->block_sent = 0;
            break;
        }
        case OP_WAITSYNC:
            ok = 0;
            for (int i = 0; i < k->ninbox; i++)
                if (k->inbox[i].type == SESHAT_ANS_COLL && k->inbox[i].comm_id == 2 &&
                    k->inbox[i].tag == k->isync_seq) {
                    k->clock = max64(k->clock, take(k, i).arrival);
                    ok = 1;
                    break;
                }
            break;
        case OP_COLL:
        case OP_SYNC:
            if (!k->coll_entered) {
                seshat_coll_entry e = { 0 };
                e.comm_id = o->k == OP_SYNC ? 1 : 0;
                e.seq = o->k == OP_SYNC ? ++k->sync_seq : ++k->coll_seq;
                e.p = P;
                e.rank = r;
                e.kind = o->k == OP_SYNC ? SESHAT_COLL_SYNC : o->kind;
                seshat_coll d = { (enum seshat_coll_kind)o->kind, SESHAT_ALG_AUTO, P, 0,
                                  o->bytes, 1.0, 0 };
                /* an op's peer field forces an algorithm (0: auto) */
                e.alg = o->k == OP_SYNC ? 0 : o->peer ? o->peer : (int)seshat_coll_choose(&d);
                e.world = r;
                e.leader = 0;
                e.entry = k->clock;
                e.bytes = o->bytes;
                e.floor = floor_of(k);
                struct ctl c = { .type = C_COLL };
                c.c = e;
                to_model(r, c);
                k->coll_entered = 1;
                k->block_sent = 0;
                if (o->k == OP_COLL && ++met[k->coll_seq] == P)
                    all_dirty();
            }
            if (o->k == OP_COLL && k->coll_entered == 1) {
                /* meeting: serve, report blocked. The real meet ends some
                 * time after the last entry (an Ibarrier's messages), so
                 * the collective's answer may be taken meanwhile. */
                if (met[k->coll_seq] < P || !k->meet_done) {
                    ok = 0;
                    break;
                }
                k->coll_entered = 2;   /* the real call: silent until all are in it */
                k->meet_done = 0;
                if (++in_call[k->coll_seq] == P)
                    all_dirty();
                else
                    return 1;
            }
            ok = 0;
            for (int i = 0; i < k->ninbox; i++)
                if (k->inbox[i].type == SESHAT_ANS_COLL &&
                    k->inbox[i].comm_id == (o->k == OP_SYNC ? 1 : 0) &&
                    k->inbox[i].tag == (o->k == OP_SYNC ? k->sync_seq : k->coll_seq)) {
                    k->clock = max64(k->clock, take(k, i).arrival);
                    ok = 1;
                    k->coll_entered = 0;
                    break;
                }
            break;
        }
        if (!ok)
            break;
        k->pc++;
        moved = 1;
    }
    if (k->pc == nops[r]) {
        if (!k->finished) {
            k->finished = 1;
            to_model(r, (struct ctl){ .type = C_FIN });
            moved = 1;
        }
        return moved;
    }
    /* as seshat_progress_wait: serve while waiting, then report */
    int before = k->ninbox;
    serve(r);
    if (k->ninbox != before)
        goto again;
    block_report(r);
    return moved;
}

static void all_dirty(void)
{
    for (int r = 0; r < P; r++)
        R[r].dirty = 1;
}

static void model_take(int r)
{
    struct ctl c = toModel[r][tmH[r]];
    tmH[r] = (tmH[r] + 1) % MAXQ;
    tmN[r]--;
    switch (c.type) {
    case C_ENV: seshat_cn_envelope(cn, &c.e); break;
    case C_POST: seshat_cn_post(cn, r, &c.p); break;
    case C_COLL: seshat_cn_coll(cn, &c.c); break;
    case C_BLOCK: seshat_cn_block(cn, r, &c.b); break;
    case C_FIN: seshat_cn_fin(cn, r); break;
    }
    seshat_cn_advance(cn);
}

static void dump(void)
{
    for (int r = 0; r < P; r++) {
        struct rank *k = &R[r];
        fprintf(stderr, "  rank %d: pc %d/%d op %d clock %lld inbox %d wire-in %d to-model %d\n", r,
                k->pc, nops[r], k->pc < nops[r] ? (int)prog[r][k->pc].k : -1,
                (long long)k->clock, k->ninbox, trN[r], tmN[r]);
        if (k->pc < nops[r]) {
            const struct op *o = &prog[r][k->pc];
            fprintf(stderr, "    op peer %d tag %d req %d bytes %lld\n", o->peer, o->tag, o->req,
                    (long long)o->bytes);
        }
        for (int j = 0; j < k->nposted; j++) {
            const struct req *q = &k->q[k->post_order[j]];
            fprintf(stderr, "    recv %d: peer %d tag %d matched %d src %d stage %d post %lld\n",
                    k->post_order[j], q->peer, q->tag, q->matched, q->src, q->stage,
                    (long long)q->t_post);
        }
        for (int j = 0; j < k->nunexp; j++)
            fprintf(stderr, "    unexpected from %d tag %d\n", k->unexpected[j].src,
                    k->unexpected[j].tag);
        for (int i = 0; i < k->ninbox; i++)
            fprintf(stderr, "    holds type %d src %d tag %d ord %d (next %d) t %lld\n",
                    k->inbox[i].type, k->inbox[i].src, k->inbox[i].tag, k->inbox[i].ordinal,
                    k->inbox[i].src >= 0 ? k->next_ord[k->inbox[i].src][k->inbox[i].tag] : -1,
                    (long long)k->inbox[i].arrival);
    }
}

/* network.collective_factor of the runs (below 1: collective flows start
 * less than a route latency after their send; the lookahead allows for it). */
static double coll_factor = 1;

/* One schedule of the current program. Returns 0 and each rank's final
 * clock, or -1 (deadlock; dumped). */
static int run_schedule(uint64_t seed, int64_t *clocks)
{
    seshat_config cfg;
    seshat_config_defaults(&cfg);
    snprintf(cfg.model, sizeof cfg.model, "simgrid");
    cfg.path = SESHAT_PATH_RELAY;
    cfg.sg_contention = 1;
    cfg.overhead_ns = 0;
    cfg.eager_limit = 65536;   /* 28000 B eager, 200000 B rendezvous */
    cfg.collective_factor = coll_factor;
    snprintf(cfg.platform, sizeof cfg.platform, "/dev/null");
    snprintf(cfg.sg_placement, sizeof cfg.sg_placement, "block");
    char err[512];
    memset(&model, 0, sizeof model);
    assert_int_equal(seshat_model_init(&model, &cfg, err, sizeof err), 0);
    assert_int_equal(seshat_sg_model_load_api(&model, P, &fake, err, sizeof err), 0);
    nff = nfdone = 0;
    fnow = 0;
    cn = seshat_cn_new(&model, &cfg, P, cn_send, cn_log, NULL);
    memset(R, 0, sizeof R);
    memset(met, 0, sizeof met);
    memset(in_call, 0, sizeof in_call);
    memset(tmH, 0, sizeof tmH);
    memset(tmN, 0, sizeof tmN);
    memset(trH, 0, sizeof trH);
    memset(trN, 0, sizeof trN);
    memset(wH, 0, sizeof wH);
    memset(wN, 0, sizeof wN);
    rng = seed * 0x9E3779B97F4A7C15ull + 1;
    for (int r = 0; r < P; r++)
        R[r].dirty = 1;
    int rc = 0;
    for (;;) {
        /* the possible next events */
        int ev[5 * MAXR + MAXR * MAXR][3], nev = 0;
        for (int r = 0; r < P; r++) {
            if (tmN[r])
                ev[nev][0] = 0, ev[nev][1] = r, nev++;
            if (trN[r])
                ev[nev][0] = 1, ev[nev][1] = r, nev++;
            if (R[r].dirty)
                ev[nev][0] = 2, ev[nev][1] = r, nev++;
            if (R[r].coll_entered == 1 && !R[r].meet_done && prog[r][R[r].pc].k == OP_COLL &&
                met[R[r].coll_seq] == P)
                ev[nev][0] = 4, ev[nev][1] = r, nev++;
            for (int d = 0; d < P; d++)
                if (wN[r][d])
                    ev[nev][0] = 3, ev[nev][1] = r, ev[nev][2] = d, nev++;
        }
        if (nev == 0)
            break;
        int *e = ev[rn(nev)];
        switch (e[0]) {
        case 0:
            model_take(e[1]);
            break;
        case 1:   /* an answer lands: the rank will look */
            R[e[1]].dirty = 1;
            if (rn(2))
                step(e[1], 0);
            break;
        case 2:
            R[e[1]].dirty = 0;
            step(e[1], 1);
            break;
        case 4:   /* the real meet ends on this rank */
            R[e[1]].meet_done = 1;
            R[e[1]].dirty = 1;
            break;
        case 3: {
            int s = e[1], d = e[2];
            struct realmsg m = wire[s][d][wH[s][d]];
            wH[s][d] = (wH[s][d] + 1) % (MAXQ / 8);
            wN[s][d]--;
            real_arrive(d, &m);
            R[d].dirty = 1;
            msgs_moved++;
            break;
        }
        }
    }
    for (int r = 0; r < P; r++)
        if (!R[r].finished)
            rc = -1;
    if (rc && getenv("CNP_DEBUG"))
        for (int r = 0; r < P; r++) {
            int before = R[r].ninbox;
            serve(r);
            fprintf(stderr, "debug: rank %d inbox %d -> %d\n", r, before, R[r].ninbox);
        }
    if (rc) {
        fprintf(stderr, "cn protocol: deadlock, seed %llu, %d ranks\n", (unsigned long long)seed, P);
        dump();
    }
    seshat_cn_stats st = seshat_cn_get_stats(cn);
    if (st.late) {
        fprintf(stderr, "cn protocol: %lld late flows, seed %llu\n", st.late,
                (unsigned long long)seed);
        rc = -1;
    }
    for (int r = 0; r < P; r++)
        clocks[r] = R[r].clock;
    seshat_cn_free(cn);
    seshat_sg_model_free(&model);
    return rc;
}

static void check_programs(int nprog, int nsched, int with_wildcards)
{
    int failures = 0;
    const char *only = getenv("CNP_PROG");   /* debugging: one program */
    for (int pi = only ? atoi(only) : 0; pi < (only ? atoi(only) + 1 : nprog) && failures < 3;
         pi++) {
        rng = 0x1234567ull + (uint64_t)pi * 7919 + (uint64_t)with_wildcards * 104729;
        P = 2 + rn(MAXR - 1);
        nhosts = P;
        for (int a = 0; a < P; a++)
            for (int b = 0; b < P; b++)
                lat_s[a][b] = a == b ? 0 : 1e-9 * (500 + (a + b) % 3 * 250);
        wildcards = with_wildcards;
        gen_program();
        int64_t ref[MAXR], got[MAXR];
        for (int s = 0; s < nsched; s++) {
            if (run_schedule((uint64_t)pi * 1000 + (uint64_t)s, s ? got : ref) != 0) {
                fprintf(stderr, "  program %d (%d ranks), schedule %d\n", pi, P, s);
                failures++;
                break;
            }
            /* The fake engine computes in doubles and is stopped where the
             * horizons fall, so a completion near a half ns may round
             * either way: 2 ns of slack (SimGrid itself runs at 1 ps). */
            int differ = 0;
            for (int r = 0; r < P; r++)
                differ |= llabs(ref[r] - got[r]) > 2;
            if (s && !with_wildcards && differ) {
                fprintf(stderr, "cn protocol: program %d schedule %d: times differ:", pi, s);
                for (int r = 0; r < P; r++)
                    fprintf(stderr, " %lld/%lld", (long long)ref[r], (long long)got[r]);
                fprintf(stderr, "\n");
                failures++;
                break;
            }
        }
    }
    assert_int_equal(failures, 0);
}

/* Schedules never change virtual times (no wildcard receives). */
static void deterministic(void **state)
{
    (void)state;
    check_programs(300, 12, 0);
}

/* With MPI_ANY_SOURCE: every schedule finishes, no flow is late. */
static void wildcard(void **state)
{
    (void)state;
    check_programs(300, 12, 1);
}

/* collective_factor 0.3: a collective's flows start 0.3 x a route
 * latency after their send, below the smallest route latency; still no
 * late flow and the same times on every schedule. */
static void small_collective_factor(void **state)
{
    (void)state;
    coll_factor = 0.3;
    check_programs(100, 6, 0);
    coll_factor = 1;
}

/* The CG case (issue 21) by hand: 28000 B then 8 B from rank 0 to rank 1
 * on one tag while rank 2's 28000 B shares rank 1's link; rank 1 waits
 * for the large one holding the small one's answer. */
static void overtaken(void **state)
{
    (void)state;
    P = nhosts = 3;
    for (int a = 0; a < P; a++)
        for (int b = 0; b < P; b++)
            lat_s[a][b] = a == b ? 0 : 1.5e-6;
    memset(nops, 0, sizeof nops);
    add(0, (struct op){ OP_ISEND, 1, 1, 0, 0, 28000 });
    add(0, (struct op){ OP_ISEND, 1, 1, 1, 0, 8 });
    add(0, (struct op){ OP_WAITALL, 0, 0, 0, 0, 2 });
    add(2, (struct op){ OP_SEND, 1, 2, -1, 0, 28000 });
    add(1, (struct op){ OP_IRECV, 0, 1, 0, 0, 28000 });
    add(1, (struct op){ OP_IRECV, 2, 2, 1, 0, 28000 });
    add(1, (struct op){ OP_WAIT, 0, 0, 0, 0, 0 });
    add(1, (struct op){ OP_WAIT, 0, 0, 1, 0, 0 });
    add(1, (struct op){ OP_IRECV, 0, 1, 2, 0, 8 });
    add(1, (struct op){ OP_WAIT, 0, 0, 2, 0, 0 });
    int64_t ref[MAXR], got[MAXR];
    assert_int_equal(run_schedule(1, ref), 0);
    /* three flows into rank 1 from 1500 ns: 8 B at a third of 10 GB/s
     * (2.4 ns), then the two 28000 B at half (27992 B: 5598.4 ns) */
    assert_int_equal(ref[1], 7101);
    for (uint64_t s = 2; s < 400; s++) {
        assert_int_equal(run_schedule(s, got), 0);
        assert_memory_equal(ref, got, sizeof(int64_t) * 3);
    }
}

/* Two rendezvous sends outstanding to one peer, received by two blocking
 * receives in order: while the first waits for its data (its post sent),
 * the second message's request-to-send is in the receiver's hands, but
 * its matched receive can no longer use it. Counting it in the promise
 * stopped the engine short of the first message's data (hung with "0
 * flows in flight, 1 queued"). */
static void rendezvous_twice(void **state)
{
    (void)state;
    P = nhosts = 2;
    for (int a = 0; a < P; a++)
        for (int b = 0; b < P; b++)
            lat_s[a][b] = a == b ? 0 : 1e-6;
    memset(nops, 0, sizeof nops);
    add(0, (struct op){ OP_ISEND, 1, 7, 0, 0, 200000 });
    add(0, (struct op){ OP_ISEND, 1, 7, 1, 0, 200000 });
    add(0, (struct op){ OP_WAITALL, 0, 0, 0, 0, 2 });
    add(1, (struct op){ OP_RECV, 0, 7, 0, 0, 200000 });
    add(1, (struct op){ OP_RECV, 0, 7, 1, 0, 200000 });
    int64_t ref[MAXR], got[MAXR];
    assert_int_equal(run_schedule(1, ref), 0);
    /* o = 0, g: the model's (none here); both request-to-send arrive at
     * 1000 ns; the first data flow starts after the handshake (3000 ns)
     * and takes 20000 ns alone; the second is posted at once after, so it
     * starts at 23000 + 2000 and ends 20000 ns later */
    assert_int_equal(ref[1], 45000);
    for (uint64_t s = 2; s < 200; s++) {
        assert_int_equal(run_schedule(s, got), 0);
        assert_memory_equal(ref, got, sizeof(int64_t) * 2);
    }
}

/* One broadcast from rank 0 on p ranks, algorithm alg, o = g = 0, every
 * route 1000 ns; each rank's exit in got[]. */
static void bcast_alone(int p, int alg, int64_t bytes, int64_t *got)
{
    P = nhosts = p;
    for (int a = 0; a < P; a++)
        for (int b = 0; b < P; b++)
            lat_s[a][b] = a == b ? 0 : 1e-6;
    memset(nops, 0, sizeof nops);
    for (int r = 0; r < P; r++)
        add(r, (struct op){ OP_COLL, alg, 0, 0, SESHAT_COLL_BCAST, bytes });
    assert_int_equal(run_schedule(1, got), 0);
}

/* A member's eager sends follow the schedule's rounds: one of round k+1
 * enters the network once its round-k sends have left the link (Open
 * MPI's trees and pipelines send child after child, segment after
 * segment), not all at once sharing it. Closed forms on the fake network
 * (10 GB/s per link, 1000 ns routes, o = g = 0). */
static void eager_rounds(void **state)
{
    (void)state;
    int64_t got[MAXR];
    /* Binomial, 4 ranks, 10000 B (1000 ns on a link): round 0 is 0 -> 2,
     * [1000, 2000]; round 1 is 0 -> 1, once 0 -> 2 has left (2000, ends
     * 3000), and 2 -> 3, sent at 2000, [3000, 4000]. (All at once: 0 -> 1
     * and 0 -> 2 share the link, both end at 3000, and rank 3 at 5000.) */
    bcast_alone(4, SESHAT_ALG_BINOMIAL, 10000, got);
    int64_t binomial[] = { 0, 3000, 2000, 4000 };
    assert_memory_equal(got, binomial, sizeof binomial);
    /* Pipeline, 3 ranks, 3 segments of 64 KiB (6553.6 ns each, every
     * completion rounded to the ns: +0.4): segment s leaves the root in
     * [1000 + s T, 1000 + (s + 1) T]; rank 1 forwards each once it has it
     * and the one before has left, so rank 2 has the last after 2 routes
     * + (segments + ranks - 2) T = 2000 + 4 x 6553.6 = 28214.4, 28216
     * rounded four times. (All at once: 41322.) */
    bcast_alone(3, SESHAT_ALG_PIPELINE, 3 * 65536, got);
    int64_t pipeline[] = { 0, 20662, 28216 };
    assert_memory_equal(got, pipeline, sizeof pipeline);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(overtaken),
        cmocka_unit_test(rendezvous_twice),
        cmocka_unit_test(eager_rounds),
        cmocka_unit_test(deterministic),
        cmocka_unit_test(wildcard),
        cmocka_unit_test(small_collective_factor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

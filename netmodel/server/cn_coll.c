/* cn_coll.c - collectives under contention: the schedule of
 * netmodel/model/coll_sched.c, recorded once, then run member by member with
 * every transfer a SimGrid flow. A member starts round k+1 when its
 * round-k transfers are done, exactly as coll_rounds.c times them alone
 * (sends one after another from its CPU, receives taken in arrival order,
 * rendezvous once the receiver has reached the round).
 *
 * The collective's factor (collective_factor x its [collectives] piece)
 * scales every cost of the schedule, as coll_rounds.c's scaled model
 * does: CPU costs through seshat_model_scaled, each latency, and each
 * flow's bytes' time. The lookahead allows for a factor below 1
 * (seshat_sg_model_lookahead).
 *
 * A member's eager sends follow the rounds too: one of round k+1 enters
 * the network once the member's earlier eager sends have all left its
 * link (Open MPI's trees and pipelines send child after child, segment
 * after segment), not at once sharing the link. They never hold a round:
 * the member's clock goes on, only the data waits (`held`, below).
 *
 * Every member starts the schedule when the last one enters: answers are
 * then never earlier than the last entry, which the promises need
 * (docs/models.md, "Contention"). SESHAT_COLL_SYNC entries are only that
 * synchronization. */
#include <stdlib.h>
#include <string.h>

#include "server/cn_coll.h"
#include "model/coll_sched.h"

struct xfer {
    int round, src, dst;
    int64_t bytes;
    int rdv, started, done;
    int64_t sent, arrival;
    struct xfer *next_held;     /* in its sender's held list */
};

struct member {
    int k;                      /* current round */
    int64_t t, cpu, nic;        /* clock, CPU after its sends, NIC free */
    int64_t t0;                 /* clock when round k began (its post time) */
    int64_t sdone;              /* latest rendezvous completion as a sender */
    int begun;                  /* the round it has begun (-1: none) */
    int finished;
    /* Eager sends: how many are in the network, when the last one of
     * them left, and those of later rounds waiting for them (in round
     * order). */
    int eager_out;
    int64_t eager_left;
    struct xfer *held, **held_tail;
};

struct coll {
    seshat_coll_entry first;    /* key: comm_id, leader, seq; and p */
    int p, arrived;
    int64_t bytes;
    double cost;                /* its factor */
    seshat_model sm;            /* the model scaled by it */
    int *world;
    int64_t *entry;
    /* the recorded schedule, and per (round, member) index lists */
    struct xfer *x;
    int nx, capx, nrounds;
    int *src_off, *src_idx, *dst_off, *dst_idx;
    struct member *m;
    int left;                   /* members not finished */
    int dead;                   /* all answered: freed by reap() */
    struct coll *next;
};

struct cn_colls {
    cn_engine en;
    struct coll *list;
    int running;
    long long held;             /* sends held back, all collectives */
};

cn_colls *cn_colls_new(const cn_engine *engine)
{
    cn_colls *cc = calloc(1, sizeof *cc);
    cc->en = *engine;
    return cc;
}

static void coll_free(struct coll *c)
{
    free(c->world);
    free(c->entry);
    free(c->x);
    free(c->src_off);
    free(c->src_idx);
    free(c->dst_off);
    free(c->dst_idx);
    free(c->m);
    free(c);
}

void cn_colls_free(cn_colls *cc)
{
    if (!cc)
        return;
    for (struct coll *c = cc->list, *n; c; c = n) {
        n = c->next;
        coll_free(c);
    }
    free(cc);
}

int cn_colls_running(const cn_colls *cc) { return cc->running > 0; }

int cn_colls_holding(const cn_colls *cc) { return cc->held > 0; }

static struct coll *find(cn_colls *cc, const seshat_coll_entry *e)
{
    for (struct coll *c = cc->list; c; c = c->next)
        if (c->first.comm_id == e->comm_id && c->first.leader == e->leader &&
            c->first.seq == e->seq)
            return c;
    struct coll *c = calloc(1, sizeof *c);
    c->first = *e;
    c->p = e->p;
    c->world = calloc((size_t)e->p, sizeof *c->world);
    c->entry = calloc((size_t)e->p, sizeof *c->entry);
    c->next = cc->list;
    cc->list = c;
    return c;
}

static void record(void *ctx, int round, int src, int dst, int64_t bytes)
{
    struct coll *c = ctx;
    if (c->nx == c->capx) {
        c->capx = c->capx ? 2 * c->capx : 64;
        c->x = realloc(c->x, sizeof *c->x * (size_t)c->capx);
    }
    c->x[c->nx++] = (struct xfer){ round, src, dst, bytes, 0, 0, 0, 0, 0, NULL };
}

/* Index lists: the transfers of (round, member) as sender and as
 * receiver, in the algorithm's order (a counting sort, stable). */
static void index_by(const struct coll *c, int by_src, int **off_out, int **idx_out)
{
    size_t cells = (size_t)c->nrounds * (size_t)c->p + 1;
    int *off = calloc(cells, sizeof *off), *idx = malloc(sizeof *idx * (size_t)(c->nx + 1));
    for (int i = 0; i < c->nx; i++)
        off[(size_t)c->x[i].round * (size_t)c->p + (size_t)(by_src ? c->x[i].src : c->x[i].dst) + 1]++;
    for (size_t k = 1; k < cells; k++)
        off[k] += off[k - 1];
    int *fill = malloc(sizeof *fill * cells);
    memcpy(fill, off, sizeof *fill * cells);
    for (int i = 0; i < c->nx; i++)
        idx[fill[(size_t)c->x[i].round * (size_t)c->p + (size_t)(by_src ? c->x[i].src : c->x[i].dst)]++] = i;
    free(fill);
    *off_out = off;
    *idx_out = idx;
}

static void answer(cn_colls *cc, struct coll *c, int r, int64_t t)
{
    seshat_answer a = { SESHAT_ANS_COLL, -1, c->first.comm_id, c->first.seq, 0, 0, t };
    cc->en.emit(cc->en.ctx, c->world[r], &a);
}

static void begin_round(cn_colls *cc, struct coll *c, int r);

static void start_rdv(cn_colls *cc, struct coll *c, struct xfer *x)
{
    const cn_engine *en = &cc->en;
    int64_t lat = en->lat_cost(en->ctx, c->world[x->src], c->world[x->dst], c->cost);
    int64_t handshake = x->sent + lat > c->m[x->dst].t0 ? x->sent + lat : c->m[x->dst].t0;
    x->started = 1;
    en->flow_add(en->ctx, handshake + 2 * lat, c->world[x->src], c->world[x->dst], x->bytes,
                 c->cost, x);
}

/* An eager transfer enters the network: its send plus the route's
 * latency, and not before the sender's earlier eager sends have left. */
static void start_eager(cn_colls *cc, struct coll *c, struct xfer *x)
{
    const cn_engine *en = &cc->en;
    struct member *s = &c->m[x->src];
    int64_t t = x->sent + en->lat_cost(en->ctx, c->world[x->src], c->world[x->dst], c->cost);
    x->started = 1;
    s->eager_out++;
    en->flow_add(en->ctx, t > s->eager_left ? t : s->eager_left, c->world[x->src],
                 c->world[x->dst], x->bytes, c->cost, x);
}

/* Member r's eager sends have all left: start its held ones of the next
 * round (those of later rounds wait for these). */
static void release_held(cn_colls *cc, struct coll *c, int r)
{
    struct member *s = &c->m[r];
    int round = s->held ? s->held->round : -1;
    while (s->held && s->held->round == round) {
        struct xfer *x = s->held;
        s->held = x->next_held;
        cc->held--;
        start_eager(cc, c, x);
    }
    if (!s->held)
        s->held_tail = &s->held;
}

/* An eager send of member r's current round: now, or once its earlier
 * ones have left. */
static void send_eager(cn_colls *cc, struct coll *c, int r, struct xfer *x)
{
    struct member *s = &c->m[r];
    if (s->eager_out == 0 && !s->held) {
        start_eager(cc, c, x);
        return;
    }
    x->next_held = NULL;
    cc->held++;
    *s->held_tail = x;
    s->held_tail = &x->next_held;
}

static int by_arrival(const void *a, const void *b)
{
    int64_t x = (*(const struct xfer *const *)a)->arrival;
    int64_t y = (*(const struct xfer *const *)b)->arrival;
    return (x > y) - (x < y);
}

/* Round k of member r is done: its clock as coll_rounds.c computes it. */
static void end_round(cn_colls *cc, struct coll *c, int r)
{
    const seshat_model *m = &c->sm;
    struct member *me = &c->m[r];
    size_t cell = (size_t)me->k * (size_t)c->p + (size_t)r;
    if (me->cpu > me->t)
        me->t = me->cpu;
    if (me->sdone > me->t)
        me->t = me->sdone;
    int n = c->dst_off[cell + 1] - c->dst_off[cell];
    struct xfer *local[16], **in = n <= 16 ? local : malloc(sizeof *in * (size_t)n);
    for (int i = 0; i < n; i++)
        in[i] = &c->x[c->dst_idx[c->dst_off[cell] + i]];
    qsort(in, (size_t)n, sizeof *in, by_arrival);
    for (int i = 0; i < n; i++)
        me->t = m->recv_done(m, me->t, in[i]->arrival);
    if (in != local)
        free(in);
    me->k++;
    begin_round(cc, c, r);
}

static void member_done(cn_colls *cc, struct coll *c, int r)
{
    c->m[r].finished = 1;
    answer(cc, c, r, c->m[r].t);
    if (--c->left == 0) {
        cc->running--;
        c->dead = 1;
    }
}

/* Free what has finished, once no caller holds it. */
static void reap(cn_colls *cc)
{
    for (struct coll **pp = &cc->list; *pp;) {
        struct coll *c = *pp;
        if (c->dead) {
            *pp = c->next;
            coll_free(c);
        } else {
            pp = &c->next;
        }
    }
}

/* Member r has received everything of its round and its rendezvous
 * sends have arrived. */
static int round_complete(const struct coll *c, int r)
{
    size_t cell = (size_t)c->m[r].k * (size_t)c->p + (size_t)r;
    for (int i = c->dst_off[cell]; i < c->dst_off[cell + 1]; i++)
        if (!c->x[c->dst_idx[i]].done)
            return 0;
    for (int i = c->src_off[cell]; i < c->src_off[cell + 1]; i++)
        if (c->x[c->src_idx[i]].rdv && !c->x[c->src_idx[i]].done)
            return 0;
    return 1;
}

static void begin_round(cn_colls *cc, struct coll *c, int r)
{
    const seshat_model *m = &c->sm;
    struct member *me = &c->m[r];
    if (me->k >= c->nrounds) {
        member_done(cc, c, r);
        return;
    }
    size_t cell = (size_t)me->k * (size_t)c->p + (size_t)r;
    me->t0 = me->cpu = me->t;
    me->sdone = 0;
    me->begun = me->k;
    for (int i = c->src_off[cell]; i < c->src_off[cell + 1]; i++) {
        struct xfer *x = &c->x[c->src_idx[i]];
        int64_t inj = m->inject(m, me->cpu, x->bytes, c->world[r], c->world[x->dst], &me->nic);
        me->cpu = inj + m->send_overhead;
        x->sent = inj + m->send_overhead;
        x->rdv = m->proto(m, x->bytes, 0) == SESHAT_PROTO_RENDEZVOUS;
        if (!x->rdv)
            send_eager(cc, c, r, x);
        else if (c->m[x->dst].begun == me->k) {
            start_rdv(cc, c, x);
        }
    }
    /* rendezvous into r that waited for r to reach this round */
    for (int i = c->dst_off[cell]; i < c->dst_off[cell + 1]; i++) {
        struct xfer *x = &c->x[c->dst_idx[i]];
        if (x->rdv && !x->started && c->m[x->src].begun == me->k)
            start_rdv(cc, c, x);
    }
    if (round_complete(c, r))
        end_round(cc, c, r);
}

void cn_colls_flow_done(cn_colls *cc, void *ref, int64_t t)
{
    struct xfer *x = ref;
    /* The transfer lives in its collective's array: find the owner. */
    struct coll *c = cc->list;
    while (c && !(x >= c->x && x < c->x + c->nx))
        c = c->next;
    if (!c || c->dead)
        return;
    x->arrival = t;
    x->done = 1;
    struct member *d = &c->m[x->dst], *s = &c->m[x->src];
    if (x->rdv && t > s->sdone)
        s->sdone = t;
    if (!x->rdv) {
        /* its last byte left the sender's link when it arrived (the
         * latency came first, before the flow) */
        if (t > s->eager_left)
            s->eager_left = t;
        if (--s->eager_out == 0)
            release_held(cc, c, x->src);
    }
    if (!d->finished && d->k == x->round && d->begun == x->round && round_complete(c, x->dst))
        end_round(cc, c, x->dst);
    if (x->rdv && !s->finished && s->k == x->round && s->begun == x->round &&
        round_complete(c, x->src))
        end_round(cc, c, x->src);
    reap(cc);
}

/* Every member has entered: run the schedule from the last entry. */
static void start(cn_colls *cc, struct coll *c)
{
    int64_t last = 0;
    for (int r = 0; r < c->p; r++)
        if (c->entry[r] > last)
            last = c->entry[r];
    if (c->first.kind == SESHAT_COLL_SYNC) {
        for (int r = 0; r < c->p; r++)
            answer(cc, c, r, last);
        c->dead = 1;
        reap(cc);
        return;
    }
    c->cost = seshat_config_coll_factor(cc->en.cfg, c->first.cls, c->bytes);
    c->sm = seshat_model_scaled(cc->en.model, c->cost);
    seshat_coll desc = { (enum seshat_coll_kind)c->first.kind, (enum seshat_coll_alg)c->first.alg,
                         c->p, c->first.root, c->bytes, c->cost,
                         c->first.cls == SESHAT_FACTOR_ALLTOALLV };
    c->nrounds = seshat_coll_record(&desc, record, c);
    if (c->nrounds < 0)
        c->nrounds = 0;
    index_by(c, 1, &c->src_off, &c->src_idx);
    index_by(c, 0, &c->dst_off, &c->dst_idx);
    c->m = calloc((size_t)c->p, sizeof *c->m);
    for (int r = 0; r < c->p; r++) {
        c->m[r].t = last;
        c->m[r].begun = -1;
        c->m[r].held_tail = &c->m[r].held;
    }
    c->left = c->p;
    cc->running++;
    for (int r = 0; r < c->p; r++)
        begin_round(cc, c, r);
    reap(cc);
}

void cn_colls_entry(cn_colls *cc, const seshat_coll_entry *e)
{
    struct coll *c = find(cc, e);
    if (e->rank < 0 || e->rank >= c->p)
        return;
    c->entry[e->rank] = e->entry;
    c->world[e->rank] = e->world;
    if (e->bytes > c->bytes)
        c->bytes = e->bytes;
    if (++c->arrived == c->p)
        start(cc, c);
}

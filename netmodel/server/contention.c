/* contention.c - point-to-point messages as SimGrid flows, released in
 * virtual-time order (contention.h; docs/models.md, "Contention").
 *
 * Times are virtual ns. A flow enters SimGrid at its start plus its route
 * latency (SimGrid's own latency factor is 0 here), so nothing a rank
 * reports at time t can touch the network before t + L, L the smallest
 * route latency: that is the lookahead. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/realclock.h"
#include "server/cn_coll.h"
#include "server/contention.h"
#include "model/simgrid/sg_bridge.h"
#include "model/simgrid.h"
#include "common/log.h"

#define NEVER INT64_MAX

enum cn_flow_kind { CN_EAGER, CN_RDV, CN_COLL, CN_RMA };

static int debug_on = -1;
#define DBG(...) do { if (debug_on) fprintf(stderr, __VA_ARGS__); } while (0)

struct cn_flow {
    int64_t start;
    int src, dst;
    int64_t bytes;
    double cost;                /* a collective's factor (1: a message) */
    enum cn_flow_kind kind;
    void *ref;
    long long serial;           /* creation order: the last tie-break */
    struct cn_flow *next_free;  /* in seshat_cn's free list */
};

/* One point-to-point message, from its envelope to its last answer. */
struct msg {
    seshat_envelope e;
    int first_type;             /* ARRIVAL (eager) or NEED_POST (rendezvous) */
    int64_t v;                  /* rendezvous: the request-to-send arrives */
    struct msg *next_rdv;       /* among its sender's rendezvous awaiting the post */
};

enum { RUNNING, BLOCKED, DONE };

struct rank {
    int state;
    int64_t floor;              /* nothing it reports later starts earlier */
    /* Answers sent: all `emitted`; the times of those past `base` (the
     * ones it may not have taken yet) are in unacked[]. */
    long long emitted, base;
    int64_t *unacked;
    int nun, capun;
    int64_t inbox_min;          /* answers it holds but has not used */
    struct msg *rdv;            /* its rendezvous sends awaiting the post */
    struct rma_xfer *rma_open;  /* its fetch request awaiting the reply's envelope */
};

/* One-sided: per (origin, target), the transfers still on the network
 * and the latest arrival of the finished ones; a completion notice
 * waits (held) until none is left, then says the later time. */
struct rma_pair {
    int32_t src, dst;
    int pending;
    int64_t last;
    struct rma_xfer *held;
    struct rma_pair *next;
};

/* One RMA transfer or notice: its request, then a fetch's reply. */
struct rma_xfer {
    seshat_envelope e, reply;
    int replying;               /* the reply is on the network */
    int64_t arrival;            /* a held notice's own arrival */
    struct rma_pair *pair;
    struct rma_xfer *next;      /* among its pair's held notices */
};
#define PAIR_BUCKETS 256

/* Per (src, dst, comm, tag): the eager arrivals a later rendezvous of the
 * key must not start before (below). `base` covers ordinals < base_ord;
 * later ones that completed early wait in `late`. */
struct key_arr {
    int32_t src, dst, comm, tag;
    int64_t base;
    int32_t base_ord;
    int n, cap;
    struct { int32_t ord; int64_t t; } *late;
    struct key_arr *next;
};
#define KEY_BUCKETS 1024

struct done { struct cn_flow *f; int64_t t; };

struct seshat_cn {
    const seshat_model *m;
    const seshat_config *cfg;
    const seshat_sg_api *sg;
    int napp;
    seshat_cn_send_fn send;
    seshat_cn_log_fn log;
    void *ctx;
    struct rank *r;
    int64_t *lat;               /* napp x napp route latency, -1 unknown */
    double lat_factor;
    int64_t L;                  /* lookahead: the smallest latency */
    int64_t now;                /* the engine's clock */
    struct cn_flow **heap;      /* flows not started, by start time */
    int nheap, capheap;
    long long serial, inflight;
    cn_colls *colls;
    /* Reused per flow and per step rather than malloc'ed each time
     * (malloc/free was ~6% of the model rank, docs/performance.md). */
    struct cn_flow *free_flows;
    struct done *done;
    size_t capdone;
    struct key_arr *keys[KEY_BUCKETS];
    struct rma_pair *pairs[PAIR_BUCKETS];
    long long rma_chained;      /* fetch requests in flight: their replies start at completion */
    seshat_cn_stats st;
};

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* Route latency between two application ranks, ns (the model's factor
 * applied); cn_lat_cost: x `cost` as well, rounded once. */
static int64_t cn_lat(seshat_cn *cn, int src, int dst)
{
    int64_t *l = &cn->lat[(size_t)src * (size_t)cn->napp + (size_t)dst];
    if (*l < 0) {
        double r[2];
        seshat_sg_model_route(cn->m, src, dst, r);
        *l = llround(r[0] * cn->lat_factor);
    }
    return *l;
}

static int64_t cn_lat_cost(seshat_cn *cn, int src, int dst, double cost)
{
    if (cost == 1.0)
        return cn_lat(cn, src, dst);
    double r[2];
    seshat_sg_model_route(cn->m, src, dst, r);
    return llround(r[0] * cn->lat_factor * cost);
}

/* ---- the queue of flows not yet started (a binary heap) ---- */

static int before(const struct cn_flow *a, const struct cn_flow *b)
{
    if (a->start != b->start)
        return a->start < b->start;
    if (a->src != b->src)
        return a->src < b->src;
    if (a->dst != b->dst)
        return a->dst < b->dst;
    return a->serial < b->serial;
}

static void heap_push(seshat_cn *cn, struct cn_flow *f)
{
    if (cn->nheap == cn->capheap) {
        cn->capheap = cn->capheap ? 2 * cn->capheap : 256;
        cn->heap = realloc(cn->heap, sizeof *cn->heap * (size_t)cn->capheap);
    }
    int i = cn->nheap++;
    while (i > 0 && before(f, cn->heap[(i - 1) / 2])) {
        cn->heap[i] = cn->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    cn->heap[i] = f;
}

static struct cn_flow *heap_pop(seshat_cn *cn)
{
    struct cn_flow *top = cn->heap[0], *last = cn->heap[--cn->nheap];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= cn->nheap)
            break;
        if (c + 1 < cn->nheap && before(cn->heap[c + 1], cn->heap[c]))
            c++;
        if (!before(cn->heap[c], last))
            break;
        cn->heap[i] = cn->heap[c];
        i = c;
    }
    if (cn->nheap > 0)
        cn->heap[i] = last;
    return top;
}

/* A flow that starts before the engine's clock means a broken promise;
 * the protocol rules it out (docs/models.md). Say so once, start it now. */
static void late_flow(seshat_cn *cn, struct cn_flow *f)
{
    if (cn->st.late++ == 0)
        seshat_error("contention: a flow %d -> %d starts at %lld ns, behind the engine "
                     "(%lld ns); started late (please report this)",
                     f->src, f->dst, (long long)f->start, (long long)cn->now);
    f->start = cn->now;
}

/* Queue a transfer that enters the network at `start` (route latency
 * already added: SimGrid only shares bandwidth); its bytes' time x `cost`
 * (a collective's factor, else 1). `ref` comes back to the kind's
 * completion handler. */
static void cn_flow_add(seshat_cn *cn, int64_t start, int src, int dst, int64_t bytes,
                        double cost, enum cn_flow_kind kind, void *ref)
{
    struct cn_flow *f = cn->free_flows;
    if (f)
        cn->free_flows = f->next_free;
    else
        f = malloc(sizeof *f);
    *f = (struct cn_flow){ start, src, dst, bytes, cost, kind, ref, cn->serial++, NULL };
    DBG("cn now %lld: flow %d->%d %lld B start %lld kind %d\n", (long long)cn->now, src, dst,
        (long long)bytes, (long long)start, kind);
    if (start < cn->now)
        late_flow(cn, f);
    heap_push(cn, f);
    cn->st.flows++;
}

/* ---- answers and promises ---- */


/* Send an answer to application rank dst (accounted for its promise). */
static void cn_emit(seshat_cn *cn, int dst, const seshat_answer *a)
{
    DBG("cn now %lld: answer type %d to %d src %d tag %d seq %d t %lld\n", (long long)cn->now,
        a->type, dst, a->src, a->tag, a->seq, (long long)a->arrival);
    struct rank *r = &cn->r[dst];
    if (r->nun == r->capun) {
        r->capun = r->capun ? 2 * r->capun : 16;
        r->unacked = realloc(r->unacked, sizeof *r->unacked * (size_t)r->capun);
    }
    r->unacked[r->nun++] = a->arrival;
    r->emitted++;
    cn->st.answers++;
    cn->send(cn->ctx, dst, a);
}

/* The earliest virtual time at which rank r can still report anything
 * (a send, a post, a collective entry). While it waits it sends nothing
 * before it uses an answer: one sent but maybe not taken, one it holds
 * (inbox_min), or one not known yet, no earlier than `unknown`. */
static int64_t promise(const struct rank *r, int64_t unknown)
{
    if (r->state == DONE)
        return NEVER;
    if (r->state == RUNNING)
        return r->floor;
    int64_t w = min64(unknown, r->inbox_min);
    for (int i = 0; i < r->nun; i++)
        w = min64(w, r->unacked[i]);
    return max64(r->floor, w);
}

/* How far the engine may run: no flow reported from now on starts before
 * it. Answers not known yet come from completions, which are no earlier
 * than the engine's clock, or, with nothing in flight, than the next
 * flow's start. A running schedule starts flows one lookahead after a
 * completion. */
static int64_t horizon(const seshat_cn *cn, int64_t next)
{
    int64_t h = NEVER, unknown = cn->inflight > 0 ? cn->now : max64(cn->now, next);
    for (int i = 0; i < cn->napp; i++)
        h = min64(h, promise(&cn->r[i], unknown));
    if (h != NEVER)
        h += cn->L;
    if (cn_colls_running(cn->colls))
        h = min64(h, cn->now + cn->L);
    return h;
}

/* ---- point-to-point messages ---- */

static struct key_arr *key_of(seshat_cn *cn, const seshat_envelope *e)
{
    uint32_t h = ((uint32_t)e->src * 2654435761u) ^ ((uint32_t)e->dst * 40503u) ^
                 ((uint32_t)e->comm_id * 2246822519u) ^ (uint32_t)e->tag;
    struct key_arr **b = &cn->keys[h % KEY_BUCKETS];
    for (struct key_arr *k = *b; k; k = k->next)
        if (k->src == e->src && k->dst == e->dst && k->comm == e->comm_id && k->tag == e->tag)
            return k;
    struct key_arr *k = calloc(1, sizeof *k);
    *k = (struct key_arr){ e->src, e->dst, e->comm_id, e->tag, 0, 0, 0, 0, NULL, *b };
    *b = k;
    return k;
}

/* An eager message of the key arrived. */
static void key_arrival(seshat_cn *cn, const seshat_envelope *e, int64_t t)
{
    struct key_arr *k = key_of(cn, e);
    if (e->ordinal < k->base_ord) {
        k->base = max64(k->base, t);
        return;
    }
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 4;
        k->late = realloc(k->late, sizeof *k->late * (size_t)k->cap);
    }
    k->late[k->n].ord = e->ordinal;
    k->late[k->n++].t = t;
}

/* The latest arrival of an eager message of the key sent before the
 * rendezvous `e` (all have arrived: the receiver takes answers in ordinal
 * order, so it posts e only after their arrivals). */
static int64_t key_before(seshat_cn *cn, const seshat_envelope *e)
{
    struct key_arr *k = key_of(cn, e);
    int j = 0;
    for (int i = 0; i < k->n; i++) {
        if (k->late[i].ord < e->ordinal)
            k->base = max64(k->base, k->late[i].t);
        else
            k->late[j++] = k->late[i];
    }
    k->n = j;
    if (e->ordinal > k->base_ord)
        k->base_ord = e->ordinal;
    return k->base;
}

static void first_known(seshat_cn *cn, struct msg *m, int64_t t)
{
    seshat_answer a = { m->first_type, m->e.src, m->e.comm_id, m->e.tag, m->e.seq, m->e.ordinal,
                        t };
    cn_emit(cn, m->e.dst, &a);
    if (m->first_type == SESHAT_ANS_ARRIVAL) {
        key_arrival(cn, &m->e, t);
        cn->log(cn->ctx, &m->e, t);
        free(m);
    }
}

/* Uncongested time of a transfer that never enters the network (a rank
 * to itself): the route's latency and bandwidth, as contention = off. */
static int64_t self_wire(seshat_cn *cn, int rank, int64_t bytes)
{
    double r[2];
    seshat_sg_model_route(cn->m, rank, rank, r);
    if (r[1] <= 0)
        return cn_lat(cn, rank, rank);
    return cn_lat(cn, rank, rank) + seshat_model_wire(cn->m, 0, r[1], bytes);
}


/* ---- one-sided transfers and notices (wire.h SESHAT_ENV_RMA) ---- */

static struct rma_pair *pair_of(seshat_cn *cn, int src, int dst)
{
    uint32_t h = ((uint32_t)src * 2654435761u) ^ ((uint32_t)dst * 40503u);
    struct rma_pair **b = &cn->pairs[h % PAIR_BUCKETS];
    for (struct rma_pair *p = *b; p; p = p->next)
        if (p->src == src && p->dst == dst)
            return p;
    struct rma_pair *p = calloc(1, sizeof *p);
    *p = (struct rma_pair){ src, dst, 0, 0, NULL, *b };
    *b = p;
    return p;
}

static void rma_answer(seshat_cn *cn, int to, int from, const seshat_envelope *e, int64_t t)
{
    seshat_answer a = { SESHAT_ANS_RMA, from, e->comm_id, e->tag, e->seq, 0, t };
    cn_emit(cn, to, &a);
}

/* A leg (request or reply) of x leaves `src` at `sent`: a flow, or, to
 * itself, done at once with the uncongested time. */
static void rma_leg_done(seshat_cn *cn, struct rma_xfer *x, int64_t t);
static void rma_leg(seshat_cn *cn, struct rma_xfer *x, const seshat_envelope *e, int64_t sent)
{
    if (e->src == e->dst) {
        rma_leg_done(cn, x, sent + self_wire(cn, e->src, e->bytes));
        return;
    }
    cn_flow_add(cn, sent + cn_lat(cn, e->src, e->dst), e->src, e->dst, e->bytes, 1.0, CN_RMA, x);
}

/* A completion notice is answered once the origin's earlier transfers to
 * its receiver have all arrived. */
static void rma_release(seshat_cn *cn, struct rma_pair *p)
{
    while (p->pending == 0 && p->held) {
        struct rma_xfer *x = p->held;
        p->held = x->next;
        rma_answer(cn, x->e.dst, x->e.src, &x->e, max64(x->arrival, p->last));
        free(x);
    }
}

static void rma_leg_done(seshat_cn *cn, struct rma_xfer *x, int64_t t)
{
    if (x->e.proto & SESHAT_ENV_RMA_FETCH && !x->replying) {
        cn->log(cn->ctx, &x->e, t);
        if (x->e.src != x->e.dst)
            cn->rma_chained--;
        x->replying = 1;
        x->reply.t_inject = t;   /* the target answers when the request is there */
        rma_leg(cn, x, &x->reply, t + cn->m->send_overhead);
        return;
    }
    cn->log(cn->ctx, x->replying ? &x->reply : &x->e, t);
    struct rma_pair *p = x->pair;
    if (x->e.tag == SESHAT_RMA_WIRE_POST) {
        rma_answer(cn, x->e.dst, x->e.src, &x->e, t);
    } else if (x->e.tag == SESHAT_RMA_WIRE_DONE) {
        x->arrival = t;
        x->next = p->held;
        p->held = x;
        rma_release(cn, p);
        return;
    } else {
        p->pending--;
        p->last = max64(p->last, t);
        if (!(x->e.proto & SESHAT_ENV_NOREPLY))
            rma_answer(cn, x->e.src, x->e.dst, &x->e, t);
        rma_release(cn, p);
    }
    free(x);
}

/* Start x's request: it leaves the origin's NIC at t_inject + o. */
static void rma_start(seshat_cn *cn, struct rma_xfer *x)
{
    if (x->e.proto & SESHAT_ENV_RMA_FETCH && x->e.src != x->e.dst)
        cn->rma_chained++;
    rma_leg(cn, x, &x->e, x->e.t_inject + cn->m->send_overhead);
}

static void rma_envelope(seshat_cn *cn, const seshat_envelope *e)
{
    if (e->tag == SESHAT_RMA_WIRE_REPLY) {   /* reported by its origin, e->dst */
        struct rank *o = &cn->r[e->dst];
        struct rma_xfer *x = o->rma_open;
        if (!x) {
            seshat_error("model rank: an RMA reply from rank %d without its request", e->dst);
            return;
        }
        o->rma_open = NULL;
        x->reply = *e;
        rma_start(cn, x);
        return;
    }
    struct rank *s = &cn->r[e->src];
    if (s->state != DONE) {
        s->state = RUNNING;
        s->floor = e->floor;
    }
    struct rma_xfer *x = calloc(1, sizeof *x);
    x->e = *e;
    x->pair = pair_of(cn, e->src, e->dst);
    if (e->tag == SESHAT_RMA_WIRE_REQ)
        x->pair->pending++;
    if (e->proto & SESHAT_ENV_RMA_FETCH) {
        free(s->rma_open);   /* (a request whose reply never came: a broken rank) */
        s->rma_open = x;     /* its reply's envelope comes next, before any flow can start */
        return;
    }
    rma_start(cn, x);
}

void seshat_cn_envelope(seshat_cn *cn, const seshat_envelope *e)
{
    if (e->proto & SESHAT_ENV_RMA) {
        rma_envelope(cn, e);
        return;
    }
    struct rank *s = &cn->r[e->src];
    DBG("cn now %lld: envelope %d->%d %lld B inject %lld floor %lld\n", (long long)cn->now,
        e->src, e->dst, (long long)e->bytes, (long long)e->t_inject, (long long)e->floor);
    if (s->state != DONE) {
        s->state = RUNNING;
        s->floor = e->floor;
    }
    struct msg *m = calloc(1, sizeof *m);
    m->e = *e;
    int64_t sent = e->t_inject + cn->m->send_overhead, lat = cn_lat(cn, e->src, e->dst);
    if (SESHAT_ENV_PROTO(e->proto) == SESHAT_PROTO_RENDEZVOUS) {
        m->first_type = SESHAT_ANS_NEED_POST;
        m->v = sent + lat;
        m->next_rdv = s->rdv;
        s->rdv = m;
        first_known(cn, m, m->v);
        return;
    }
    m->first_type = SESHAT_ANS_ARRIVAL;
    if (e->src == e->dst)
        first_known(cn, m, sent + self_wire(cn, e->src, e->bytes));
    else
        cn_flow_add(cn, sent + lat, e->src, e->dst, e->bytes, 1.0, CN_EAGER, m);
}

/* The rendezvous data has arrived: the receiver's last answer, the
 * sender's completion. */
static void rdv_done(seshat_cn *cn, struct msg *m, int64_t t)
{
    seshat_answer fin = { SESHAT_ANS_FINAL, m->e.src, m->e.comm_id, m->e.tag, m->e.seq, 0, t };
    cn_emit(cn, m->e.dst, &fin);
    cn->log(cn->ctx, &m->e, t);
    if (!(m->e.proto & SESHAT_ENV_NOREPLY)) {
        seshat_answer rep = { SESHAT_ANS_REPLY, m->e.dst, m->e.comm_id, m->e.tag, m->e.seq, 0, t };
        cn_emit(cn, m->e.src, &rep);
    }
    free(m);
}

void seshat_cn_post(seshat_cn *cn, int from, const seshat_post *p)
{
    (void)from;
    if (p->src < 0 || p->src >= cn->napp)
        return;
    for (struct msg **pp = &cn->r[p->src].rdv; *pp; pp = &(*pp)->next_rdv) {
        struct msg *m = *pp;
        if (m->e.seq != p->seq)
            continue;
        *pp = m->next_rdv;
        int64_t lat = cn_lat(cn, m->e.src, m->e.dst);
        /* clear-to-send, then data; not before an earlier eager message of
         * its key has arrived (docs/models.md: the receiver matches in
         * ordinal order, so a request-to-send that overtook one waits) */
        int64_t start = max64(max64(m->v, p->t_post), key_before(cn, &m->e)) + 2 * lat;
        if (m->e.src == m->e.dst)
            rdv_done(cn, m, start + self_wire(cn, m->e.src, m->e.bytes) - lat);
        else
            cn_flow_add(cn, start, m->e.src, m->e.dst, m->e.bytes, 1.0, CN_RDV, m);
        return;
    }
    seshat_error("model rank: post for unknown rendezvous (src %d, seq %d)", p->src, p->seq);
}

void seshat_cn_coll(seshat_cn *cn, const seshat_coll_entry *e)
{
    struct rank *r = &cn->r[e->world];
    if (r->state != DONE) {
        r->state = RUNNING;
        r->floor = e->floor;
    }
    cn_colls_entry(cn->colls, e);
}

void seshat_cn_block(seshat_cn *cn, int from, const seshat_block *b)
{
    struct rank *r = &cn->r[from];
    DBG("cn now %lld: block %d clock %lld post %lld answers %lld inbox %lld\n", (long long)cn->now,
        from, (long long)b->clock, (long long)b->post_min, (long long)b->answers,
        (long long)b->inbox_min);
    if (r->state == DONE)
        return;
    r->state = BLOCKED;
    r->floor = min64(b->clock, b->post_min);
    r->inbox_min = b->inbox_min;
    long long k = b->answers - r->base;   /* answers it has taken since */
    if (k > 0) {
        if (k > r->nun)
            k = r->nun;
        memmove(r->unacked, r->unacked + k, sizeof *r->unacked * (size_t)(r->nun - k));
        r->nun -= (int)k;
        r->base += k;
    }
}

void seshat_cn_fin(seshat_cn *cn, int from)
{
    cn->r[from].state = DONE;
}

/* ---- the engine ---- */

static void flow_done(seshat_cn *cn, struct cn_flow *f, int64_t t)
{
    switch (f->kind) {
    case CN_EAGER: first_known(cn, f->ref, t); break;
    case CN_RDV: rdv_done(cn, f->ref, t); break;
    case CN_COLL: cn_colls_flow_done(cn->colls, f->ref, t); break;
    case CN_RMA: rma_leg_done(cn, f->ref, t); break;
    }
    f->next_free = cn->free_flows;
    cn->free_flows = f;
}

/* Start every flow due at the engine's clock; empty ones are done at once. */
static void start_due(seshat_cn *cn)
{
    while (cn->nheap > 0 && cn->heap[0]->start <= cn->now) {
        struct cn_flow *f = heap_pop(cn);
        if (f->bytes <= 0) {
            flow_done(cn, f, f->start);
            continue;
        }
        int a = seshat_sg_model_host(cn->m, f->src), b = seshat_sg_model_host(cn->m, f->dst);
        /* bandwidth_factor: max-min sharing scales with capacities, so
         * bytes / factor on the platform's links = bytes on links x factor;
         * a collective's factor likewise scales its bytes' time. */
        double bytes = (double)f->bytes * f->cost / cn->m->f.bandwidth;
        if (cn->sg->start_flow(a, b, bytes, (long long)(intptr_t)f) != 0) {
            seshat_error("contention: SimGrid refused a flow %d -> %d", f->src, f->dst);
            flow_done(cn, f, f->start);
            continue;
        }
        cn->inflight++;
    }
}

static int by_done(const void *x, const void *y)
{
    const struct done *a = x, *b = y;
    if (a->t != b->t)
        return a->t < b->t ? -1 : 1;
    return before(a->f, b->f) ? -1 : before(b->f, a->f);
}

static double wall_s(void)
{
    struct timespec ts;
    seshat_real_clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Run the engine to `t` and hand over what completed, in time order.
 * While a collective holds sends back until others end (cn_coll.c), stop
 * at the first completion instead: those start the moment it ends. */
static void run_to(seshat_cn *cn, int64_t t)
{
    double w0 = wall_s();
    DBG("cn run_until %lld\n", (long long)t);
    /* (a fetch's reply, too, starts the moment its request arrives) */
    if (cn_colls_holding(cn->colls) || cn->rma_chained > 0) {
        /* to the ns: flows start at whole ns (a completion's time is
         * rounded to the nearest, as below) */
        double at = cn->sg->run_step((double)t * 1e-9) * 1e9;
        int64_t ns = llround(at);
        if (ns > t)
            ns = t;
        if ((double)ns > at)
            cn->sg->run_until((double)ns * 1e-9);
        cn->now = ns > cn->now ? ns : cn->now;
    } else {
        cn->sg->run_until((double)t * 1e-9);
        cn->now = t;
    }
    cn->st.steps++;
    enum { CHUNK = 256 };
    long long ids[CHUNK];
    double times[CHUNK];
    int n;
    struct done *d = cn->done;
    size_t nd = 0;
    while ((n = cn->sg->take_done(ids, times, CHUNK)) > 0) {
        if (nd + (size_t)n > cn->capdone) {
            cn->capdone = 2 * (nd + (size_t)n);
            d = cn->done = realloc(cn->done, sizeof *d * cn->capdone);
        }
        for (int i = 0; i < n; i++)
            d[nd++] = (struct done){ (struct cn_flow *)(intptr_t)ids[i], llround(times[i] * 1e9) };
    }
    cn->st.engine_s += wall_s() - w0;
    if (nd > 1)
        qsort(d, nd, sizeof *d, by_done);
    cn->inflight -= (long long)nd;
    for (size_t i = 0; i < nd; i++)
        flow_done(cn, d[i].f, d[i].t);
}

void seshat_cn_advance(seshat_cn *cn)
{
    for (;;) {
        if (cn->nheap > 0 && cn->heap[0]->start <= cn->now) {
            start_due(cn);
            continue;
        }
        int64_t next = cn->nheap > 0 ? cn->heap[0]->start : NEVER;
        if (cn->inflight == 0 && next == NEVER)
            return;   /* nothing to time */
        int64_t target = min64(next, horizon(cn, next));
        if (target <= cn->now || target == NEVER) {
            if (debug_on)
                for (int i = 0; i < cn->napp; i++)
                    DBG("cn   stop: rank %d state %d floor %lld promise %lld nun %d\n",
                        i, cn->r[i].state, (long long)cn->r[i].floor,
                        (long long)promise(&cn->r[i], cn->now), cn->r[i].nun);
            return;
        }
        run_to(cn, target);
    }
}

/* ---- set-up ---- */

/* The collectives (cn_coll.c) run on this engine through these. */
static void coll_flow_add(void *ctx, int64_t start, int src, int dst, int64_t bytes, double cost,
                          void *ref)
{
    cn_flow_add(ctx, start, src, dst, bytes, cost, CN_COLL, ref);
}

static int64_t coll_lat_cost(void *ctx, int src, int dst, double cost)
{
    return cn_lat_cost(ctx, src, dst, cost);
}

static void coll_emit(void *ctx, int dst, const seshat_answer *a) { cn_emit(ctx, dst, a); }

seshat_cn *seshat_cn_new(const seshat_model *m, const seshat_config *cfg, int napp,
                         seshat_cn_send_fn send, seshat_cn_log_fn log, void *ctx)
{
    seshat_cn *cn = calloc(1, sizeof *cn);
    cn->m = m;
    cn->cfg = cfg;
    cn->sg = seshat_sg_model_api(m);
    cn->napp = napp;
    cn->send = send;
    cn->log = log;
    cn->ctx = ctx;
    /* SimGrid's own latency factor (its init zeroed it) and the what-if's,
     * as the lookahead computes it (seshat_sg_model_lookahead). */
    cn->lat_factor = cn->sg->latency_factor() * m->f.latency;
    if (debug_on < 0)
        debug_on = getenv("SESHAT_CN_DEBUG") != NULL;
    cn->r = calloc((size_t)napp, sizeof *cn->r);
    for (int i = 0; i < napp; i++)
        cn->r[i].inbox_min = NEVER;
    cn->lat = malloc(sizeof *cn->lat * (size_t)napp * (size_t)napp);
    for (size_t i = 0; i < (size_t)napp * (size_t)napp; i++)
        cn->lat[i] = -1;
    cn_engine en = { coll_flow_add, coll_lat_cost, coll_emit, cn, m, cfg };
    cn->colls = cn_colls_new(&en);
    int a = 0, b = 0;
    cn->L = seshat_sg_model_lookahead(m, &a, &b);
    return cn;
}

void seshat_cn_free(seshat_cn *cn)
{
    if (!cn)
        return;
    for (int i = 0; i < cn->napp; i++) {
        struct rank *r = &cn->r[i];
        free(r->unacked);
        for (struct msg *m = r->rdv, *n; m; m = n) {
            n = m->next_rdv;
            free(m);
        }
        free(r->rma_open);
    }
    for (int i = 0; i < PAIR_BUCKETS; i++)
        for (struct rma_pair *p = cn->pairs[i], *n; p; p = n) {
            n = p->next;
            for (struct rma_xfer *x = p->held, *nx; x; x = nx) {
                nx = x->next;
                free(x);
            }
            free(p);
        }
    while (cn->nheap > 0)
        free(heap_pop(cn));
    for (struct cn_flow *f = cn->free_flows, *n; f; f = n) {
        n = f->next_free;
        free(f);
    }
    free(cn->done);
    for (int i = 0; i < KEY_BUCKETS; i++)
        for (struct key_arr *k = cn->keys[i], *n; k; k = n) {
            n = k->next;
            free(k->late);
            free(k);
        }
    free(cn->heap);
    free(cn->r);
    free(cn->lat);
    cn_colls_free(cn->colls);
    free(cn);
}

seshat_cn_stats seshat_cn_get_stats(const seshat_cn *cn) { return cn->st; }

void seshat_cn_describe(const seshat_cn *cn, char *buf, size_t n)
{
    static const char *const state[] = { "running", "waiting", "done" };
    size_t k = (size_t)snprintf(buf, n, "engine clock %.9f s, %lld flows in flight, %d queued; "
                                "promises:", 1e-9 * (double)cn->now, cn->inflight, cn->nheap);
    for (int i = 0; i < cn->napp && k < n; i++) {
        int64_t p = promise(&cn->r[i], cn->now);
        if (p == NEVER)
            k += (size_t)snprintf(buf + k, n - k, " %d %s", i, state[cn->r[i].state]);
        else
            k += (size_t)snprintf(buf + k, n - k, " %d %s >= %.9f s (%d answers not taken)", i,
                                  state[cn->r[i].state], 1e-9 * (double)p, cn->r[i].nun);
    }
}

/* stateless.c - the backend for contention = off: every message and every
 * collective is timed by the model alone, so each is answered as soon as
 * what it needs has arrived (a rendezvous: the receiver's post; a
 * collective: every member's entry). */
#include <stdio.h>
#include <stdlib.h>

#include "common/log.h"
#include "model/coll_sched.h"
#include "server/backend.h"

struct pending {                /* rendezvous envelopes waiting for the post */
    seshat_envelope e;
    struct pending *next;
};

struct coll_wait {              /* a collective waiting for its members */
    seshat_coll_entry first;
    int arrived;
    int64_t bytes;
    seshat_vtime *entry;        /* p entries, then p exits */
    int *world;
    struct coll_wait *next;
};

struct stateless {
    const seshat_model *m;
    const seshat_config *cfg;
    seshat_backend_io io;
    struct pending *pending;
    struct coll_wait *colls;
};

/* Allocation failure ends the job with one line (docs/design.md). */
static void oom(const char *what)
{
    fprintf(stderr, "seshat: model rank: out of memory (%s)\n", what);
    exit(1);
}

static void answer(struct stateless *b, const seshat_envelope *e, int type, int64_t t)
{
    seshat_answer ans = { type, e->src, e->comm_id, e->tag, e->seq, 0, t };
    b->io.answer(b->io.ctx, e->dst, &ans);
}

/* The log's network time is the eager arrival minus the injection
 * (rendezvous handshakes depend on the receiver). */
static void st_envelope(void *self, const seshat_envelope *e)
{
    struct stateless *b = self;
    const seshat_model *m = b->m;
    seshat_msg msg = { e->bytes, e->t_inject, SESHAT_PROTO_EAGER, e->src, e->dst };
    seshat_vtime eager = m->p2p(m, &msg, 0).arrival;
    b->io.log(b->io.ctx, e, eager - e->t_inject);
    msg.proto = SESHAT_ENV_PROTO(e->proto);
    if (msg.proto == SESHAT_PROTO_EAGER) {
        answer(b, e, SESHAT_ANS_ARRIVAL, eager);
        return;
    }
    struct pending *p = malloc(sizeof *p);
    if (!p)
        oom("a pending rendezvous");
    p->e = *e;
    p->next = b->pending;
    b->pending = p;
    answer(b, e, SESHAT_ANS_NEED_POST, seshat_model_visible(m, &msg));
}

static void st_post(void *self, int from, const seshat_post *post)
{
    struct stateless *b = self;
    (void)from;
    for (struct pending **pp = &b->pending; *pp; pp = &(*pp)->next) {
        struct pending *p = *pp;
        if (p->e.src != post->src || p->e.seq != post->seq)
            continue;
        seshat_msg msg = { p->e.bytes, p->e.t_inject, SESHAT_PROTO_RENDEZVOUS, p->e.src,
                           p->e.dst };
        seshat_p2p_times t = b->m->p2p(b->m, &msg, post->t_post);
        answer(b, &p->e, SESHAT_ANS_FINAL, t.arrival);
        if (!(p->e.proto & SESHAT_ENV_NOREPLY))
            b->io.reply(b->io.ctx, p->e.src, p->e.seq, t.sender_done);
        *pp = p->next;
        free(p);
        return;
    }
    seshat_error("model rank: post for unknown rendezvous (src %d, seq %d)", post->src, post->seq);
}

static struct coll_wait *coll_find(struct stateless *b, const seshat_coll_entry *e)
{
    for (struct coll_wait *w = b->colls; w; w = w->next)
        if (w->first.comm_id == e->comm_id && w->first.leader == e->leader &&
            w->first.seq == e->seq)
            return w;
    struct coll_wait *w = calloc(1, sizeof *w);
    if (w) {
        w->entry = calloc((size_t)e->p * 2, sizeof *w->entry);
        w->world = calloc((size_t)e->p, sizeof *w->world);
    }
    if (!w || !w->entry || !w->world)
        oom("a collective's members");
    w->first = *e;
    w->next = b->colls;
    b->colls = w;
    return w;
}

/* Once every member has entered: the same schedule the direct path runs. */
static void coll_answer(struct stateless *b, struct coll_wait *w)
{
    int p = w->first.p;
    seshat_coll c = { (enum seshat_coll_kind)w->first.kind, (enum seshat_coll_alg)w->first.alg,
                      p, w->first.root, w->bytes,
                      seshat_config_coll_factor(b->cfg, w->first.cls, w->bytes),
                      w->first.cls == SESHAT_FACTOR_ALLTOALLV };
    seshat_vtime *exit = w->entry + p;
    seshat_coll_eval_world(b->m, &c, w->world, w->entry, exit);
    for (int r = 0; r < p; r++) {
        seshat_answer ans = { SESHAT_ANS_COLL, -1, w->first.comm_id, w->first.seq, 0, 0, exit[r] };
        b->io.answer(b->io.ctx, w->world[r], &ans);
    }
    for (struct coll_wait **pp = &b->colls; *pp; pp = &(*pp)->next)
        if (*pp == w) {
            *pp = w->next;
            break;
        }
    free(w->entry);
    free(w->world);
    free(w);
}

static void st_coll(void *self, const seshat_coll_entry *e)
{
    struct stateless *b = self;
    struct coll_wait *w = coll_find(b, e);
    if (e->rank < 0 || e->rank >= w->first.p)
        return;
    w->entry[e->rank] = e->entry;
    w->world[e->rank] = e->world;
    if (e->bytes > w->bytes)
        w->bytes = e->bytes;
    if (++w->arrived == w->first.p)
        coll_answer(b, w);
}

/* Nothing waits on promises here. */
static void st_block(void *self, int from, const seshat_block *blk)
{
    (void)self, (void)from, (void)blk;
}
static void st_fin(void *self, int from) { (void)self, (void)from; }
static void st_advance(void *self) { (void)self; }
static void st_describe(const void *self, char *buf, size_t n)
{
    (void)self;
    if (n)
        buf[0] = 0;
}

static void st_finish(void *self, int summary)
{
    struct stateless *b = self;
    (void)summary;
    while (b->pending) {
        struct pending *p = b->pending;
        b->pending = p->next;
        free(p);
    }
    while (b->colls) {
        struct coll_wait *w = b->colls;
        b->colls = w->next;
        free(w->entry);
        free(w->world);
        free(w);
    }
    free(b);
}

int seshat_backend_stateless(seshat_backend *be, const seshat_model *m, const seshat_config *cfg,
                             const seshat_backend_io *io)
{
    struct stateless *b = calloc(1, sizeof *b);
    if (!b)
        return -1;
    *b = (struct stateless){ .m = m, .cfg = cfg, .io = *io };
    *be = (seshat_backend){ "stateless", b, st_envelope, st_post, st_coll, st_block, st_fin,
                            st_advance, st_describe, st_finish };
    return 0;
}

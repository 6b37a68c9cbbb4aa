/* conservative.c - the backend for contention = on: the contention engine
 * of contention.c (and cn_coll.c for collectives) behind backend.h. A
 * message is answered once no report still to come can change it. */
#include <stdio.h>
#include <stdlib.h>

#include "common/log.h"
#include "server/backend.h"
#include "server/contention.h"

struct conservative {
    seshat_cn *cn;
    seshat_backend_io io;
};

/* The engine's callbacks, in the backend's terms. */
static void cv_send(void *ctx, int dst, const seshat_answer *a)
{
    const struct conservative *b = ctx;
    b->io.answer(b->io.ctx, dst, a);
}

/* Logged on arrival: a message's time depends on the others. */
static void cv_log(void *ctx, const seshat_envelope *e, int64_t arrival)
{
    const struct conservative *b = ctx;
    b->io.log(b->io.ctx, e, arrival - e->t_inject);
}

static void cv_envelope(void *self, const seshat_envelope *e)
{
    seshat_cn_envelope(((struct conservative *)self)->cn, e);
}
static void cv_post(void *self, int from, const seshat_post *p)
{
    seshat_cn_post(((struct conservative *)self)->cn, from, p);
}
static void cv_coll(void *self, const seshat_coll_entry *e)
{
    seshat_cn_coll(((struct conservative *)self)->cn, e);
}
static void cv_block(void *self, int from, const seshat_block *blk)
{
    seshat_cn_block(((struct conservative *)self)->cn, from, blk);
}
static void cv_fin(void *self, int from) { seshat_cn_fin(((struct conservative *)self)->cn, from); }
static void cv_advance(void *self) { seshat_cn_advance(((struct conservative *)self)->cn); }
static void cv_describe(const void *self, char *buf, size_t n)
{
    seshat_cn_describe(((const struct conservative *)self)->cn, buf, n);
}

static void cv_finish(void *self, int summary)
{
    struct conservative *b = self;
    seshat_cn_stats cs = seshat_cn_get_stats(b->cn);
    if (summary)
        fprintf(stderr, "seshat: contention: %lld flows through SimGrid, %lld engine steps, "
                "%lld answers, %.3f s wall in SimGrid\n", cs.flows, cs.steps, cs.answers,
                cs.engine_s);
    if (cs.late)
        seshat_error("contention: %lld flows started late", cs.late);
    seshat_cn_free(b->cn);
    free(b);
}

int seshat_backend_conservative(seshat_backend *be, const seshat_model *m,
                                const seshat_config *cfg, int napp, const seshat_backend_io *io)
{
    struct conservative *b = calloc(1, sizeof *b);
    if (!b)
        return -1;
    b->io = *io;
    b->cn = seshat_cn_new(m, cfg, napp, cv_send, cv_log, b);
    if (!b->cn) {
        free(b);
        return -1;
    }
    *be = (seshat_backend){ "conservative", b, cv_envelope, cv_post, cv_coll, cv_block, cv_fin,
                            cv_advance, cv_describe, cv_finish };
    return 0;
}

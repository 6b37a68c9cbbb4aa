/* forward.c - the backend of a per-node model rank under contention = on
 * that is not the engine: it times nothing, it forwards every report of
 * its node's ranks (envelope, post, collective entry, block, fin) to the
 * one SimGrid engine, in the order it received them, packed into batches
 * (one message per batch instead of one per report). The engine answers
 * the ranks itself. Each rank sends all its reports to its own node's
 * model rank (core.h, seshat_model_rank_of), so the engine still sees each
 * rank's reports in the order the rank sent them: the only order the
 * contention protocol relies on (docs/cluster.md, "Contention mode"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/backend.h"

struct forward {
    seshat_backend_io io;
    int me, engine;               /* world ranks: this model rank, the engine */
    int n;                        /* items buffered */
    long long reports, batches;   /* for the summary */
    seshat_fwd_item buf[SESHAT_FWD_MAX];
};

/* Send what is buffered (one message). */
static void fw_flush(struct forward *f)
{
    if (!f->n)
        return;
    f->io.forward(f->io.ctx, f->engine, f->buf, (int)(f->n * sizeof f->buf[0]));
    f->batches++;
    f->n = 0;
}

static seshat_fwd_item *fw_item(struct forward *f, int tag, int from)
{
    if (f->n == SESHAT_FWD_MAX)
        fw_flush(f);
    seshat_fwd_item *it = &f->buf[f->n++];
    memset(it, 0, sizeof *it);
    it->tag = tag;
    it->from = from;
    f->reports++;
    return it;
}

static void fw_envelope(void *self, const seshat_envelope *e)
{
    fw_item(self, SESHAT_TAG_ENV, e->src)->u.e = *e;
}
static void fw_post(void *self, int from, const seshat_post *p)
{
    fw_item(self, SESHAT_TAG_POST, from)->u.p = *p;
}
static void fw_coll(void *self, const seshat_coll_entry *e)
{
    fw_item(self, SESHAT_TAG_COLL, e->world)->u.c = *e;
}
static void fw_block(void *self, int from, const seshat_block *b)
{
    fw_item(self, SESHAT_TAG_BLOCK, from)->u.b = *b;
}
static void fw_fin(void *self, int from) { fw_item(self, SESHAT_TAG_FIN, from); }

/* Batch what arrives together; never hold a report while nothing else
 * is waiting (the ranks wait for the engine's answers in real time). */
static void fw_advance(void *self)
{
    struct forward *f = self;
    if (!f->io.pending(f->io.ctx))
        fw_flush(f);
}

static void fw_describe(const void *self, char *buf, size_t n)
{
    const struct forward *f = self;
    snprintf(buf, n, "forwarding to the engine (model rank %d): %lld reports in %lld batches",
             f->engine, f->reports, f->batches);
}

static void fw_finish(void *self, int summary)
{
    struct forward *f = self;
    fw_flush(f);
    if (summary)
        fprintf(stderr, "seshat: contention: model rank %d forwarded %lld reports in %lld "
                "batches to the engine (model rank %d)\n", f->me, f->reports, f->batches,
                f->engine);
    free(f);
}

int seshat_backend_forward(seshat_backend *be, int me, int engine, const seshat_backend_io *io)
{
    struct forward *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->io = *io;
    f->me = me;
    f->engine = engine;
    *be = (seshat_backend){ "forward", f, fw_envelope, fw_post, fw_coll, fw_block, fw_fin,
                            fw_advance, fw_describe, fw_finish };
    return 0;
}

/* The engine: each item as if its rank had sent it directly. */
int seshat_forward_deliver(const seshat_backend *be, const seshat_fwd_item *it, int n,
                           int napp)
{
    int fins = 0;
    for (int i = 0; i < n; i++, it++) {
        if (it->from < 0 || it->from >= napp)
            return -1;
        switch (it->tag) {
        case SESHAT_TAG_ENV: be->envelope(be->self, &it->u.e); break;
        case SESHAT_TAG_POST: be->post(be->self, it->from, &it->u.p); break;
        case SESHAT_TAG_COLL: be->coll(be->self, &it->u.c); break;
        case SESHAT_TAG_BLOCK: be->block(be->self, it->from, &it->u.b); break;
        case SESHAT_TAG_FIN:
            be->fin(be->self, it->from);
            fins++;
            break;
        default: return -1;
        }
    }
    return fins;
}

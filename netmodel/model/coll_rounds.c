/* coll_rounds.c - time concurrent point-to-point rounds with the model. */
#include <stdlib.h>
#include <string.h>

#include "model/coll_rounds.h"

struct xfer { int src, dst; int64_t bytes; seshat_vtime arrival, sender_done; };

struct seshat_rounds {
    const seshat_model *m;
    int p;
    seshat_vtime *t, *t0, *cpu, *nic;
    struct xfer *x;
    int n, cap;
    const int *map;
    const int *world;
    seshat_round_fn record;     /* record mode: the sink, and the round number */
    void *record_ctx;
    int round;
};

void seshat_rounds_record(seshat_rounds *r, seshat_round_fn fn, void *ctx)
{
    r->record = fn;
    r->record_ctx = ctx;
}

void seshat_rounds_map(seshat_rounds *r, const int *map) { r->map = map; }
void seshat_rounds_world(seshat_rounds *r, const int *world) { r->world = world; }

seshat_rounds *seshat_rounds_new(const seshat_model *m, int p, seshat_vtime *t)
{
    seshat_rounds *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->m = m;
    r->p = p;
    r->t = t;
    r->t0 = calloc((size_t)p, sizeof *r->t0);
    r->cpu = calloc((size_t)p, sizeof *r->cpu);
    r->nic = calloc((size_t)p, sizeof *r->nic);
    if (!r->t0 || !r->cpu || !r->nic) {
        seshat_rounds_free(r);
        return NULL;
    }
    return r;
}

void seshat_rounds_free(seshat_rounds *r)
{
    if (!r)
        return;
    free(r->t0);
    free(r->cpu);
    free(r->nic);
    free(r->x);
    free(r);
}

void seshat_rounds_send(seshat_rounds *r, int src, int dst, int64_t bytes)
{
    if (r->map) {
        src = r->map[src];
        dst = r->map[dst];
    }
    if (src == dst)
        return;
    if (r->record) {
        r->record(r->record_ctx, r->round, src, dst, bytes);
        return;
    }
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        struct xfer *x = realloc(r->x, sizeof *x * (size_t)cap);
        if (!x)
            return;   /* the transfer is dropped: costs are then a lower bound */
        r->x = x;
        r->cap = cap;
    }
    r->x[r->n++] = (struct xfer){ src, dst, bytes, 0, 0 };
}

static int by_arrival(const void *a, const void *b)
{
    const struct xfer *x = a, *y = b;
    if (x->dst != y->dst)
        return x->dst - y->dst;
    return (x->arrival > y->arrival) - (x->arrival < y->arrival);
}

void seshat_rounds_end(seshat_rounds *r)
{
    const seshat_model *m = r->m;
    if (r->record) {
        r->round++;
        return;
    }
    memcpy(r->t0, r->t, sizeof *r->t * (size_t)r->p);
    memcpy(r->cpu, r->t, sizeof *r->t * (size_t)r->p);
    for (int k = 0; k < r->n; k++) {
        struct xfer *x = &r->x[k];
        int ws = r->world ? r->world[x->src] : -1, wd = r->world ? r->world[x->dst] : -1;
        seshat_vtime inj = m->inject(m, r->cpu[x->src], x->bytes, ws, wd, &r->nic[x->src]);
        r->cpu[x->src] = inj + m->send_overhead;
        seshat_msg msg = { x->bytes, inj, m->proto(m, x->bytes, 0), ws, wd };
        seshat_p2p_times tt = m->p2p(m, &msg, r->t0[x->dst]);
        x->arrival = tt.arrival;
        x->sender_done = tt.sender_done;
    }
    for (int k = 0; k < r->n; k++) {
        struct xfer *x = &r->x[k];
        if (x->sender_done > r->t[x->src])
            r->t[x->src] = x->sender_done;
        if (r->cpu[x->src] > r->t[x->src])
            r->t[x->src] = r->cpu[x->src];
    }
    /* Each receiver takes its messages in arrival order, o apiece. */
    qsort(r->x, (size_t)r->n, sizeof *r->x, by_arrival);
    for (int k = 0; k < r->n; k++) {
        struct xfer *x = &r->x[k];
        r->t[x->dst] = m->recv_done(m, r->t[x->dst], x->arrival);
    }
    r->n = 0;
}

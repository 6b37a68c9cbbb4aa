/* an_local.c - the first pass: one rank's stream into profile and
 * communication records. */
#include "analyze/an_local.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyze/an_demangle.h"
#include "analyze/an_stream.h"
#include "analyze/analysis.h"
#include "mpi/calls.h"
#include "tracefmt/trace_format.h"
#include "tracefmt/trace_sites.h"

#define MAX_SEGS 4096   /* per rank, for the timeline picture */

enum { F_WAITS = 1, F_SEND_BLOCKS = 2 };

/* Calls that complete a receive or send and can wait for the partner
 * (a Test that completes one moves the clock to its completion, so it can
 * wait in virtual time), and blocking sends that wait for a rendezvous
 * partner. */
static int call_flags_of(int call)
{
    static const char *const waits[] = { "MPI_Recv", "MPI_Sendrecv", "MPI_Sendrecv_replace",
                                         "MPI_Wait", "MPI_Waitall", "MPI_Waitany",
                                         "MPI_Waitsome", "MPI_Mrecv", "MPI_Test", "MPI_Testall",
                                         "MPI_Testany", "MPI_Testsome", NULL };
    static const char *const sends[] = { "MPI_Send", "MPI_Ssend", "MPI_Rsend", "MPI_Sendrecv",
                                         "MPI_Sendrecv_replace", NULL };
    if (call < 0 || call >= SESHAT_CALL_COUNT)
        return 0;
    const char *name = seshat_call_names[call];
    int f = 0;
    for (int i = 0; waits[i]; i++)
        f |= strcmp(name, waits[i]) ? 0 : F_WAITS;
    for (int i = 0; sends[i]; i++)
        f |= strcmp(name, sends[i]) ? 0 : F_SEND_BLOCKS;
    return f;
}

/* Per call id, computed once (the names are compared only here). */
static int call_flags(int call)
{
    static signed char cache[SESHAT_CALL_COUNT + 1];
    static int ready;
    if (!ready) {
        for (int i = 0; i < SESHAT_CALL_COUNT; i++)
            cache[i] = (signed char)call_flags_of(i);
        ready = 1;
    }
    return call >= 0 && call < SESHAT_CALL_COUNT ? cache[call] : 0;
}

struct ctx {
    an_local *L;
    an_rank *R;
    an_map chan_send, chan_recv, post, pending, comm_me, comm_size, coll_seq;
    an_map comm_first;         /* comm id -> world rank of its rank 0 */
    an_map comm_partial;       /* comm id -> 1 if a member has no stream */
    an_map held_of;            /* request id -> 1 + index in held */
    an_vec held;               /* an_recv matched, waiting for the call that completes it */
    an_vec held_free;          /* free indices of held (int64) */
    int64_t uid, busy, seg_min;
    an_iter *it;
    an_call peek;              /* read but not yet in a window */
    an_vec peek_recs;          /* its records (the reader's are reused) */
    int have_peek;
};

static void ensure_site(an_rank *R, int site)
{
    if (site < R->nsites)
        return;
    int n = site + 1;
    R->site_call = realloc(R->site_call, (size_t)n * sizeof *R->site_call);
    R->site_loc = realloc(R->site_loc, (size_t)n * sizeof *R->site_loc);
    R->site_ns = realloc(R->site_ns, (size_t)n * sizeof *R->site_ns);
    R->site_visits = realloc(R->site_visits, (size_t)n * sizeof *R->site_visits);
    if (!R->site_call || !R->site_loc || !R->site_ns || !R->site_visits)
        an_die("out of memory");
    for (int i = R->nsites; i < n; i++) {
        R->site_call[i] = -1;
        R->site_loc[i] = NULL;
        R->site_ns[i] = R->site_visits[i] = 0;
    }
    R->nsites = n;
}

/* Keep at most MAX_SEGS segments: drop the shortest half when full. */
static void add_segment(struct ctx *c, int64_t start, int64_t end, int site)
{
    an_vec *v = &c->R->segs;
    if (end - start < c->seg_min)
        return;
    if (v->n == MAX_SEGS) {
        c->seg_min = c->seg_min ? 2 * c->seg_min : 1000;
        size_t k = 0;
        for (size_t i = 0; i < v->n; i++) {
            an_seg *s = AN_AT(v, an_seg, i);
            if (s->end - s->start >= c->seg_min)
                *AN_AT(v, an_seg, k++) = *s;
        }
        v->n = k;
        if (end - start < c->seg_min || v->n == MAX_SEGS)
            return;
    }
    *(an_seg *)an_vec_push(v) = (an_seg){ start, end, site };
}

static void count_traffic(an_local *L, int src, int dst, int64_t bytes)
{
    int found;
    an_map_get(&L->traffic, an_key3(src, dst, 0), &found);
    if (!found)
        *(an_pair *)an_vec_push(&L->traffic_keys) = (an_pair){ src, dst };
    *an_map_slot(&L->traffic, an_key3(src, dst, 0)) += 1;
    *an_map_slot(&L->traffic, an_key3(src, dst, 1)) += bytes;
    int b = 0;
    for (int64_t x = bytes; x > 0 && b < SESHAT_SIZE_BUCKETS - 1; x >>= 1)
        b++;
    L->size_hist[b]++;
}

static void on_send(struct ctx *c, const an_call *call, const an_rec *r, int flags)
{
    int64_t comm = seshat_unzigzag(r->v[2]), tag = seshat_unzigzag(r->v[1]);
    int dst = (int)r->v[0];
    uint64_t proto = r->v[4], req = r->v[5];
    int64_t *seq = an_map_slot(&c->chan_send, an_key3(dst, comm, tag));
    int rendezvous = (proto & 0xff) == 1 && !(proto & 256);
    an_local *L = c->L;
    count_traffic(L, c->R->rank, dst, (int64_t)r->v[3]);
    if (dst < 0 || dst >= L->nranks || L->absent[dst]) {   /* no receive to pair it with */
        L->unknown_sends += rendezvous;
        return;
    }
    an_send *s = an_vec_push(&L->sends);
    *s = (an_send){ .src = c->R->rank, .dst = dst, .idx = -1, .rendezvous = rendezvous,
                    .comm = comm, .tag = tag, .seq = (*seq)++, .E = call->enter,
                    .bytes = (int64_t)r->v[3] };
    if (!rendezvous)
        return;   /* only rendezvous sends can meet a Late Receiver */
    int64_t idx;
    if (L->sdone_free.n)
        idx = *AN_AT(&L->sdone_free, int64_t, --L->sdone_free.n);
    else {
        idx = (int64_t)L->sdone.n;
        an_vec_push(&L->sdone);
    }
    s->idx = (int32_t)idx;
    *AN_AT(&L->sdone, an_sdone, idx) =
        (an_sdone){ .site = call->site, .blocking = !req && (flags & F_SEND_BLOCKS),
                    .rank = c->R->rank, .live = 1, .completed = !req, .cE = call->enter,
                    .cX = call->exit, .uid = c->uid };
    if (req)
        *an_map_slot(&c->pending, req) = idx + 1;
    else
        ++*an_map_slot(&L->lr_refs, an_key3(c->R->rank, c->uid, 0));
}

/* A receive is paired in MPI's matching order (its seq is counted here,
 * where MPI matched it) but judged at the call that completes it: the
 * blocking receive itself, or the Wait/Test whose COMPLETE names its
 * request (docs/patterns.md). */
static void on_recv(struct ctx *c, const an_call *call, const an_rec *r, int flags)
{
    int64_t comm = seshat_unzigzag(r->v[2]), tag = seshat_unzigzag(r->v[1]);
    int src = (int)r->v[0], found = 0;
    uint64_t req = r->v[4];
    int64_t *seq = an_map_slot(&c->chan_recv, an_key3(src, comm, tag));
    int64_t posted = req ? an_map_get(&c->post, req, &found) : 0;
    an_recv v = { .src = src, .dst = c->R->rank, .site = call->site,
                  .blocking = !req && (flags & F_WAITS) != 0, .comm = comm, .tag = tag,
                  .seq = (*seq)++, .P = found ? posted : call->enter, .cE = call->enter,
                  .cX = call->exit, .uid = c->uid, .E_send = -1 };
    if (src < 0 || src >= c->L->nranks || c->L->absent[src]) {   /* no send will come */
        v.E_send = AN_UNKNOWN;
        c->L->unknown_recvs++;
    }
    if (!req) {
        *(an_recv *)an_vec_push(&c->L->recvs) = v;
        return;
    }
    an_map_del(&c->post, req);
    int64_t *slot = an_map_slot(&c->held_of, req);
    if (*slot)   /* matched again before completing: the older one never completes */
        *(an_recv *)an_vec_push(&c->L->recvs) = *AN_AT(&c->held, an_recv, *slot - 1);
    else if (c->held_free.n)
        *slot = *AN_AT(&c->held_free, int64_t, --c->held_free.n) + 1;
    else {
        an_vec_push(&c->held);
        *slot = (int64_t)c->held.n;
    }
    *AN_AT(&c->held, an_recv, *slot - 1) = v;
}

/* The receive with request id req completes in this call. */
static int complete_recv(struct ctx *c, const an_call *call, uint64_t req, int flags)
{
    int found = 0;
    int64_t i = an_map_get(&c->held_of, req, &found) - 1;
    an_map_del(&c->post, req);   /* a cancelled receive was posted, never matched */
    if (!found)
        return 0;
    an_recv *v = AN_AT(&c->held, an_recv, i);
    v->site = call->site;
    v->blocking = (flags & F_WAITS) != 0;
    v->cE = call->enter;
    v->cX = call->exit;
    v->uid = c->uid;
    *(an_recv *)an_vec_push(&c->L->recvs) = *v;
    v->uid = 0;   /* free */
    an_map_del(&c->held_of, req);
    *(int64_t *)an_vec_push(&c->held_free) = i;
    return 1;
}

static int by_uid(const void *x, const void *y)
{
    const an_recv *a = x, *b = y;
    return (a->uid > b->uid) - (a->uid < b->uid);
}

/* At the end of the stream: receives matched but never completed (freed
 * requests, a trace that stops early) are paired, in matching order,
 * without a wait. */
static void flush_held(struct ctx *c)
{
    size_t k = 0;
    for (size_t i = 0; i < c->held.n; i++)
        if (AN_AT(&c->held, an_recv, i)->uid > 0)
            *AN_AT(&c->held, an_recv, k++) = *AN_AT(&c->held, an_recv, i);
    if (k)   /* held.data is NULL when nothing was ever held */
        qsort(c->held.data, k, sizeof(an_recv), by_uid);
    for (size_t i = 0; i < k; i++) {
        an_recv *v = AN_AT(&c->held, an_recv, i);
        v->blocking = 0;
        *(an_recv *)an_vec_push(&c->L->recvs) = *v;
    }
    c->held.n = c->held_free.n = 0;
    an_map_free(&c->held_of);
}

static void on_complete(struct ctx *c, const an_call *call, uint64_t req, int flags)
{
    if (complete_recv(c, call, req, flags))
        return;
    int found = 0;
    int64_t idx = an_map_get(&c->pending, req, &found);
    if (!found || idx <= 0)
        return;
    an_sdone *d = AN_AT(&c->L->sdone, an_sdone, idx - 1);
    if (d->live && d->rank == c->R->rank)
        *d = (an_sdone){ .site = call->site, .blocking = (flags & F_WAITS) != 0, .rank = d->rank,
                         .live = 1, .completed = 1, .cE = call->enter, .cX = call->exit,
                         .uid = c->uid };
    if (d->live && d->rank == c->R->rank)
        ++*an_map_slot(&c->L->lr_refs, an_key3(d->rank, c->uid, 0));
    an_map_del(&c->pending, req);
}

static void on_coll(struct ctx *c, const an_call *call, const an_rec *r)
{
    int64_t comm = seshat_unzigzag(r->v[1]);
    int found = 0, size;
    if (r->v[4] != 0)
        return;   /* nonblocking collectives: not analyzed for wait states */
    size = (int)an_map_get(&c->comm_size, (uint64_t)comm, &found);
    int64_t me = an_map_get(&c->comm_me, (uint64_t)comm, &found) - 1;
    if (!found || size < 2 || me < 0)
        return;
    if (an_map_get(&c->comm_partial, (uint64_t)comm, &found)) {   /* never all there */
        c->L->unknown_colls++;
        return;
    }
    int64_t *seq = an_map_slot(&c->coll_seq, (uint64_t)comm);
    /* ids are unique only among members (a split's halves may share one):
     * the instance is named by the id and the communicator's first member */
    int64_t first = an_map_get(&c->comm_first, (uint64_t)comm, &found);
    _Static_assert(sizeof(int64_t) == 8, "comm key packs id and first member");
    an_coll *k = an_vec_push(&c->L->colls);
    /* MPI_Win_fence is timed as a barrier (docs/models.md): its own kind */
    int fence = call->call == SESHAT_CALL_Win_fence && r->v[0] == AN_COLL_BARRIER;
    *k = (an_coll){ .kind = fence ? AN_COLL_FENCE : (int32_t)r->v[0], .root = (int32_t)seshat_unzigzag(r->v[2]),
                    .size = size, .me = (int32_t)me, .rank = c->R->rank, .site = call->site,
                    .comm = comm * ((int64_t)1 << 24) + first, .seq = (*seq)++,
                    .bytes = (int64_t)r->v[3],
                    .E = call->enter, .X = call->exit };
}

/* A barrier inside the call: a fence is timed with it (an_coll.c judges
 * its Wait at Fence). */
static int has_barrier(const an_call *call)
{
    for (int i = 0; i < call->nrec; i++)
        if (call->rec[i].kind == SESHAT_REC_COLL && call->rec[i].v[0] == AN_COLL_BARRIER &&
            call->rec[i].v[4] == 0)
            return 1;
    return 0;
}

/* Kept for an_rma.c, the window's communicator named as on_coll names it. */
static void on_rma(struct ctx *c, const an_call *call, const an_rec *r)
{
    int64_t comm = seshat_unzigzag(r->v[2]);
    int found = 0;
    int size = (int)an_map_get(&c->comm_size, (uint64_t)comm, &found);
    int64_t first = an_map_get(&c->comm_first, (uint64_t)comm, &found);
    if (an_map_get(&c->comm_partial, (uint64_t)comm, &found))
        size = 0;
    an_vec *v = &c->L->rma;
    an_rma *e = an_vec_push(v);
    *e = (an_rma){ .rank = c->R->rank, .op = (int32_t)r->v[0], .peer = (int32_t)r->v[1],
                   .site = call->site, .members = size,
                   .barrier = r->v[0] == SESHAT_RMA_FENCE && has_barrier(call),
                   .lock_call = call->call == SESHAT_CALL_Win_lock,
                   .excl = r->v[3] == SESHAT_RMA_LOCK_EXCLUSIVE,
                   .comm = comm * ((int64_t)1 << 24) + first, .win = (int64_t)r->v[7],
                   .uid = c->uid, .ord = (int64_t)v->n, .E = call->enter, .X = call->exit,
                   .done = call->enter + (int64_t)r->v[6] };
}

static void on_call(void *ctx, const an_call *call)
{
    struct ctx *c = ctx;
    an_rank *R = c->R;
    if (call->site < 0 || call->site > 1000000)
        an_die("rank %d: call site index %d out of range", R->rank, call->site);
    ensure_site(R, call->site);
    R->site_ns[call->site] += call->exit - call->enter;
    R->site_visits[call->site]++;
    if (R->site_call[call->site] < 0)
        R->site_call[call->site] = call->call;
    c->busy += call->exit - call->enter;
    c->uid++;
    add_segment(c, call->enter, call->exit, call->site);
    an_io_call(&R->io, call);
    int flags = call_flags(call->call);
    for (int i = 0; i < call->nrec; i++) {
        const an_rec *r = &call->rec[i];
        switch (r->kind) {
        case SESHAT_REC_SEND: on_send(c, call, r, flags); break;
        case SESHAT_REC_RECV: on_recv(c, call, r, flags); break;
        case SESHAT_REC_POST: *an_map_slot(&c->post, r->v[0]) = call->enter; break;
        case SESHAT_REC_COMPLETE: on_complete(c, call, r->v[0], flags); break;
        case SESHAT_REC_COLL: on_coll(c, call, r); break;
        case SESHAT_REC_RMA: on_rma(c, call, r); break;
        }
    }
}

static void on_io_open(void *ctx, int64_t file, const char *name, size_t len)
{
    an_io_open(&((struct ctx *)ctx)->R->io, file, name, len);
}

static void on_comm(void *ctx, int64_t id, int size, const int64_t *world)
{
    struct ctx *c = ctx;
    *an_map_slot(&c->comm_size, (uint64_t)id) = size;
    *an_map_slot(&c->comm_first, (uint64_t)id) = size > 0 ? world[0] : 0;
    *an_map_slot(&c->comm_partial, (uint64_t)id) = 0;
    for (int i = 0; i < size; i++) {
        if (world[i] == c->R->rank)
            *an_map_slot(&c->comm_me, (uint64_t)id) = i + 1;
        if (world[i] < 0 || world[i] >= c->L->nranks || c->L->absent[world[i]])
            *an_map_slot(&c->comm_partial, (uint64_t)id) = 1;
    }
}

/* One frame as the outputs show it: "file:line (function)", or
 * "function in module+0xOFF" without line information. */
static size_t frame_text(char *buf, size_t n, const char *fn, const char *loc, const char *mod)
{
    const char *base = strrchr(mod, '/');
    int k = loc[0] != '?' ? snprintf(buf, n, "%s (%s)", loc, fn)
                          : snprintf(buf, n, "%s in %s%s", fn, base ? base + 1 : mod, loc + 1);
    return k < 0 ? 0 : (size_t)k < n ? (size_t)k : n - 1;
}

/* sites-R.txt: "index = function file:line module [< caller ...]" per
 * line; a site's location is its frame, then " < " and each caller's
 * (root.c splits them into location and callers). */
static void read_sites(an_rank *R, const char *dir)
{
    char path[4200], line[16384];
    snprintf(path, sizeof path, "%s/sites-%d.txt", dir, R->rank);
    FILE *f = fopen(path, "r");
    seshat_site_line *sl = malloc(sizeof *sl);
    char *buf = malloc(sizeof line);
    while (f && sl && buf && fgets(line, sizeof line, f)) {
        if (!seshat_site_line_parse(line, sl))
            continue;
        int idx = sl->index;
        an_demangle_site(sl);   /* C++ names readable in every output */
        ensure_site(R, idx);
        size_t k = frame_text(buf, sizeof line, sl->fn, sl->loc, sl->mod);
        for (int c = 0; c < sl->ncallers && k + 4 < sizeof line; c++) {
            memcpy(buf + k, " < ", 4);
            k += 3 + frame_text(buf + k + 3, sizeof line - k - 3, sl->callers[c].fn,
                                sl->callers[c].loc, sl->callers[c].mod);
        }
        free(R->site_loc[idx]);
        R->site_loc[idx] = strdup(buf);
    }
    free(sl);
    free(buf);
    if (f)
        fclose(f);
}

static void finish_rank(an_local *L, an_rank *R, struct ctx *c)
{
    flush_held(c);
    R->end_ns = an_iter_end(c->it);
    R->st = *an_iter_status(c->it);
    an_contrib_add(L, SESHAT_PAT_COMPUTATION, R->rank, -1, R->end_ns - c->busy);
    an_iter_close(c->it);
    c->it = NULL;
    an_map *maps[] = { &c->chan_send, &c->chan_recv, &c->post, &c->pending, &c->comm_me,
                       &c->comm_size, &c->coll_seq, &c->comm_first, &c->comm_partial };
    for (size_t i = 0; i < sizeof maps / sizeof *maps; i++)
        an_map_free(maps[i]);
    an_vec_free(&c->peek_recs);
    an_vec_free(&c->held);
    an_vec_free(&c->held_free);
    R->done = 1;
}

/* Reads the rank's next call into the peek slot; 0 at the end. */
static int peek(struct ctx *c)
{
    if (c->have_peek)
        return 1;
    char err[4400];
    an_call call;
    int rc = an_iter_next(c->it, &call, err, sizeof err);
    if (rc < 0 && !c->R->read_error && !(c->R->read_error = strdup(err)))
        an_die("out of memory");
    if (rc <= 0)
        return 0;
    c->peek_recs.n = 0;
    for (int i = 0; i < call.nrec; i++)
        *(an_rec *)an_vec_push(&c->peek_recs) = call.rec[i];
    c->peek = call;
    c->have_peek = 1;
    return 1;
}

/* Rank r's stream as this process's disk has it (AN_STREAM_...). */
static unsigned char stream_state(const char *dir, int r)
{
    char path[4200];
    struct stat sb;
    snprintf(path, sizeof path, "%s/rank-%d.sst", dir, r);
    return stat(path, &sb) ? AN_STREAM_MISSING : sb.st_size == 0 ? AN_STREAM_EMPTY : AN_STREAM_OK;
}

void an_local_open(an_local *L, const char *dir, const an_defs *d, int lo, int hi)
{
    *L = (an_local){ .nranks = d->nranks, .lo = lo, .hi = hi, .dir = dir, .want_waits = 1 };
    an_vec_init(&L->sends, sizeof(an_send));
    an_vec_init(&L->recvs, sizeof(an_recv));
    an_vec_init(&L->colls, sizeof(an_coll));
    an_vec_init(&L->rma, sizeof(an_rma));
    an_vec_init(&L->contrib_keys, 3 * sizeof(int64_t));
    an_vec_init(&L->waits, sizeof(an_wait));
    an_vec_init(&L->msgs, sizeof(seshat_msg));
    an_vec_init(&L->sdone, sizeof(an_sdone));
    an_vec_init(&L->sdone_free, sizeof(int64_t));
    an_vec_init(&L->deferred, 3 * sizeof(int64_t));
    an_vec_init(&L->traffic_keys, sizeof(an_pair));
    an_vec_init(&L->gpool, sizeof(an_vec));
    an_vec_init(&L->gfree, sizeof(int64_t));
    L->ranks = calloc((size_t)(hi > lo ? hi - lo : 1), sizeof *L->ranks);
    L->absent = calloc((size_t)d->nranks, 1);
    L->stream = calloc((size_t)d->nranks, 1);
    if (!L->ranks || !L->absent || !L->stream)
        an_die("out of memory");
    /* Each process looks only at its own block's streams (they may sit on
     * its node's disk alone); an_root_share_streams tells the others. */
    for (int r = 0; r < d->nranks; r++) {
        L->stream[r] = d->traced[r] && r >= lo && r < hi ? stream_state(dir, r) : AN_STREAM_OK;
        L->absent[r] = (unsigned char)(!d->traced[r] || L->stream[r] != AN_STREAM_OK);
    }
    for (int r = lo; r < hi; r++) {
        an_rank *R = &L->ranks[r - lo];
        struct ctx *c = calloc(1, sizeof *c);
        if (!c)
            an_die("out of memory");
        R->rank = r;
        R->state = c;
        an_vec_init(&R->segs, sizeof(an_seg));
        an_vec_init(&R->rq, sizeof(an_recv));
        *c = (struct ctx){ .L = L, .R = R };
        an_vec_init(&c->peek_recs, sizeof(an_rec));
        an_vec_init(&c->held, sizeof(an_recv));
        an_vec_init(&c->held_free, sizeof(int64_t));
        an_stream_cb cb = { c, NULL, on_comm, on_io_open };
        char err[4400];
        if (!L->absent[r] && !(c->it = an_iter_open(dir, r, &cb, err, sizeof err)) &&
            !(R->read_error = strdup(err)))
            an_die("out of memory");
        R->absent = R->done = !c->it;
        if (c->it)
            read_sites(R, dir);
    }
}

int64_t an_local_window(an_local *L, int64_t T, int64_t *next)
{
    int64_t calls = 0;
    *next = INT64_MAX;
    for (int i = 0; i < L->hi - L->lo; i++) {
        an_rank *R = &L->ranks[i];
        struct ctx *c = R->state;
        if (R->done)
            continue;
        while (peek(c) && c->peek.enter < T) {
            c->peek.rec = c->peek_recs.data;
            on_call(c, &c->peek);
            c->have_peek = 0;
            calls++;
        }
        if (c->have_peek)
            *next = c->peek.enter < *next ? c->peek.enter : *next;
        else
            finish_rank(L, R, c);
    }
    return calls;
}

static void contrib(an_local *L, int pattern, int rank, int site, int64_t ns)
{
    uint64_t key = an_key3(pattern, rank, site);
    int found = 0;
    an_map_get(&L->contrib, key, &found);
    if (!found) {
        int64_t *k = an_vec_push(&L->contrib_keys);
        k[0] = pattern;
        k[1] = rank;
        k[2] = site;
    }
    *an_map_slot(&L->contrib, key) += ns;
}

void an_contrib_add(an_local *L, int pattern, int rank, int site, int64_t ns)
{
    if (ns > 0 || pattern == SESHAT_PAT_COMPUTATION)
        contrib(L, pattern, rank, site, ns);
}

void an_contrib_move(an_local *L, int from, int to, int rank, int site, int64_t ns)
{
    if (ns <= 0)
        return;
    contrib(L, from, rank, site, -ns);
    contrib(L, to, rank, site, ns);
}

void an_local_free(an_local *L)
{
    for (int r = 0; r < L->hi - L->lo; r++) {
        an_rank *R = &L->ranks[r];
        struct ctx *c = R->state;
        if (c && !R->done)
            finish_rank(L, R, c);
        free(c);
        free(R->read_error);
        an_vec_free(&R->rq);
        free(R->ring);
        an_io_free(&R->io);
        for (int i = 0; i < R->nsites; i++)
            free(R->site_loc[i]);
        free(R->site_loc);
        free(R->site_call);
        free(R->site_ns);
        free(R->site_visits);
        an_vec_free(&R->segs);
    }
    for (size_t g = 0; g < L->gpool.n; g++)
        an_vec_free(AN_AT(&L->gpool, an_vec, g));
    an_vec_free(&L->gpool);
    an_vec_free(&L->gfree);
    an_vec_free(&L->sdone);
    an_vec_free(&L->sdone_free);
    an_vec_free(&L->deferred);
    an_vec_free(&L->traffic_keys);
    an_map_free(&L->traffic);
    an_map *maps[] = { &L->unmatched, &L->unmatched_info, &L->waiting, &L->lr_max, &L->lr_refs,
                       &L->groups };
    for (size_t i = 0; i < sizeof maps / sizeof *maps; i++)
        an_map_free(maps[i]);
    free(L->ranks);
    free(L->absent);
    free(L->stream);
    an_vec_free(&L->sends);
    an_vec_free(&L->recvs);
    an_vec_free(&L->colls);
    an_vec_free(&L->contrib_keys);
    an_vec_free(&L->waits);
    an_vec_free(&L->msgs);
    an_map_free(&L->contrib);
}

/* Longer first; ties by send time, sender, receiver. */
static int msg_less(const seshat_msg *x, const seshat_msg *y)
{
    int64_t a = x->recv - x->send, b = y->recv - y->send;
    if (a != b)
        return a < b;
    if (x->send != y->send)
        return x->send > y->send;
    if (x->src != y->src)
        return x->src > y->src;
    if (x->dst != y->dst)
        return x->dst > y->dst;
    return x->recv > y->recv;
}

void an_msg_keep(an_vec *h, const seshat_msg *m)
{
    seshat_msg *v;
    size_t i = 0;
    if (h->n < SESHAT_MSG_LINES) {   /* sift up from the new leaf */
        an_vec_push(h);
        v = h->data;
        for (i = h->n - 1; i > 0 && msg_less(m, &v[(i - 1) / 2]); i = (i - 1) / 2)
            v[i] = v[(i - 1) / 2];
        v[i] = *m;
        return;
    }
    v = h->data;
    if (!msg_less(&v[0], m))
        return;   /* shorter than the shortest kept */
    for (;;) {   /* replace the root, sift down */
        size_t c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && msg_less(&v[c + 1], &v[c]))
            c++;
        if (!msg_less(&v[c], m))
            break;
        v[i] = v[c];
        i = c;
    }
    v[i] = *m;
}

void an_wait_add(an_local *L, int rank, int site, int pattern, int64_t E, int cause_rank,
                 int64_t cause_time)
{
    if (L->want_waits && cause_time > E && cause_rank != rank)
        *(an_wait *)an_vec_push(&L->waits) =
            (an_wait){ rank, cause_rank, E, cause_time, site, pattern };
}

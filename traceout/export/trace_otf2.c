/* trace_otf2.c - seshat streams -> OTF2 archive (serial writer).
 * Causal: a receive is recorded where the program completed it (MPI_RECV
 * at the exit of a blocking receive; MPI_IRECV at the exit of the Wait or
 * Test that completed a nonblocking one, after an MPI_IRECV_REQUEST where
 * it was posted), never before its send; nonblocking sends are MPI_ISEND
 * + MPI_ISEND_COMPLETE with the trace's request ids. Every communicator
 * of the trace is defined, and ranks in events are ranks in it.
 * Source locations: each call site of sites-<r>.txt becomes a
 * SourceCodeLocation (file, line) and a CallingContext (the MPI region,
 * under the calling function's, under its caller's ... up to main: the
 * site's call path, each function's context with the source location it
 * was called from); every Enter carries both as attributes ("source code
 * location", "calling context"). Calling functions are regions of their
 * own, with their file and the lines of their calls. */
#include <otf2/otf2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/safe_write.h"
#include "mpi/calls.h"
#include "tracefmt/trace_calls.h"
#include "tracefmt/trace_format.h"
#include "trace_otf2.h"
#include "trace_otf2_io.h"
#include "tracefmt/trace_reader.h"
#include "tracefmt/trace_sites.h"

static OTF2_FlushType pre_flush(void *u, OTF2_FileType t, OTF2_LocationRef l, void *c, bool final)
{
    (void)u; (void)t; (void)l; (void)c; (void)final;
    return OTF2_FLUSH;
}
static OTF2_TimeStamp post_flush(void *u, OTF2_FileType t, OTF2_LocationRef l)
{
    (void)u; (void)t; (void)l;
    return 0;
}
static OTF2_FlushCallbacks flush_callbacks = { .otf2_pre_flush = pre_flush, .otf2_post_flush = post_flush };

static const OTF2_CollectiveOp coll_ops[] = {
    OTF2_COLLECTIVE_OP_BARRIER, OTF2_COLLECTIVE_OP_BCAST, OTF2_COLLECTIVE_OP_REDUCE,
    OTF2_COLLECTIVE_OP_ALLREDUCE, OTF2_COLLECTIVE_OP_GATHER, OTF2_COLLECTIVE_OP_SCATTER,
    OTF2_COLLECTIVE_OP_ALLGATHER, OTF2_COLLECTIVE_OP_ALLTOALL, OTF2_COLLECTIVE_OP_REDUCE_SCATTER,
    OTF2_COLLECTIVE_OP_SCAN, OTF2_COLLECTIVE_OP_EXSCAN
};

/* A communicator of the trace: its id and members (world ranks). */
struct comm { int64_t id; uint32_t size; uint64_t *world; };

/* Regions are numbered densely in order of first use, as OTF2 wants;
 * communicators too (MPI_COMM_WORLD first). */
/* Where calls come from: files and lines, calling functions, contexts. */
struct scl { int file; uint32_t line; };                 /* file: index into strs */
struct ufn { int name, file; uint32_t begin, end; };
/* A calling context: an MPI call (call id >= 0) or a function ufn (call
 * -1), called from source location scl (-1: unknown), under the context
 * parent (-1: the root). Contexts are numbered as they appear, a parent
 * before its children, as OTF2 wants. */
struct ctx { int call, scl, ufn, parent; };
struct where {
    char **strs;
    int nstrs;
    struct scl *scl;
    int nscl;
    struct ufn *ufn;
    int nufn;
    struct ctx *ctx;
    int nctx;
};

struct pass {
    int region[SESHAT_CALL_COUNT];
    int order[SESHAT_CALL_COUNT];
    int nregions;
    uint64_t t_max;
    struct comm *comms;
    int ncomms;
    seshat_tcalls calls;   /* the trace's call ids -> this build's (by name; -1 skipped) */
    struct where wh;
    int has_rma;           /* one-sided transfers seen: windows are defined */
    otf2_io_defs io;       /* MPI-IO files and handles */
};

/* Requests in flight on one rank: id -> what the completion will say. */
enum { REQ_SEND = 1, REQ_POSTED, REQ_MATCHED };
struct req { uint64_t id; int kind; uint32_t peer, tag; OTF2_CommRef comm; uint64_t bytes; };
struct reqs { struct req *slot; size_t cap, n; };

static struct req *req_find(struct reqs *m, uint64_t id, int add)
{
    if (add && 2 * (m->n + 1) > m->cap) {   /* grow: rehash every live entry */
        struct reqs big = { calloc(m->cap ? 2 * m->cap : 64, sizeof *big.slot), m->cap ? 2 * m->cap : 64, 0 };
        if (!big.slot)
            return NULL;
        for (size_t i = 0; i < m->cap; i++)
            if (m->slot[i].kind)
                *req_find(&big, m->slot[i].id, 1) = m->slot[i];
        free(m->slot);
        *m = big;
    }
    if (!m->cap)
        return NULL;
    for (size_t i = (id * 0x9E3779B97F4A7C15ull) >> 20 & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->slot[i].kind && m->slot[i].id == id)
            return &m->slot[i];
        if (!m->slot[i].kind) {
            if (!add)
                return NULL;
            m->n++;
            m->slot[i].id = id;
            return &m->slot[i];
        }
    }
}

/* Deletion with backward shift keeps every probe chain unbroken. */
static void req_del(struct reqs *m, struct req *e)
{
    size_t i = (size_t)(e - m->slot), j = i;
    m->slot[i].kind = 0;
    m->n--;
    for (;;) {
        j = (j + 1) & (m->cap - 1);
        if (!m->slot[j].kind)
            return;
        size_t home = (m->slot[j].id * 0x9E3779B97F4A7C15ull) >> 20 & (m->cap - 1);
        if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
            m->slot[i] = m->slot[j];
            m->slot[j].kind = 0;
            i = j;
        }
    }
}

/* Events a call's completions produce, written at its exit. */
struct done { int kind; uint32_t peer, tag; OTF2_CommRef comm; uint64_t bytes, id; };
enum { DONE_RECV, DONE_IRECV, DONE_ISEND, DONE_CANCELLED };

struct mine { int64_t id; int index; };   /* this rank's communicator ids */

struct rank_state {
    OTF2_EvtWriter *w;
    struct pass *ps;
    struct reqs reqs;
    struct done *done;
    size_t ndone, capdone;
    struct mine *mine;
    size_t nmine;
    struct site { int scl, fnctx, call, ctx; } *site;   /* this rank's call sites */
    size_t nsite;
    OTF2_AttributeList *attrs;
    /* one-sided transfers issued and not yet completed by a synchronization */
    struct rma_open { OTF2_RmaWinRef win; uint64_t id; } *rma;
    size_t nrma, caprma;
    uint64_t rma_ids;
    otf2_io_rank io;   /* MPI-IO accesses in flight */
};

/* Communicator ids are unique only among a communicator's members (the
 * two halves of a split may share one), so a communicator is its id and
 * its members; each is defined once, in order of first appearance. */
static int comm_index(const struct pass *ps, int64_t id, uint32_t size, const uint64_t *w)
{
    for (int i = 0; i < ps->ncomms; i++)
        if (ps->comms[i].id == id && ps->comms[i].size == size &&
            !memcmp(ps->comms[i].world, w, size * sizeof *w))
            return i;
    return -1;
}

/* A COMM record of this rank: its OTF2 reference for the rank's events. */
static void add_comm(struct pass *ps, struct rank_state *st, const seshat_tr_record *rec)
{
    const uint8_t *p = rec->payload, *end = p + rec->len;
    uint64_t id, size;
    if (seshat_get_varint(&p, end, &id) || seshat_get_varint(&p, end, &size) || size > rec->len ||
        id == 0)
        return;   /* the program's MPI_COMM_WORLD is OTF2 communicator 0 */
    uint64_t *w = malloc((size ? size : 1) * sizeof *w);
    for (uint64_t i = 0; w && i < size; i++)
        if (seshat_get_varint(&p, end, &w[i])) {
            free(w);
            return;
        }
    if (!w)
        return;
    int k = comm_index(ps, seshat_unzigzag(id), (uint32_t)size, w);
    if (k < 0) {
        struct comm *c = realloc(ps->comms, (size_t)(ps->ncomms + 1) * sizeof *c);
        if (!c) {
            free(w);
            return;
        }
        ps->comms = c;
        c[k = ps->ncomms++] = (struct comm){ seshat_unzigzag(id), (uint32_t)size, w };
    } else {
        free(w);
    }
    struct mine *m = realloc(st->mine, (size_t)(st->nmine + 1) * sizeof *m);
    if (m) {
        st->mine = m;
        m[st->nmine++] = (struct mine){ seshat_unzigzag(id), k };
    }
}

/* The communicator (OTF2 reference) of this rank's communicator id. */
static int my_comm(const struct rank_state *st, int64_t id)
{
    for (size_t i = st->nmine; i-- > 0;)   /* the latest with that id */
        if (st->mine[i].id == id)
            return st->mine[i].index;
    return -1;
}

/* A peer's world rank -> (OTF2 communicator, rank in it). An unknown
 * communicator falls back to MPI_COMM_WORLD and world ranks. */
static OTF2_CommRef map_peer(const struct rank_state *st, int64_t comm, uint64_t world, uint32_t *rank)
{
    int k = my_comm(st, comm);
    *rank = (uint32_t)world;
    if (k < 0)
        return 0;
    const struct comm *c = &st->ps->comms[k];
    for (uint32_t i = 0; i < c->size; i++)
        if (c->world[i] == world)
            *rank = i;
    return (OTF2_CommRef)(k + 1);
}

static OTF2_RegionRef region_of(struct pass *ps, uint64_t call)
{
    if (!ps->region[call]) {
        ps->order[ps->nregions] = (int)call;
        ps->region[call] = ++ps->nregions;
    }
    return (OTF2_RegionRef)(ps->region[call] - 1);
}

/* Grows an array of n elements by one; NULL when out of memory. */
static void *grow(void *base, int n, size_t size)
{
    return realloc(base, ((size_t)n + 1) * size);
}

static int str_index(struct where *wh, const char *str)
{
    for (int i = 0; i < wh->nstrs; i++)
        if (!strcmp(wh->strs[i], str))
            return i;
    char **n = grow(wh->strs, wh->nstrs, sizeof *n), *dup = strdup(str);
    if (!n || !dup) {
        free(dup);
        if (n)
            wh->strs = n;
        return -1;
    }
    wh->strs = n;
    n[wh->nstrs] = dup;
    return wh->nstrs++;
}

static int scl_index(struct where *wh, int file, uint32_t line)
{
    for (int i = 0; i < wh->nscl; i++)
        if (wh->scl[i].file == file && wh->scl[i].line == line)
            return i;
    struct scl *n = grow(wh->scl, wh->nscl, sizeof *n);
    if (!n)
        return -1;
    wh->scl = n;
    n[wh->nscl] = (struct scl){ file, line };
    return wh->nscl++;
}

static int ufn_index(struct where *wh, int name, int file, uint32_t line)
{
    int i = 0;
    while (i < wh->nufn && !(wh->ufn[i].name == name && wh->ufn[i].file == file))
        i++;
    if (i == wh->nufn) {
        struct ufn *n = grow(wh->ufn, wh->nufn, sizeof *n);
        if (!n)
            return -1;
        wh->ufn = n;
        n[wh->nufn++] = (struct ufn){ name, file, line, line };
    }
    struct ufn *u = &wh->ufn[i];
    if (line && (!u->begin || line < u->begin))
        u->begin = line;
    if (line > u->end)
        u->end = line;
    return i;
}

static int ctx_index(struct where *wh, int call, int scl, int ufn, int parent)
{
    for (int i = 0; i < wh->nctx; i++)
        if (wh->ctx[i].call == call && wh->ctx[i].scl == scl && wh->ctx[i].ufn == ufn &&
            wh->ctx[i].parent == parent)
            return i;
    struct ctx *n = grow(wh->ctx, wh->nctx, sizeof *n);
    if (!n)
        return -1;
    wh->ctx = n;
    n[wh->nctx] = (struct ctx){ call, scl, ufn, parent };
    return wh->nctx++;
}

/* A frame "function file:line module" (or "function ?+0xOFF module": the
 * module stands for the file, line 0): its function and source location. */
static void frame_where(struct where *wh, const char *fn, const char *loc, const char *mod,
                        int *ufn, int *scl)
{
    char file[1024];
    snprintf(file, sizeof file, "%s", loc[0] != '?' ? loc : mod);
    char *colon = loc[0] != '?' ? strrchr(file, ':') : NULL;
    uint32_t ln = 0;
    if (colon) {
        *colon = 0;
        ln = (uint32_t)strtoul(colon + 1, NULL, 10);
    }
    int fi = str_index(wh, file), ni = str_index(wh, fn);
    *ufn = fi >= 0 && ni >= 0 ? ufn_index(wh, ni, fi, ln) : -1;
    *scl = fi >= 0 ? scl_index(wh, fi, ln) : -1;
}

/* The context of the function of a site's frame, under its callers'
 * (outermost first): each function's context carries the source location
 * it was called from. -1 when out of memory. */
static int path_ctx(struct where *wh, const seshat_site_line *sl)
{
    int parent = -1, from = -1, ufn, scl;
    for (int k = sl->ncallers - 1; k >= -1; k--) {
        const char *fn = k >= 0 ? sl->callers[k].fn : sl->fn;
        frame_where(wh, fn, k >= 0 ? sl->callers[k].loc : sl->loc,
                    k >= 0 ? sl->callers[k].mod : sl->mod, &ufn, &scl);
        if (ufn < 0 || (parent = ctx_index(wh, -1, from, ufn, parent)) < 0)
            return -1;
        from = scl;
    }
    return parent;
}

/* sites-<r>.txt: "index = function file:line module [< caller ...]"
 * (trace_sites.h). */
static void read_sites(const char *dir, int r, struct rank_state *st)
{
    char path[4200], line[16384];
    snprintf(path, sizeof path, "%s/sites-%d.txt", dir, r);
    FILE *f = fopen(path, "r");
    seshat_site_line *sl = malloc(sizeof *sl);
    while (f && sl && fgets(line, sizeof line, f)) {
        if (!seshat_site_line_parse(line, sl))
            continue;
        int idx = sl->index;
        if ((size_t)idx >= st->nsite) {
            struct site *n = realloc(st->site, ((size_t)idx + 1) * sizeof *n);
            if (!n)
                break;
            for (size_t i = st->nsite; i <= (size_t)idx; i++)
                n[i] = (struct site){ -1, -1, -1, -1 };
            st->site = n;
            st->nsite = (size_t)idx + 1;
        }
        struct where *wh = &st->ps->wh;
        int ufn, scl, fnctx = path_ctx(wh, sl);
        frame_where(wh, sl->fn, sl->loc, sl->mod, &ufn, &scl);
        if (fnctx >= 0 && scl >= 0)
            st->site[idx] = (struct site){ scl, fnctx, -1, -1 };
    }
    free(sl);
    if (f)
        fclose(f);
}

/* The attributes of an Enter at call site `site` of call `call`. */
static OTF2_AttributeList *enter_attrs(struct rank_state *st, uint64_t site, uint64_t call)
{
    if (site >= st->nsite || st->site[site].scl < 0 || !st->attrs)
        return NULL;
    struct site *x = &st->site[site];
    if (x->call != (int)call) {
        x->call = (int)call;
        x->ctx = ctx_index(&st->ps->wh, (int)call, x->scl, -1, x->fnctx);
    }
    OTF2_AttributeList_AddSourceCodeLocationRef(st->attrs, 0, (OTF2_SourceCodeLocationRef)x->scl);
    if (x->ctx >= 0)
        OTF2_AttributeList_AddCallingContextRef(st->attrs, 1, (OTF2_CallingContextRef)x->ctx);
    return st->attrs;
}

static int get(const seshat_tr_record *rec, uint64_t *v, int n)
{
    const uint8_t *p = rec->payload, *end = p + rec->len;
    for (int k = 0; k < n; k++)
        if (seshat_get_varint(&p, end, &v[k]))
            return -1;
    return 0;
}

static void later(struct rank_state *st, struct done d)
{
    if (st->ndone == st->capdone) {
        size_t cap = st->capdone ? 2 * st->capdone : 16;
        struct done *n = realloc(st->done, cap * sizeof *n);
        if (!n)
            return;
        st->done = n;
        st->capdone = cap;
    }
    st->done[st->ndone++] = d;
}

static void flush_done(struct rank_state *st, uint64_t t)
{
    for (size_t i = 0; i < st->ndone; i++) {
        const struct done *d = &st->done[i];
        switch (d->kind) {
        case DONE_RECV: OTF2_EvtWriter_MpiRecv(st->w, NULL, t, d->peer, d->comm, d->tag, d->bytes); break;
        case DONE_IRECV:
            OTF2_EvtWriter_MpiIrecv(st->w, NULL, t, d->peer, d->comm, d->tag, d->bytes, d->id);
            break;
        case DONE_ISEND: OTF2_EvtWriter_MpiIsendComplete(st->w, NULL, t, d->id); break;
        case DONE_CANCELLED: OTF2_EvtWriter_MpiRequestCancelled(st->w, NULL, t, d->id); break;
        }
    }
    st->ndone = 0;
}

/* SEND, RECV, POST, COMPLETE inside a call at time t. */
static void p2p_record(struct rank_state *st, const seshat_tr_record *rec, uint64_t t)
{
    uint64_t v[6];
    uint32_t peer;
    if (rec->kind == SESHAT_REC_POST || rec->kind == SESHAT_REC_COMPLETE) {
        if (get(rec, v, 1))
            return;
        struct req *e = req_find(&st->reqs, v[0], 0);
        if (rec->kind == SESHAT_REC_POST) {
            if (!e && (e = req_find(&st->reqs, v[0], 1)))
                e->kind = REQ_POSTED;
            OTF2_EvtWriter_MpiIrecvRequest(st->w, NULL, t, v[0]);
            return;
        }
        if (!e)
            return;   /* a collective's request, or one this stream never started */
        struct done d = { e->kind == REQ_MATCHED ? DONE_IRECV : e->kind == REQ_SEND ? DONE_ISEND
                                                                                 : DONE_CANCELLED,
                          e->peer, e->tag, e->comm, e->bytes, v[0] };
        later(st, d);
        req_del(&st->reqs, e);
        return;
    }
    int n = rec->kind == SESHAT_REC_SEND ? 6 : 5;
    if (get(rec, v, n))
        return;
    OTF2_CommRef comm = map_peer(st, seshat_unzigzag(v[2]), v[0], &peer);
    uint32_t tag = (uint32_t)seshat_unzigzag(v[1]);
    uint64_t id = v[n - 1];
    if (rec->kind == SESHAT_REC_SEND) {
        if (!id) {
            OTF2_EvtWriter_MpiSend(st->w, NULL, t, peer, comm, tag, v[3]);
            return;
        }
        OTF2_EvtWriter_MpiIsend(st->w, NULL, t, peer, comm, tag, v[3], id);
        struct req *e = req_find(&st->reqs, id, 1);
        if (e)
            *e = (struct req){ id, REQ_SEND, peer, tag, comm, v[3] };
        return;
    }
    if (!id) {   /* a blocking receive: completed in this call */
        later(st, (struct done){ DONE_RECV, peer, tag, comm, v[3], 0 });
        return;
    }
    struct req *e = req_find(&st->reqs, id, 1);
    if (e)
        *e = (struct req){ id, REQ_MATCHED, peer, tag, comm, v[3] };
}

/* A one-sided transfer inside a call at time t. Windows are not in the
 * trace, so the window of a transfer is its communicator's (OTF2 window
 * ref = communicator ref). */
static void rma_record(struct rank_state *st, const seshat_tr_record *rec, uint64_t t)
{
    uint64_t v[5];
    uint32_t peer;
    if (get(rec, v, 5))
        return;
    OTF2_RmaWinRef win = map_peer(st, seshat_unzigzag(v[2]), v[1], &peer);
    st->ps->has_rma = 1;
    if (seshat_rma_is_sync(v[0])) {   /* locks as OTF2's; the rest are their calls' regions */
        if (v[0] == SESHAT_RMA_LOCK)
            OTF2_EvtWriter_RmaAcquireLock(st->w, NULL, t, win, peer, 0,
                                          v[3] == SESHAT_RMA_LOCK_EXCLUSIVE
                                              ? OTF2_LOCK_EXCLUSIVE
                                              : OTF2_LOCK_SHARED);
        else if (v[0] == SESHAT_RMA_UNLOCK)
            OTF2_EvtWriter_RmaReleaseLock(st->w, NULL, t, win, peer, 0);
        return;
    }
    uint64_t id = ++st->rma_ids;
    switch (v[0]) {
    case SESHAT_RMA_PUT: OTF2_EvtWriter_RmaPut(st->w, NULL, t, win, peer, v[3], id); break;
    case SESHAT_RMA_GET: OTF2_EvtWriter_RmaGet(st->w, NULL, t, win, peer, v[4], id); break;
    case SESHAT_RMA_ACC:
        OTF2_EvtWriter_RmaAtomic(st->w, NULL, t, win, peer, OTF2_RMA_ATOMIC_TYPE_ACCUMULATE, v[3],
                                 0, id);
        break;
    case SESHAT_RMA_CAS:
        OTF2_EvtWriter_RmaAtomic(st->w, NULL, t, win, peer, OTF2_RMA_ATOMIC_TYPE_COMPARE_AND_SWAP,
                                 v[3], v[4], id);
        break;
    default:   /* Get_accumulate, Fetch_and_op */
        OTF2_EvtWriter_RmaAtomic(st->w, NULL, t, win, peer,
                                 OTF2_RMA_ATOMIC_TYPE_FETCH_AND_ACCUMULATE, v[3], v[4], id);
    }
    if (st->nrma == st->caprma) {
        size_t cap = st->caprma ? 2 * st->caprma : 16;
        struct rma_open *n = realloc(st->rma, cap * sizeof *n);
        if (!n)
            return;
        st->rma = n;
        st->caprma = cap;
    }
    st->rma[st->nrma++] = (struct rma_open){ win, id };
}

/* At the exit of a synchronization that completes this rank's transfers
 * at their targets, every transfer still open completes (the trace does
 * not say which target an unlock or flush names: all are closed). */
static void rma_sync(struct rank_state *st, uint64_t call, uint64_t t)
{
    switch (call) {
    case SESHAT_CALL_Win_fence: case SESHAT_CALL_Win_complete: case SESHAT_CALL_Win_unlock:
    case SESHAT_CALL_Win_unlock_all: case SESHAT_CALL_Win_flush: case SESHAT_CALL_Win_flush_all:
        for (size_t i = 0; i < st->nrma; i++)
            OTF2_EvtWriter_RmaOpCompleteRemote(st->w, NULL, t, st->rma[i].win, st->rma[i].id);
        st->nrma = 0;
        break;
    default:
        break;
    }
}

/* An IO record's communicator id as an OTF2 communicator. */
static OTF2_CommRef io_comm(void *ctx, int64_t id)
{
    int k = my_comm(ctx, id);
    return k >= 0 ? (OTF2_CommRef)(k + 1) : id == 0 ? 0 : OTF2_UNDEFINED_COMM;
}

/* Bcast, reduce, gather, scatter have a root; the others none. */
static int rooted(uint64_t kind) { return kind == 1 || kind == 2 || kind == 4 || kind == 5; }

/* The trace's call id as this build's (by name: calls.txt); 0 for a call
 * this build does not know (no region). */
static int map_call(const struct pass *ps, uint64_t *id)
{
    int c = seshat_tcalls_id(&ps->calls, *id);
    *id = (uint64_t)c;
    return c >= 0;
}

/* One rank's stream into its event writer. */
static int write_rank(const char *dir, int r, OTF2_EvtWriter *w, struct pass *ps)
{
    char path[4200], err[1400];
    snprintf(path, sizeof path, "%s/rank-%d.sst", dir, r);
    seshat_tr *tr = seshat_tr_open(path, err, sizeof err);
    if (!tr)
        return 0;   /* a rank not traced (trace.ranks) */
    struct rank_state st = { .w = w, .ps = ps, .attrs = OTF2_AttributeList_New() };
    read_sites(dir, r, &st);
    seshat_tr_record rec;
    uint64_t v[5], t = 0, entered = 0;
    int coll_open = 0, rc;
    int64_t open_region = -1;   /* MPI_Finalize has no exit record */
    uint64_t cv[7];
    while ((rc = seshat_tr_next(tr, &rec)) == 1) {
        switch (rec.kind) {
        case SESHAT_REC_COMM:
            add_comm(ps, &st, &rec);
            break;
        case SESHAT_REC_ENTER:
            if (get(&rec, v, 3) || !map_call(ps, &v[0]))
                break;
            t += v[1];
            entered = t;
            open_region = (int64_t)region_of(ps, v[0]);
            OTF2_EvtWriter_Enter(w, enter_attrs(&st, v[2], v[0]), t, (OTF2_RegionRef)open_region);
            break;
        case SESHAT_REC_EXIT:
            if (get(&rec, v, 2) || !map_call(ps, &v[0]))
                break;
            t += v[1];
            flush_done(&st, t);
            rma_sync(&st, v[0], t);
            if (coll_open) {
                int64_t root = seshat_unzigzag(cv[2]);
                int k = my_comm(&st, seshat_unzigzag(cv[1]));
                OTF2_EvtWriter_MpiCollectiveEnd(w, NULL, t, coll_ops[cv[0] < 11 ? cv[0] : 0],
                                                k < 0 ? 0 : (OTF2_CommRef)(k + 1),
                                                root < 0 || !rooted(cv[0]) ? OTF2_UNDEFINED_UINT32
                                                                           : (uint32_t)root,
                                                cv[5], cv[6]);
                coll_open = 0;
            }
            otf2_io_exit(&st.io, w, entered, t);
            OTF2_EvtWriter_Leave(w, NULL, t, region_of(ps, v[0]));
            open_region = -1;
            break;
        case SESHAT_REC_COMPLETE:
            if (open_region >= 0 && get(&rec, v, 1) == 0)
                otf2_io_request_done(&st.io, v[0]);
            /* fall through */
        case SESHAT_REC_SEND:
        case SESHAT_REC_RECV:
        case SESHAT_REC_POST:
            if (open_region >= 0)
                p2p_record(&st, &rec, t);
            break;
        case SESHAT_REC_IO:
            if (open_region >= 0)
                otf2_io_record(&ps->io, &st.io, w, r, &rec, t, io_comm, &st);
            break;
        case SESHAT_REC_RMA:
            if (open_region >= 0)
                rma_record(&st, &rec, t);
            break;
        case SESHAT_REC_COLL:
            if (get(&rec, cv, 7) && get(&rec, cv, 4) == 0)   /* before the sizes were recorded */
                cv[5] = cv[6] = cv[3];
            else if (get(&rec, cv, 7))
                break;
            if (!coll_open) {
                OTF2_EvtWriter_MpiCollectiveBegin(w, NULL, t);
                coll_open = 1;
            }
            break;
        }
    }
    if (open_region >= 0) {
        flush_done(&st, t);
        otf2_io_exit(&st.io, w, entered, t);
        OTF2_EvtWriter_Leave(w, NULL, t, (OTF2_RegionRef)open_region);
    }
    if (rc < 0)
        fprintf(stderr, "seshat-trace: %s (exported what came before)\n", seshat_tr_error(tr));
    seshat_tr_close(tr);
    free(st.reqs.slot);
    free(st.done);
    free(st.mine);
    free(st.site);
    free(st.rma);
    otf2_io_rank_free(&st.io);
    if (st.attrs)
        OTF2_AttributeList_Delete(st.attrs);
    if (t > ps->t_max)
        ps->t_max = t;
    return 0;
}

/* Region roles as Score-P gives them (Vampir groups MPI time by them). */
static OTF2_RegionRole mpi_role(const char *f)
{
    static const char *const one2all[] = { "MPI_Bcast", "MPI_Ibcast", "MPI_Scatter", "MPI_Iscatter",
                                           "MPI_Scatterv", "MPI_Iscatterv", NULL };
    static const char *const all2one[] = { "MPI_Reduce", "MPI_Ireduce", "MPI_Gather", "MPI_Igather",
                                           "MPI_Gatherv", "MPI_Igatherv", NULL };
    static const char *const all2all[] = { "allreduce", "allgather", "alltoall", "reduce_scatter",
                                           "scan", "neighbor", NULL };
    static const char *const p2p[] = { "send", "recv", "probe", "mpi_wait", "mpi_test", "mpi_start",
                                       "mpi_request_free", "mpi_cancel", NULL };
    char low[64];
    size_t i = 0;
    for (; f[i] && i < sizeof low - 1; i++)
        low[i] = (char)(f[i] >= 'A' && f[i] <= 'Z' ? f[i] + 32 : f[i]);
    low[i] = 0;
    if (!strcmp(f, "MPI_Barrier") || !strcmp(f, "MPI_Ibarrier"))
        return OTF2_REGION_ROLE_BARRIER;
    for (int k = 0; one2all[k]; k++)
        if (!strcmp(f, one2all[k]))
            return OTF2_REGION_ROLE_COLL_ONE2ALL;
    for (int k = 0; all2one[k]; k++)
        if (!strcmp(f, all2one[k]))
            return OTF2_REGION_ROLE_COLL_ALL2ONE;
    for (int k = 0; all2all[k]; k++)
        if (strstr(low, all2all[k]))
            return strstr(low, "neighbor") ? OTF2_REGION_ROLE_COLL_OTHER : OTF2_REGION_ROLE_COLL_ALL2ALL;
    for (int k = 0; p2p[k]; k++)
        if (k < 3 ? strstr(low, p2p[k]) != NULL : !strncmp(low, p2p[k], strlen(p2p[k])))
            return OTF2_REGION_ROLE_POINT2POINT;
    return OTF2_REGION_ROLE_FUNCTION;
}

/* Strings from `s` on: the files and functions of the call sites, then
 * the calling functions' regions, the source code locations, the calling
 * contexts and the two attributes Enter events carry. Returns the next
 * free string reference. */
static uint32_t write_where(OTF2_GlobalDefWriter *d, const struct pass *ps, uint32_t s)
{
    const struct where *wh = &ps->wh;
    uint32_t s0 = s;
    for (int i = 0; i < wh->nstrs; i++)
        OTF2_GlobalDefWriter_WriteString(d, s++, wh->strs[i]);
    uint32_t noline = s++;   /* the description of a function without line information */
    OTF2_GlobalDefWriter_WriteString(d, noline, "no line information");
    for (int i = 0; i < wh->nufn; i++) {
        const struct ufn *u = &wh->ufn[i];
        OTF2_GlobalDefWriter_WriteRegion(d, (OTF2_RegionRef)(ps->nregions + i), s0 + (uint32_t)u->name,
                                         s0 + (uint32_t)u->name, u->begin ? 0 : noline,
                                         OTF2_REGION_ROLE_FUNCTION,
                                         OTF2_PARADIGM_USER, OTF2_REGION_FLAG_NONE,
                                         s0 + (uint32_t)u->file, u->begin, u->end);
    }
    for (int i = 0; i < wh->nscl; i++)
        OTF2_GlobalDefWriter_WriteSourceCodeLocation(d, (OTF2_SourceCodeLocationRef)i,
                                                     s0 + (uint32_t)wh->scl[i].file, wh->scl[i].line);
    /* The root function's context has no source location (main's caller
     * is not traced). */
    for (int i = 0; i < wh->nctx; i++) {
        const struct ctx *c = &wh->ctx[i];
        OTF2_RegionRef reg = c->call < 0 ? (OTF2_RegionRef)(ps->nregions + c->ufn)
                                         : (OTF2_RegionRef)(ps->region[c->call] - 1);
        OTF2_GlobalDefWriter_WriteCallingContext(
            d, (OTF2_CallingContextRef)i, reg,
            c->scl < 0 ? OTF2_UNDEFINED_SOURCE_CODE_LOCATION : (OTF2_SourceCodeLocationRef)c->scl,
            c->parent < 0 ? OTF2_UNDEFINED_CALLING_CONTEXT : (OTF2_CallingContextRef)c->parent);
    }
    static const char *const attr[][2] = {
        { "source code location", "file and line of the MPI call in the program" },
        { "calling context", "the MPI call under the function that made it" },
    };
    for (int k = 0; k < 2; k++) {
        OTF2_GlobalDefWriter_WriteString(d, s, attr[k][0]);
        OTF2_GlobalDefWriter_WriteString(d, s + 1, attr[k][1]);
        OTF2_GlobalDefWriter_WriteAttribute(d, (OTF2_AttributeRef)k, s, s + 1,
                                            k ? OTF2_TYPE_CALLING_CONTEXT : OTF2_TYPE_SOURCE_CODE_LOCATION);
        s += 2;
    }
    return s;
}

static void write_defs(OTF2_Archive *a, int n, const struct pass *ps, const uint64_t *nevents)
{
    OTF2_GlobalDefWriter *d = OTF2_Archive_GetGlobalDefWriter(a);
    uint32_t s = 0;
    char name[64];
    OTF2_GlobalDefWriter_WriteClockProperties(d, 1000000000, 0, ps->t_max + 1, 0);
    OTF2_GlobalDefWriter_WriteString(d, s++, "");                  /* 0 */
    OTF2_GlobalDefWriter_WriteString(d, s++, "machine");           /* 1 */
    OTF2_GlobalDefWriter_WriteString(d, s++, "MPI_COMM_WORLD");    /* 2 */
    OTF2_GlobalDefWriter_WriteSystemTreeNode(d, 0, 1, 1, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
    OTF2_GlobalDefWriter_WriteString(d, s, "MPI");
    OTF2_GlobalDefWriter_WriteParadigm(d, OTF2_PARADIGM_MPI, s++, OTF2_PARADIGM_CLASS_PROCESS);
    for (int i = 0; i < ps->nregions; i++) {
        const char *call = seshat_call_names[ps->order[i]];
        OTF2_GlobalDefWriter_WriteString(d, s, call);
        OTF2_GlobalDefWriter_WriteRegion(d, (OTF2_RegionRef)i, s, s, 0, mpi_role(call),
                                         OTF2_PARADIGM_MPI, OTF2_REGION_FLAG_NONE, 0, 0, 0);
        s++;
    }
    s = write_where(d, ps, s);
    uint64_t *members = malloc(sizeof *members * (size_t)n);
    for (int r = 0; r < n; r++) {
        snprintf(name, sizeof name, "rank %d", r);
        OTF2_GlobalDefWriter_WriteString(d, s, name);
        OTF2_GlobalDefWriter_WriteLocationGroup(d, (OTF2_LocationGroupRef)r, s,
                                                OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                OTF2_UNDEFINED_LOCATION_GROUP);
        OTF2_GlobalDefWriter_WriteLocation(d, (OTF2_LocationRef)r, s, OTF2_LOCATION_TYPE_CPU_THREAD,
                                           nevents[r], (OTF2_LocationGroupRef)r);
        s++;
        members[r] = (uint64_t)r;
    }
    OTF2_GlobalDefWriter_WriteGroup(d, 0, 0, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, (uint32_t)n, members);
    OTF2_GlobalDefWriter_WriteGroup(d, 1, 0, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, (uint32_t)n, members);
    OTF2_GlobalDefWriter_WriteComm(d, 0, 2, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
    free(members);
    for (int k = 0; k < ps->ncomms; k++) {   /* the trace's own: comm k + 1, group k + 2 */
        const struct comm *c = &ps->comms[k];
        if (c->id == -1)
            snprintf(name, sizeof name, "MPI_COMM_SELF of rank %llu", (unsigned long long)c->world[0]);
        else
            snprintf(name, sizeof name, "communicator %lld", (long long)c->id);
        OTF2_GlobalDefWriter_WriteString(d, s, name);
        OTF2_GlobalDefWriter_WriteGroup(d, (OTF2_GroupRef)(k + 2), 0, OTF2_GROUP_TYPE_COMM_GROUP,
                                        OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, c->size, c->world);
        OTF2_GlobalDefWriter_WriteComm(d, (OTF2_CommRef)(k + 1), s, (OTF2_GroupRef)(k + 2), 0,
                                       OTF2_COMM_FLAG_NONE);
        s++;
    }
    if (ps->has_rma) {   /* one window per communicator (rma_record) */
        OTF2_GlobalDefWriter_WriteString(d, s, "one-sided window");
        for (int k = 0; k <= ps->ncomms; k++)
            OTF2_GlobalDefWriter_WriteRmaWin(d, (OTF2_RmaWinRef)k, s, (OTF2_CommRef)k,
                                             OTF2_RMA_WIN_FLAG_NONE);
        s++;
    }
    otf2_io_write_defs(&ps->io, d, &s);
}

/* A trace that is not whole is exported as far as it goes, with a warning
 * per problem and the archive properties SESHAT::COMPLETE and
 * SESHAT::PROBLEM_<i> (otf2-print -G ... shows them; docs/analysis.md). */
static void mark_whole(const char *dir, OTF2_Archive *a, const seshat_otf2_problems *p)
{
    char name[64];
    OTF2_Archive_SetProperty(a, "SESHAT::COMPLETE", p->n ? "false" : "true", true);
    for (int i = 0; i < p->n; i++) {
        fprintf(stderr, "seshat-trace otf2: WARNING: %s is not a whole trace: %s\n", dir, p->msg[i]);
        snprintf(name, sizeof name, "SESHAT::PROBLEM_%d", i);
        OTF2_Archive_SetProperty(a, name, p->msg[i], true);
    }
}

/* OTF2 reports a failed write (a full disk) to its error callback and
 * may still close the archive with success: the first error is kept and
 * fails the export. */
typedef struct {
    int failed;
    char msg[512];
} otf2_errors;

static OTF2_ErrorCode on_otf2_error(void *data, const char *file, uint64_t line,
                                    const char *function, OTF2_ErrorCode code, const char *fmt,
                                    va_list va)
{
    (void)file;
    (void)line;
    (void)function;
    otf2_errors *e = data;
    if (!e->failed++) {
        int k = snprintf(e->msg, sizeof e->msg, "%s: ", OTF2_Error_GetName(code));
        if (fmt && k > 0 && (size_t)k < sizeof e->msg)
            vsnprintf(e->msg + k, sizeof e->msg - (size_t)k, fmt, va);
    }
    return code;
}

int seshat_export_otf2(const char *dir, int n, const char *out, const seshat_otf2_problems *problems)
{
    seshat_tcalls calls;
    char err[4400];
    if (seshat_tcalls_load(&calls, dir, err, sizeof err) != 0) {
        fprintf(stderr, "seshat-trace: %s\n", err);
        return 1;
    }
    /* The archive is made in a new hidden directory inside OUT and moved
     * over the files of an earlier export at the end: links planted in OUT
     * are replaced, never written through, and an export that fails (a
     * full disk) leaves the earlier one as it was. */
    char tmp[4200], sub[4200];
    snprintf(sub, sizeof sub, "%s/traces", out);
    if (seshat_sw_check_dir(sub, err, sizeof err) || seshat_sw_dir_begin(out, tmp, sizeof tmp, err, sizeof err)) {
        fprintf(stderr, "seshat-trace: %s\n", err);
        seshat_tcalls_free(&calls);
        return 1;
    }
    otf2_errors oe = { 0, "" };
    OTF2_ErrorCallback old_cb = OTF2_Error_RegisterCallback(on_otf2_error, &oe);
    OTF2_Archive *a = OTF2_Archive_Open(tmp, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024,
                                        4 * 1024 * 1024, OTF2_SUBSTRATE_POSIX,
                                        OTF2_COMPRESSION_NONE);
    if (!a) {
        OTF2_Error_RegisterCallback(old_cb, NULL);
        fprintf(stderr, "seshat-trace: %s: cannot create the OTF2 archive\n", out);
        seshat_sw_dir_abort(tmp);
        seshat_tcalls_free(&calls);
        return 1;
    }
    OTF2_Archive_SetFlushCallbacks(a, &flush_callbacks, NULL);
    OTF2_Archive_SetSerialCollectiveCallbacks(a);
    mark_whole(dir, a, problems);
    OTF2_Archive_OpenEvtFiles(a);
    struct pass ps;
    memset(&ps, 0, sizeof ps);
    ps.calls = calls;
    uint64_t *nevents = calloc((size_t)n, sizeof *nevents);
    int tty = isatty(2);
    for (int r = 0; r < n; r++) {
        if (tty)
            fprintf(stderr, "\rexporting rank %d of %d ", r + 1, n);
        OTF2_EvtWriter *w = OTF2_Archive_GetEvtWriter(a, (OTF2_LocationRef)r);
        write_rank(dir, r, w, &ps);
        OTF2_EvtWriter_GetNumberOfEvents(w, &nevents[r]);
        OTF2_Archive_CloseEvtWriter(a, w);
    }
    if (tty)
        fprintf(stderr, "\r");
    OTF2_Archive_CloseEvtFiles(a);
    OTF2_Archive_OpenDefFiles(a);
    for (int r = 0; r < n; r++)
        OTF2_Archive_CloseDefWriter(a, OTF2_Archive_GetDefWriter(a, (OTF2_LocationRef)r));
    OTF2_Archive_CloseDefFiles(a);
    write_defs(a, n, &ps, nevents);
    OTF2_ErrorCode rc = OTF2_Archive_Close(a);
    free(nevents);
    for (int k = 0; k < ps.ncomms; k++)
        free(ps.comms[k].world);
    free(ps.comms);
    otf2_io_defs_free(&ps.io);
    seshat_tcalls_free(&ps.calls);
    for (int i = 0; i < ps.wh.nstrs; i++)
        free(ps.wh.strs[i]);
    free(ps.wh.strs);
    free(ps.wh.scl);
    free(ps.wh.ufn);
    free(ps.wh.ctx);
    OTF2_Error_RegisterCallback(old_cb, NULL);
    if (rc != OTF2_SUCCESS || oe.failed) {
        fprintf(stderr, "seshat-trace: %s: %s (an earlier export there is unchanged)\n", out,
                oe.failed ? oe.msg : OTF2_Error_GetName(rc));
        seshat_sw_dir_abort(tmp);
        return 1;
    }
    if (seshat_sw_dir_commit(tmp, out, err, sizeof err)) {
        fprintf(stderr, "seshat-trace: %s\n", err);
        return 1;
    }
    printf("wrote %s/traces.otf2\n", out);
    return 0;
}

/* an_stream.c - decode records, group them into calls. */
#include "analyze/an_stream.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracefmt/trace_calls.h"
#include "tracefmt/trace_format.h"
#include "tracefmt/trace_reader.h"

struct state {
    an_call cur;
    an_rec *recs;
    int cap, in_call;
    int64_t t, end;
    int have_end, nrecords;
    an_stream_status st;
    const seshat_tcalls *calls;   /* the trace's call ids -> this build's */
};

static int push(struct state *s, const an_rec *r)
{
    if (s->cur.nrec == s->cap) {
        int cap = s->cap ? 2 * s->cap : 16;
        an_rec *n = realloc(s->recs, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        s->recs = n;
        s->cap = cap;
    }
    s->recs[s->cur.nrec++] = *r;
    return 0;
}

static int on_comm(const seshat_tr_record *rec, const an_stream_cb *cb, char *err,
                   size_t errlen, const char *path)
{
    const uint8_t *p = rec->payload, *end = p + rec->len;
    uint64_t id, size;
    if (seshat_get_varint(&p, end, &id) || seshat_get_varint(&p, end, &size) ||
        size > (uint64_t)rec->len) {
        snprintf(err, errlen, "%s: malformed communicator record", path);
        return -1;
    }
    int64_t *world = malloc((size_t)(size ? size : 1) * sizeof *world);
    if (!world)
        return -1;
    for (uint64_t i = 0; i < size; i++) {
        uint64_t w;
        if (seshat_get_varint(&p, end, &w)) {
            free(world);
            snprintf(err, errlen, "%s: communicator %lld lists fewer members than its size",
                     path, (long long)seshat_unzigzag(id));
            return -1;
        }
        world[i] = (int64_t)w;
    }
    if (cb->comm)
        cb->comm(cb->ctx, seshat_unzigzag(id), (int)size, world);
    free(world);
    return 0;
}

/* The first record: magic, version, world rank, application ranks. */
static int on_header(struct state *s, const seshat_tr_record *rec, char *err, size_t errlen,
                     const char *path)
{
    const uint8_t *p = rec->payload + 8, *end = rec->payload + rec->len;
    uint64_t version, rank, nranks;
    if (rec->len < 8 || memcmp(rec->payload, SESHAT_TRACE_MAGIC, 8) ||
        seshat_get_varint(&p, end, &version) || seshat_get_varint(&p, end, &rank) ||
        seshat_get_varint(&p, end, &nranks) || rank > INT32_MAX || nranks > INT32_MAX) {
        snprintf(err, errlen, "%s: malformed HEADER record", path);
        return -1;
    }
    if (version != SESHAT_TRACE_VERSION) {
        snprintf(err, errlen, "%s: trace format version %llu, this reader reads %d", path,
                 (unsigned long long)version, SESHAT_TRACE_VERSION);
        return -1;
    }
    s->st.have_header = 1;
    s->st.header_rank = (int)rank;
    s->st.header_nranks = (int)nranks;
    return 0;
}

/* An IO open record: after its 7 fields, the communicator and the name. */
static void io_open(const seshat_tr_record *rec, const an_stream_cb *cb)
{
    const uint8_t *p = rec->payload, *end = p + rec->len;
    uint64_t v[8];
    for (int k = 0; k < 8; k++)
        if (seshat_get_varint(&p, end, &v[k]))
            return;
    cb->io_open(cb->ctx, (int64_t)v[0], (const char *)p, (size_t)(end - p));
}

/* One record; returns -1 on a malformed one (err set). */
static int on_record(struct state *s, const seshat_tr_record *rec, const an_stream_cb *cb,
                     char *err, size_t errlen, const char *path)
{
    an_rec r = { .kind = rec->kind };
    int n = rec->kind == SESHAT_REC_HEADER ? 0 : seshat_tr_decode(rec, r.v, AN_MAX_FIELDS);
    if (s->nrecords++ == 0 && rec->kind == SESHAT_REC_HEADER)
        return on_header(s, rec, err, errlen, path);
    switch (rec->kind) {
    case SESHAT_REC_ENTER:
        if (n < 3)
            break;
        s->t += (int64_t)r.v[1];
        s->cur = (an_call){ .call = seshat_tcalls_id(s->calls, r.v[0]), .site = (int)r.v[2],
                            .enter = s->t };
        s->in_call = 1;
        return 0;
    case SESHAT_REC_EXIT:
        if (n < 2)
            break;
        s->t += (int64_t)r.v[1];
        if (!s->in_call)
            return 0;
        s->cur.exit = s->t;
        s->cur.rec = s->recs;
        s->in_call = 0;
        return 1;   /* a complete call */
    case SESHAT_REC_SEND:
    case SESHAT_REC_RECV:
    case SESHAT_REC_COLL:
    case SESHAT_REC_COMPLETE:
    case SESHAT_REC_POST:
    case SESHAT_REC_RMA:
        if (n < 1)
            break;
        /* Outside a call (a filtered trace): nothing to attach it to. */
        return s->in_call ? push(s, &r) : 0;
    case SESHAT_REC_IO:
        if (n < 7)
            break;
        if (r.v[1] == SESHAT_IO_OPEN && cb->io_open)
            io_open(rec, cb);
        return s->in_call ? push(s, &r) : 0;
    case SESHAT_REC_COMM:
        return on_comm(rec, cb, err, errlen, path);
    case SESHAT_REC_END:
        if (n < 2)
            break;
        s->end = (int64_t)r.v[1];
        s->have_end = s->st.have_end = 1;
        return 0;
    default:
        return 0;   /* HEADER, CALLSITE, PAYLOAD, unknown kinds */
    }
    snprintf(err, errlen, "%s: malformed record of kind %u", path, rec->kind);
    return -1;
}

struct an_iter {
    seshat_tr *tr;
    seshat_tcalls calls;
    struct state s;
    an_stream_cb cb;
    char path[4200];
};

an_iter *an_iter_open(const char *dir, int rank, const an_stream_cb *cb, char *err,
                      size_t errlen)
{
    an_iter *it = calloc(1, sizeof *it);
    if (!it) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (seshat_tcalls_load(&it->calls, dir, err, errlen) != 0) {
        free(it);
        return NULL;
    }
    it->s.calls = &it->calls;
    snprintf(it->path, sizeof it->path, "%s/rank-%d.sst", dir, rank);
    it->tr = seshat_tr_open(it->path, err, errlen);
    if (!it->tr) {
        seshat_tcalls_free(&it->calls);
        free(it);
        return NULL;
    }
    if (cb)
        it->cb = *cb;
    return it;
}

int an_iter_next(an_iter *it, an_call *out, char *err, size_t errlen)
{
    seshat_tr_record rec;
    int rc;
    it->s.cur.nrec = 0;
    while ((rc = seshat_tr_next(it->tr, &rec)) == 1) {
        int k = on_record(&it->s, &rec, &it->cb, err, errlen, it->path);
        if (k < 0)
            return -1;
        if (k == 1) {
            *out = it->s.cur;
            return 1;
        }
    }
    if (rc < 0) {
        snprintf(err, errlen, "%s", seshat_tr_error(it->tr));
        return -1;
    }
    return 0;
}

const an_stream_status *an_iter_status(an_iter *it)
{
    it->s.st.open_call = it->s.in_call ? it->s.cur.call : -1;
    return &it->s.st;
}

int64_t an_iter_end(const an_iter *it)
{
    return it->s.have_end ? it->s.end : it->s.t;
}

void an_iter_close(an_iter *it)
{
    if (!it)
        return;
    seshat_tr_close(it->tr);
    seshat_tcalls_free(&it->calls);
    free(it->s.recs);
    free(it);
}

int an_stream_read(const char *dir, int rank, const an_stream_cb *cb, int64_t *end_ns,
                   char *err, size_t errlen)
{
    an_iter *it = an_iter_open(dir, rank, cb, err, errlen);
    if (!it)
        return -1;
    an_call c;
    int rc;
    while ((rc = an_iter_next(it, &c, err, errlen)) == 1)
        if (cb->call)
            cb->call(cb->ctx, &c);
    *end_ns = an_iter_end(it);
    an_iter_close(it);
    return rc < 0 ? -1 : 0;
}

/* trace_reader.c - LZ4-framed record streams, read back (trace_reader.h). */
#include <errno.h>
#include <lz4frame.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_format.h"
#include "trace_reader.h"

#define IN_CHUNK 65536
#define MAX_FRAME (256u << 20)   /* refuse absurd content sizes (corruption) */

struct seshat_tr {
    FILE *f;
    char path[1024];
    LZ4F_dctx *dctx;
    uint8_t in[IN_CHUNK];
    size_t in_len, in_pos;
    uint64_t offset;             /* compressed bytes consumed */
    uint64_t frame_start;
    uint8_t *out;                /* the current frame, decompressed */
    size_t out_cap, out_len, out_pos;
    char err[1200];
    int failed, eof;
};

seshat_tr *seshat_tr_open(const char *path, char *err, size_t errlen)
{
    seshat_tr *r = calloc(1, sizeof *r);
    if (!r || !(r->f = fopen(path, "rb"))) {
        snprintf(err, errlen, "%s: %s", path, r ? strerror(errno) : "out of memory");
        free(r);
        return NULL;
    }
    snprintf(r->path, sizeof r->path, "%s", path);
    if (LZ4F_isError(LZ4F_createDecompressionContext(&r->dctx, LZ4F_VERSION))) {
        snprintf(err, errlen, "%s: cannot create an LZ4 context", path);
        fclose(r->f);
        free(r);
        return NULL;
    }
    return r;
}

static int fail(seshat_tr *r, const char *what)
{
    snprintf(r->err, sizeof r->err, "%s: %s in the frame at byte %llu (records before it are intact)",
             r->path, what, (unsigned long long)r->frame_start);
    r->failed = 1;
    return -1;
}

static int fill(seshat_tr *r)
{
    if (r->in_pos < r->in_len)
        return 1;
    r->in_len = fread(r->in, 1, sizeof r->in, r->f);
    r->in_pos = 0;
    return r->in_len > 0;
}

/* Decompress the next frame into r->out. 1: a frame; 0: clean end; -1. */
static int next_frame(seshat_tr *r)
{
    r->out_len = r->out_pos = 0;
    r->frame_start = r->offset;
    if (!fill(r))
        return 0;
    size_t hint = 1;
    for (;;) {
        if (!fill(r))
            return fail(r, "truncated frame");
        if (r->out_len == r->out_cap) {
            size_t cap = r->out_cap ? 2 * r->out_cap : 1 << 20;
            if (cap > MAX_FRAME)
                return fail(r, "frame larger than 256 MiB (corrupted?)");
            uint8_t *o = realloc(r->out, cap);
            if (!o)
                return fail(r, "out of memory");
            r->out = o;
            r->out_cap = cap;
        }
        size_t src = r->in_len - r->in_pos, dst = r->out_cap - r->out_len;
        hint = LZ4F_decompress(r->dctx, r->out + r->out_len, &dst, r->in + r->in_pos, &src, NULL);
        r->in_pos += src;
        r->offset += src;
        r->out_len += dst;
        if (LZ4F_isError(hint)) {
            LZ4F_resetDecompressionContext(r->dctx);
            return fail(r, LZ4F_getErrorName(hint));
        }
        if (hint == 0)
            return 1;
    }
}

int seshat_tr_next(seshat_tr *r, seshat_tr_record *rec)
{
    if (r->failed)
        return -1;
    while (r->out_pos >= r->out_len) {
        int rc = next_frame(r);
        if (rc <= 0)
            return rc;
    }
    const uint8_t *p = r->out + r->out_pos, *end = r->out + r->out_len;
    uint64_t kind, len;
    if (seshat_get_varint(&p, end, &kind) || seshat_get_varint(&p, end, &len) ||
        len > (uint64_t)(end - p))
        return fail(r, "malformed record");
    rec->kind = (unsigned)kind;
    rec->payload = p;
    rec->len = (size_t)len;
    r->out_pos = (size_t)(p + len - r->out);
    return 1;
}

const char *seshat_tr_error(const seshat_tr *r) { return r->failed ? r->err : ""; }
uint64_t seshat_tr_offset(const seshat_tr *r) { return r->offset; }

void seshat_tr_close(seshat_tr *r)
{
    if (!r)
        return;
    fclose(r->f);
    LZ4F_freeDecompressionContext(r->dctx);
    free(r->out);
    free(r);
}

int seshat_tr_decode(const seshat_tr_record *rec, uint64_t *v, int n)
{
    const uint8_t *p = rec->payload, *end = p + rec->len;
    int k = 0;
    while (k < n && p < end && seshat_get_varint(&p, end, &v[k]) == 0)
        k++;
    return k;
}

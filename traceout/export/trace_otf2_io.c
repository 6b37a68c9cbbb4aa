/* trace_otf2_io.c - IO records into OTF2 I/O events (trace_otf2_io.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_otf2_io.h"
#include "tracefmt/trace_format.h"

/* Grows *base (n elements of size, capacity *cap) for one more; 0 or -1. */
static int room(void **base, int n, int *cap, size_t size)
{
    if (n < *cap)
        return 0;
    int c = *cap ? 2 * *cap : 8;
    void *p = realloc(*base, (size_t)c * size);
    if (!p)
        return -1;
    *base = p;
    *cap = c;
    return 0;
}

static int file_index(otf2_io_defs *d, const char *name, size_t len)
{
    for (int i = 0; i < d->nfiles; i++)
        if (strlen(d->files[i]) == len && !memcmp(d->files[i], name, len))
            return i;
    char **f = realloc(d->files, (size_t)(d->nfiles + 1) * sizeof *f);
    if (!f)
        return -1;
    d->files = f;
    if (!(f[d->nfiles] = malloc(len + 1)))
        return -1;
    memcpy(f[d->nfiles], name, len);
    f[d->nfiles][len] = 0;
    return d->nfiles++;
}

/* The handle of this rank's file `id` (its latest open), or -1. */
static int handle_of(const otf2_io_defs *d, int rank, int id)
{
    for (int i = d->nhandles; i-- > 0;)
        if (d->handles[i].rank == rank && d->handles[i].id == id)
            return i;
    return -1;
}

static int new_handle(otf2_io_defs *d, int rank, int id, int file, OTF2_CommRef comm)
{
    struct otf2_io_handle *h = realloc(d->handles, (size_t)(d->nhandles + 1) * sizeof *h);
    if (!h)
        return -1;
    d->handles = h;
    h[d->nhandles] = (struct otf2_io_handle){ rank, id, file, comm };
    return d->nhandles++;
}

/* Open and delete: the communicator and the file's name after the fields. */
static int named(otf2_io_defs *d, const uint8_t *p, const uint8_t *end, int64_t *comm)
{
    uint64_t c;
    if (seshat_get_varint(&p, end, &c))
        return -1;
    *comm = seshat_unzigzag(c);
    return file_index(d, (const char *)p, (size_t)(end - p));
}

static void begin(const otf2_io_defs *d, otf2_io_rank *st, OTF2_EvtWriter *w, int h,
                  const uint64_t *v, uint64_t t, uint64_t end)
{
    OTF2_IoOperationMode mode = v[1] == SESHAT_IO_READ    ? OTF2_IO_OPERATION_MODE_READ
                                : v[1] == SESHAT_IO_WRITE ? OTF2_IO_OPERATION_MODE_WRITE
                                                          : OTF2_IO_OPERATION_MODE_FLUSH;
    OTF2_IoOperationFlag flags = OTF2_IO_OPERATION_FLAG_NONE;
    if (v[2] & SESHAT_IO_NONBLOCKING)
        flags |= OTF2_IO_OPERATION_FLAG_NON_BLOCKING;
    /* collective over the handle's communicator: only where it is known */
    if ((v[2] & SESHAT_IO_COLLECTIVE) && d->handles[h].comm != OTF2_UNDEFINED_COMM)
        flags |= OTF2_IO_OPERATION_FLAG_COLLECTIVE;
    if (room((void **)&st->open, st->nopen, &st->capopen, sizeof *st->open))
        return;
    uint64_t match = ++st->matches;
    OTF2_EvtWriter_IoOperationBegin(w, NULL, t, (OTF2_IoHandleRef)h, mode, flags, v[3], match);
    if (v[2] & SESHAT_IO_NONBLOCKING)
        OTF2_EvtWriter_IoOperationIssued(w, NULL, t, (OTF2_IoHandleRef)h, match);
    st->open[st->nopen++] = (struct otf2_io_open){
        (OTF2_IoHandleRef)h, v[3], match, (v[2] & SESHAT_IO_NONBLOCKING) ? v[4] : 0, end,
        !(v[2] & SESHAT_IO_PENDING), 0 };
}

void otf2_io_record(otf2_io_defs *d, otf2_io_rank *st, OTF2_EvtWriter *w, int rank,
                    const seshat_tr_record *rec, uint64_t t, otf2_io_comm_fn comm, void *ctx)
{
    const uint8_t *p = rec->payload, *end = p + rec->len;
    uint64_t v[7];
    for (int k = 0; k < 7; k++)
        if (seshat_get_varint(&p, end, &v[k]))
            return;
    int64_t start = (int64_t)t + seshat_unzigzag(v[5]);
    uint64_t done = start + (int64_t)v[6] > (int64_t)t ? (uint64_t)(start + (int64_t)v[6]) : t;
    int64_t c;
    int h, f;
    switch (v[1]) {
    case SESHAT_IO_OPEN:
        if ((f = named(d, p, end, &c)) < 0 || v[0] == 0 ||
            (h = new_handle(d, rank, (int)v[0], f, comm(ctx, c))) < 0)
            return;
        OTF2_EvtWriter_IoCreateHandle(w, NULL, done, (OTF2_IoHandleRef)h,
                                      OTF2_IO_ACCESS_MODE_READ_WRITE, OTF2_IO_CREATION_FLAG_NONE,
                                      OTF2_IO_STATUS_FLAG_NONE);
        st->last = done;
        return;
    case SESHAT_IO_DELETE:
        if ((f = named(d, p, end, &c)) >= 0) {
            OTF2_EvtWriter_IoDeleteFile(w, NULL, done, 0, (OTF2_IoFileRef)f);
            st->last = done;
        }
        return;
    case SESHAT_IO_CLOSE:
        if ((h = handle_of(d, rank, (int)v[0])) >= 0) {
            OTF2_EvtWriter_IoDestroyHandle(w, NULL, done, (OTF2_IoHandleRef)h);
            st->last = done;
        }
        return;
    case SESHAT_IO_READ:
    case SESHAT_IO_WRITE:
    case SESHAT_IO_SYNC:
        if ((h = handle_of(d, rank, (int)v[0])) >= 0)
            begin(d, st, w, h, v, t, done);
        return;
    default:   /* resize: no OTF2 event */
        return;
    }
}

void otf2_io_request_done(otf2_io_rank *st, uint64_t req)
{
    for (int i = 0; i < st->nopen; i++)
        if (req && st->open[i].req == req)
            st->open[i].completed = 1;
}

void otf2_io_exit(otf2_io_rank *st, OTF2_EvtWriter *w, uint64_t entered, uint64_t t)
{
    int k = 0;
    if (st->last > entered)   /* an event of this call written later than its entry */
        entered = st->last;
    for (int i = 0; i < st->nopen; i++) {
        struct otf2_io_open *o = &st->open[i];
        int due = o->req ? o->completed : o->end <= t;
        if (!due) {
            st->open[k++] = *o;
            continue;
        }
        uint64_t at = !o->known ? t : o->end > entered ? o->end : entered;
        OTF2_EvtWriter_IoOperationComplete(w, NULL, at > t ? t : at, o->handle, o->bytes, o->match);
    }
    st->nopen = k;
    st->last = 0;
}

void otf2_io_rank_free(otf2_io_rank *st)
{
    free(st->open);
    *st = (otf2_io_rank){ 0 };
}

void otf2_io_write_defs(const otf2_io_defs *d, OTF2_GlobalDefWriter *g, uint32_t *s)
{
    if (!d->nhandles && !d->nfiles)
        return;
    OTF2_GlobalDefWriter_WriteString(g, *s, "MPI-IO");
    OTF2_GlobalDefWriter_WriteString(g, *s + 1, "MPI I/O");
    OTF2_GlobalDefWriter_WriteIoParadigm(g, 0, *s, *s + 1, OTF2_IO_PARADIGM_CLASS_PARALLEL,
                                         OTF2_IO_PARADIGM_FLAG_NONE, 0, NULL, NULL, NULL);
    *s += 2;
    for (int i = 0; i < d->nfiles; i++) {
        OTF2_GlobalDefWriter_WriteString(g, *s, d->files[i]);
        OTF2_GlobalDefWriter_WriteIoRegularFile(g, (OTF2_IoFileRef)i, (*s)++, 0);
    }
    char name[96];
    for (int i = 0; i < d->nhandles; i++) {
        const struct otf2_io_handle *h = &d->handles[i];
        snprintf(name, sizeof name, "rank %d file %d", h->rank, h->id);
        OTF2_GlobalDefWriter_WriteString(g, *s, name);
        OTF2_GlobalDefWriter_WriteIoHandle(g, (OTF2_IoHandleRef)i, (*s)++, (OTF2_IoFileRef)h->file,
                                           0, OTF2_IO_HANDLE_FLAG_NONE, h->comm,
                                           OTF2_UNDEFINED_IO_HANDLE);
    }
}

void otf2_io_defs_free(otf2_io_defs *d)
{
    for (int i = 0; i < d->nfiles; i++)
        free(d->files[i]);
    free(d->files);
    free(d->handles);
    *d = (otf2_io_defs){ 0 };
}

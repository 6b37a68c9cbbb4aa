/* an_io.c - MPI-IO figures from IO records (an_io.h). */
#include "analyze/an_io.h"

#include <stdlib.h>
#include <string.h>

#include "tracefmt/trace_format.h"

static int file_of(seshat_io_file **files, int *n, const char *name, size_t len)
{
    for (int i = 0; i < *n; i++)
        if (strlen((*files)[i].name) == len && !memcmp((*files)[i].name, name, len))
            return i;
    seshat_io_file *f = realloc(*files, (size_t)(*n + 1) * sizeof *f);
    char *copy = malloc(len + 1);
    if (!f || !copy)
        an_die("out of memory");
    memcpy(copy, name, len);
    copy[len] = 0;
    f[*n] = (seshat_io_file){ copy, 0, 0, 0 };
    *files = f;
    return (*n)++;
}

void an_io_open(an_io_rank *io, int64_t id, const char *name, size_t len)
{
    int f = file_of(&io->files, &io->nfiles, name, len);
    struct an_io_name *ids = realloc(io->ids, (size_t)(io->nids + 1) * sizeof *ids);
    if (!ids)
        an_die("out of memory");
    io->ids = ids;
    ids[io->nids++] = (struct an_io_name){ id, f };
}

/* The file of the rank's id (its latest open), or NULL. */
static seshat_io_file *lookup(an_io_rank *io, uint64_t id)
{
    for (int i = io->nids; i-- > 0;)
        if ((uint64_t)io->ids[i].id == id)
            return &io->files[io->ids[i].file];
    return NULL;
}

void an_io_call(an_io_rank *io, const an_call *call)
{
    seshat_io_file *timed = NULL;
    for (int i = 0; i < call->nrec; i++) {
        const an_rec *r = &call->rec[i];
        if (r->kind != SESHAT_REC_IO)
            continue;
        int64_t bytes = (int64_t)r->v[3];
        int read = r->v[1] == SESHAT_IO_READ, write = r->v[1] == SESHAT_IO_WRITE;
        io->read += read ? bytes : 0;
        io->written += write ? bytes : 0;
        seshat_io_file *f = lookup(io, r->v[0]);
        if (!f)
            continue;
        f->bytes_read += read ? bytes : 0;
        f->bytes_written += write ? bytes : 0;
        if (!timed) {   /* the call's time, once, to its first file */
            timed = f;
            f->ns += call->exit - call->enter;
        }
    }
}

void an_io_free(an_io_rank *io)
{
    for (int i = 0; i < io->nfiles; i++)
        free(io->files[i].name);
    free(io->files);
    free(io->ids);
    *io = (an_io_rank){ 0 };
}

void an_io_pack(const an_io_rank *io, int rank, an_buf *b)
{
    an_buf_i64(b, rank);
    an_buf_i64(b, io->read);
    an_buf_i64(b, io->written);
    an_buf_i64(b, io->nfiles);
    for (int i = 0; i < io->nfiles; i++) {
        an_buf_str(b, io->files[i].name);
        an_buf_i64(b, io->files[i].bytes_read);
        an_buf_i64(b, io->files[i].bytes_written);
        an_buf_i64(b, io->files[i].ns);
    }
}

void an_io_unpack(an_buf *b, seshat_analysis *a)
{
    int64_t r = an_buf_get_i64(b), rd = an_buf_get_i64(b), wr = an_buf_get_i64(b);
    if (r >= 0 && r < a->nranks) {
        a->io_read[r] += rd;
        a->io_written[r] += wr;
    }
    int64_t n = an_buf_get_i64(b);
    for (int64_t i = 0; i < n; i++) {
        char *name = an_buf_get_str(b);
        int k = file_of(&a->io_files, &a->nio_files, name, strlen(name));   /* may move them */
        seshat_io_file *f = &a->io_files[k];
        f->bytes_read += an_buf_get_i64(b);
        f->bytes_written += an_buf_get_i64(b);
        f->ns += an_buf_get_i64(b);
        free(name);
    }
}

static int by_name(const void *x, const void *y)
{
    return strcmp(((const seshat_io_file *)x)->name, ((const seshat_io_file *)y)->name);
}

void an_io_finish(seshat_analysis *a)
{
    if (a->nio_files > 1)
        qsort(a->io_files, (size_t)a->nio_files, sizeof *a->io_files, by_name);
}

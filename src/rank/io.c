/* io.c - MPI-IO in virtual time (io.h). */
#include <stdlib.h>

#include "model/simgrid.h"
#include "model/storage.h"
#include "model/storage_simgrid.h"
#include "rank/io.h"
#include "rank/progress.h"
#include "trace/trace.h"
#include "tracefmt/trace_format.h"

/* A file the program holds open: its communicator (NULL when seshat does
 * not know it, MPI_COMM_SELF: then the rank alone), where a split
 * collective begun on it ends, and its number in the trace (this rank's
 * opens counted from 1). */
struct file {
    MPI_File fh;
    seshat_comm *c;
    seshat_vtime split_end;
    int id;
};
static struct file *files;
static int nfiles, capfiles, opened;
static seshat_storage storage;
static seshat_sg_storage disks;   /* io.model = simgrid: data accesses on SimGrid's disks */
static int storage_ready, on_disks;

/* A rank's disk, from a model rank (the route fetch: model/simgrid.h). */
static void disk_fetch(void *ctx, int rank, int write, double out[2])
{
    (void)ctx;
    seshat_sg_model_disk(&seshat_rt.model, rank, write, out);
}

static const seshat_storage *model(void)
{
    if (!storage_ready) {
        seshat_storage_init(&storage, &seshat_rt.cfg);
        on_disks = seshat_rt.cfg.io_model == SESHAT_IO_SIMGRID;
        if (on_disks &&
            seshat_sg_storage_init(&disks, &seshat_rt.cfg, seshat_rt.napp, disk_fetch, NULL))
            seshat_fatal("out of memory for the disks of %d ranks", seshat_rt.napp);
        storage_ready = 1;
    }
    return &storage;
}

static int64_t independent_ns(int op, int64_t bytes)
{
    const seshat_storage *s = model();
    return on_disks ? seshat_sg_storage_independent(&disks, seshat_rt.world_rank,
                                                    op == SESHAT_IO_WRITE, bytes)
                    : seshat_storage_independent(s, bytes);
}

static struct file *find(MPI_File fh)
{
    for (int i = 0; i < nfiles; i++)
        if (files[i].fh == fh)
            return &files[i];
    return NULL;
}

/* ---- the members' exchange (as coll.c's: see its `exchange`) ---- */
struct io_member { int64_t entry, bytes; };
_Static_assert(sizeof(struct io_member) == 2 * sizeof(int64_t), "io_member has padding");
enum io_kind { IO_DATA, IO_META };
enum { op_none = -1 };   /* a metadata operation's op */

struct seshat_io_pending {
    enum io_kind kind;
    int write;                /* a data access's op is a write */
    seshat_comm *c;
    int n;                    /* members */
    int exchanged;            /* all[] holds every member's entry */
    struct io_member mine, *all, *slots;
    MPI_Request req;
};

static struct seshat_io_pending *start(seshat_comm *c, int64_t bytes, enum io_kind kind, int op)
{
    struct seshat_io_pending *pd = seshat_xcalloc(1, sizeof *pd);
    pd->kind = kind;
    pd->write = op == SESHAT_IO_WRITE;
    pd->c = c;
    pd->n = c ? c->peer_size : 1;
    pd->mine = (struct io_member){ seshat_clock_now(), bytes };
    pd->req = MPI_REQUEST_NULL;
    /* io.model = none synchronizes nothing; a rank alone has nobody to wait for */
    if (!model()->on || pd->n == 1)
        return pd;
    pd->exchanged = 1;
    pd->all = seshat_xmalloc(sizeof *pd->all * (size_t)pd->n);
    if ((pd->n & (pd->n - 1)) == 0) {
        seshat_ctl(seshat_real.Iallgather(&pd->mine, sizeof pd->mine, MPI_BYTE, pd->all,
                                          sizeof pd->mine, MPI_BYTE, c->shadow, &pd->req),
                   "Iallgather(I/O entries)");
        return pd;
    }
    pd->slots = seshat_xcalloc((size_t)pd->n, sizeof *pd->slots);
    pd->slots[c->my_rank] = pd->mine;
    seshat_ctl(seshat_real.Iallreduce(pd->slots, pd->all, pd->n * 2, MPI_INT64_T, MPI_SUM,
                                      c->shadow, &pd->req),
               "Iallreduce(I/O entries)");
    return pd;
}

/* An access in virtual time: it starts at `start` (a collective's at its
 * last member's entry) and lasts `cost`. */
struct span { seshat_vtime start; int64_t cost; };
static seshat_vtime end_of(struct span s) { return s.start + s.cost; }

/* io.model = simgrid: each member's bytes on its own host's disk. */
static int64_t on_members_disks(const struct seshat_io_pending *pd)
{
    int n = pd->exchanged ? pd->n : 1;
    int *world = seshat_xmalloc(sizeof *world * (size_t)n);
    int64_t *bytes = seshat_xmalloc(sizeof *bytes * (size_t)n);
    for (int i = 0; i < n; i++) {
        world[i] = pd->exchanged ? pd->c->peer_world[i] : seshat_rt.world_rank;
        bytes[i] = pd->exchanged ? pd->all[i].bytes : pd->mine.bytes;
    }
    int64_t t = seshat_sg_storage_collective(&disks, pd->write, n, world, bytes);
    free(world);
    free(bytes);
    return t;
}

/* When the access starts for every member (the last entry) and its cost. */
static struct span finish(struct seshat_io_pending *pd)
{
    int64_t last = pd->mine.entry, total = pd->mine.bytes * pd->n;
    if (pd->exchanged) {
        seshat_ctl(seshat_progress_wait_req(&pd->req, MPI_STATUS_IGNORE, 0, NULL),
                   "Wait(I/O entries)");
        total = 0;
        for (int i = 0; i < pd->n; i++) {
            if (pd->all[i].entry > last)
                last = pd->all[i].entry;
            total += pd->all[i].bytes;
        }
    }
    struct span s = { last, pd->kind == IO_META ? seshat_storage_metadata(model())
                            : on_disks          ? on_members_disks(pd)
                                                : seshat_storage_collective(model(), pd->n, total) };
    free(pd->all);
    free(pd->slots);
    free(pd);
    return s;
}

static seshat_comm *comm_of(MPI_File fh)
{
    struct file *f = find(fh);
    return f ? f->c : NULL;
}

static int id_of(MPI_File fh)
{
    struct file *f = find(fh);
    return f ? f->id : 0;
}

/* The access in the trace, then the clock at its end (blocking calls). */
static void record(int id, int op, int flags, int64_t bytes, uint32_t req, struct span s)
{
    if (seshat_tracing)
        seshat_trace_io(id, op, flags, bytes, req, s.start, s.cost, 0, NULL);
}

static void charge(int id, int op, int flags, int64_t bytes, struct span s)
{
    record(id, op, flags, bytes, 0, s);
    seshat_clock_advance_to(end_of(s));
}

/* Open and delete: the record names the file (and the communicator). */
static void charge_named(int id, int op, int flags, struct span s, seshat_comm *c,
                         const char *name)
{
    if (seshat_tracing)
        seshat_trace_io(id, op, flags, 0, 0, s.start, s.cost, c ? c->id : -1, name);
    seshat_clock_advance_to(end_of(s));
}

/* ---- the calls ---- */
void seshat_io_open(MPI_Comm comm, MPI_File fh, const char *name)
{
    seshat_comm *c = seshat_comm_lookup(comm);
    int id = 0;
    if (fh != MPI_FILE_NULL) {
        if (nfiles == capfiles) {
            capfiles = capfiles ? 2 * capfiles : 8;
            struct file *n = realloc(files, sizeof *files * (size_t)capfiles);
            if (!n)
                seshat_fatal("out of memory for the table of open files");
            files = n;
        }
        id = ++opened;
        files[nfiles++] = (struct file){ fh, c, 0, id };
        if (c)
            seshat_comm_hold(c);
    }
    charge_named(id, SESHAT_IO_OPEN, SESHAT_IO_COLLECTIVE, finish(start(c, 0, IO_META, op_none)), c, name);
}

void seshat_io_meta(MPI_File fh, int op)
{
    charge(id_of(fh), op, SESHAT_IO_COLLECTIVE, 0, finish(start(comm_of(fh), 0, IO_META, op_none)));
}

void seshat_io_close(MPI_File fh)
{
    seshat_io_meta(fh, SESHAT_IO_CLOSE);
    struct file *f = find(fh);
    if (!f)
        return;
    if (f->c)
        seshat_comm_release(f->c);
    *f = files[--nfiles];
}

void seshat_io_delete(const char *name)
{
    struct span s = { seshat_clock_now(), seshat_storage_metadata(model()) };
    charge_named(0, SESHAT_IO_DELETE, 0, s, NULL, name);
}

void seshat_io_independent(MPI_File fh, int op, int64_t bytes)
{
    struct span s = { seshat_clock_now(), independent_ns(op, bytes) };
    charge(id_of(fh), op, 0, bytes, s);
}

void seshat_io_collective(MPI_File fh, int op, int64_t bytes)
{
    charge(id_of(fh), op, SESHAT_IO_COLLECTIVE, bytes, finish(start(comm_of(fh), bytes, IO_DATA, op)));
}

/* MPI allows a split collective to do all its work in begin (ROMIO
 * does), so the members' exchange completes there; the program's compute
 * until end overlaps the access. */
void seshat_io_split_begin(MPI_File fh, int op, int64_t bytes)
{
    struct file *f = find(fh);
    struct span s = finish(start(f ? f->c : NULL, bytes, IO_DATA, op));
    record(f ? f->id : 0, op, SESHAT_IO_COLLECTIVE, bytes, 0, s);
    if (f)
        f->split_end = end_of(s);
}

void seshat_io_split_end(MPI_File fh)
{
    struct file *f = find(fh);
    if (f)
        seshat_clock_advance_to(f->split_end);
}

/* A collective's start and cost are learned at its completion: its record
 * says so (SESHAT_IO_PENDING), and its request's completion is its end. */
void seshat_io_post(MPI_Request req, MPI_File fh, int op, int64_t bytes, int collective)
{
    seshat_comm *c = comm_of(fh);
    seshat_op *o = seshat_req_add(req, c);
    o->is_coll = 1;   /* completes by a time of its own, not by a message */
    o->active = 1;
    o->comm = c;
    o->req_id = seshat_req_next_id();
    struct span s = { seshat_clock_now(), 0 };
    if (collective) {
        o->io = start(c, bytes, IO_DATA, op);
        record(id_of(fh), op, SESHAT_IO_COLLECTIVE | SESHAT_IO_NONBLOCKING | SESHAT_IO_PENDING,
               bytes, o->req_id, s);
        return;
    }
    s.cost = independent_ns(op, bytes);
    o->done = end_of(s);
    record(id_of(fh), op, SESHAT_IO_NONBLOCKING, bytes, o->req_id, s);
}

seshat_vtime seshat_io_finish(seshat_op *op)
{
    op->done = end_of(finish(op->io));
    op->io = NULL;
    return op->done;
}

/* conformance-np: 3 (ranks tests/mpi/run_conformance.sh starts) */
/* io.c - MPI-3.1 chapter 13 (I/O) on a temporary file: open and close,
 * explicit offsets (blocking, nonblocking, collective), individual and
 * shared file pointers, views, and the nonblocking collectives
 * (File_iread_all ...). seshat runs these unmodeled (zero cost): what the
 * program reads back must be native's. */
#include <unistd.h>

#include "conf.h"

#define B 4   /* ints per rank and block */

static int rank, size;

static void show(const char *what, const int *v, int n)
{
    char line[256];
    int len = 0;
    for (int i = 0; i < n && len < (int)sizeof line - 12; i++)
        len += snprintf(line + len, sizeof line - (size_t)len, " %d", v[i]);
    out("%s:%s", what, line);
}

static void fill(int *v, int tag)
{
    for (int i = 0; i < B; i++)
        v[i] = tag * 1000 + rank * 10 + i;
}

/* Explicit offsets: each rank owns block `rank` of region r. */
static MPI_Offset at(int region) { return (MPI_Offset)((region * size + rank) * B * (int)sizeof(int)); }

static void explicit_offsets(MPI_File fh)
{
    int w[B], r[B];
    MPI_Request req;
    MPI_Status st;
    int count;
    fill(w, 1);
    MPI_File_write_at(fh, at(0), w, B, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    out("write_at count %d", count);
    fill(w, 2);
    MPI_File_iwrite_at(fh, at(1), w, B, MPI_INT, &req);
    MPI_Wait(&req, &st);
    fill(w, 3);
    MPI_File_write_at_all(fh, at(2), w, B, MPI_INT, MPI_STATUS_IGNORE);
    fill(w, 4);
    MPI_File_iwrite_at_all(fh, at(3), w, B, MPI_INT, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    int peer = (rank + 1) % size;
    MPI_Offset shift = (MPI_Offset)(peer - rank) * B * (MPI_Offset)sizeof(int);
    MPI_File_read_at(fh, at(0) + shift, r, B, MPI_INT, MPI_STATUS_IGNORE);
    show("read_at peer region 0", r, B);
    MPI_File_iread_at(fh, at(1) + shift, r, B, MPI_INT, &req);
    MPI_Wait(&req, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    show("iread_at peer region 1", r, count);
    MPI_File_read_at_all(fh, at(2) + shift, r, B, MPI_INT, MPI_STATUS_IGNORE);
    show("read_at_all peer region 2", r, B);
    MPI_File_iread_at_all(fh, at(3) + shift, r, B, MPI_INT, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    show("iread_at_all peer region 3", r, B);
}

/* A view that gives each rank every size-th block from region 4 on;
 * individual file pointers, blocking and nonblocking, and collective. */
static void views(MPI_File fh)
{
    MPI_Datatype block, filetype;
    MPI_Type_contiguous(B, MPI_INT, &block);
    MPI_Type_create_resized(block, 0, (MPI_Aint)size * B * (MPI_Aint)sizeof(int), &filetype);
    MPI_Type_commit(&filetype);
    MPI_Offset disp = (MPI_Offset)(4 * size + rank) * B * (MPI_Offset)sizeof(int);
    MPI_File_set_view(fh, disp, MPI_INT, filetype, "native", MPI_INFO_NULL);
    int w[B], r[B];
    MPI_Request req;
    fill(w, 5);
    MPI_File_write(fh, w, B, MPI_INT, MPI_STATUS_IGNORE);
    fill(w, 6);
    MPI_File_iwrite(fh, w, B, MPI_INT, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    fill(w, 7);
    MPI_File_write_all(fh, w, B, MPI_INT, MPI_STATUS_IGNORE);
    fill(w, 8);
    MPI_File_iwrite_all(fh, w, B, MPI_INT, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Offset pos;
    MPI_File_get_position(fh, &pos);
    out("view position after 4 writes %lld", (long long)pos);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read(fh, r, B, MPI_INT, MPI_STATUS_IGNORE);
    show("view read", r, B);
    MPI_File_iread(fh, r, B, MPI_INT, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    show("view iread", r, B);
    MPI_File_read_all(fh, r, B, MPI_INT, MPI_STATUS_IGNORE);
    show("view read_all", r, B);
    MPI_File_iread_all(fh, r, B, MPI_INT, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    show("view iread_all", r, B);
    MPI_Offset byte;
    MPI_File_get_byte_offset(fh, B, &byte);
    out("byte offset of view element %d: %lld", B, (long long)byte);
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    MPI_Type_free(&filetype);
    MPI_Type_free(&block);
}

/* Shared file pointer: the order of independent accesses is not
 * deterministic, so each rank reads the whole region back and reports
 * what it holds in rank order; the ordered ones are. */
static void shared_pointer(MPI_File fh)
{
    MPI_Offset base = (MPI_Offset)8 * size * B * (MPI_Offset)sizeof(int);
    int w[B], all[3 * 16 * B];
    MPI_Request req;
    MPI_File_seek_shared(fh, base, MPI_SEEK_SET);
    fill(w, 9);
    MPI_File_write_shared(fh, w, B, MPI_INT, MPI_STATUS_IGNORE);
    fill(w, 10);
    MPI_File_iwrite_shared(fh, w, B, MPI_INT, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    fill(w, 11);
    MPI_File_write_ordered(fh, w, B, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    MPI_Offset spos;
    MPI_File_get_position_shared(fh, &spos);
    out("shared position %lld", (long long)((spos - base) / (MPI_Offset)sizeof(int)));
    /* the 2*size blocks written independently, sorted by their first value */
    MPI_File_read_at(fh, base, all, 2 * size * B, MPI_INT, MPI_STATUS_IGNORE);
    int firsts[32];
    for (int i = 0; i < 2 * size; i++)
        firsts[i] = all[i * B];
    for (int i = 1; i < 2 * size; i++)
        for (int j = i; j > 0 && firsts[j - 1] > firsts[j]; j--) {
            int t = firsts[j];
            firsts[j] = firsts[j - 1];
            firsts[j - 1] = t;
        }
    show("shared blocks (sorted firsts)", firsts, 2 * size);
    /* the ordered region, read with ordered and shared-pointer reads */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_seek_shared(fh, base + (MPI_Offset)2 * size * B * (MPI_Offset)sizeof(int), MPI_SEEK_SET);
    int r[B];
    MPI_File_read_ordered(fh, r, B, MPI_INT, MPI_STATUS_IGNORE);
    show("read_ordered", r, B);
    MPI_File_seek_shared(fh, base, MPI_SEEK_SET);
    MPI_File_read_shared(fh, r, B, MPI_INT, MPI_STATUS_IGNORE);
    int inrange = r[0] >= 9000 && r[0] < 11000;
    MPI_File_iread_shared(fh, r, B, MPI_INT, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    out("read_shared and iread_shared got written blocks %d", inrange && r[0] >= 9000 && r[0] < 11000);
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    rank = conf_rank;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char path[128];
    if (rank == 0)
        snprintf(path, sizeof path, "/tmp/seshat-conf-io-%ld.dat", (long)getpid());
    MPI_Bcast(path, sizeof path, MPI_CHAR, 0, MPI_COMM_WORLD);
    MPI_File fh;
    int rc = MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                           MPI_INFO_NULL, &fh);
    out("open rc %d", rc);
    int amode;
    MPI_File_get_amode(fh, &amode);
    out("amode rdwr %d create %d", !!(amode & MPI_MODE_RDWR), !!(amode & MPI_MODE_CREATE));
    MPI_Group g, wg;
    int result;
    MPI_File_get_group(fh, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Group_compare(g, wg, &result);
    out("file group ident %d", result == MPI_IDENT);
    MPI_Group_free(&g);
    MPI_Group_free(&wg);
    MPI_File_set_atomicity(fh, 1);
    int atom;
    MPI_File_get_atomicity(fh, &atom);
    out("atomicity %d", atom);
    MPI_File_set_atomicity(fh, 0);
    explicit_offsets(fh);
    views(fh);
    shared_pointer(fh);
    MPI_Offset fsize;
    MPI_File_get_size(fh, &fsize);
    out("file size %lld", (long long)fsize);
    /* set_size and preallocate change the size while another rank may
     * still be asking for it: barriers on both sides */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_set_size(fh, 16);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_get_size(fh, &fsize);
    out("file size after set_size %lld", (long long)fsize);
    MPI_Barrier(MPI_COMM_WORLD);
    /* (last: Open MPI's preallocate can race with writes that follow) */
    MPI_File_preallocate(fh, 64);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_get_size(fh, &fsize);
    out("file size after preallocate %lld", (long long)fsize);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_close(&fh);
    MPI_Barrier(MPI_COMM_WORLD);   /* deleted on close, by then */
    out("closed null %d, removed %d", fh == MPI_FILE_NULL, access(path, F_OK) != 0);
    conf_done();
    return 0;
}

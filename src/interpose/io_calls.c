/* io_calls.c - MPI-IO: the real call moves the data, then its cost from
 * the storage model (rank/io.h; docs/models.md, "MPI-IO"). Independent
 * accesses (explicit offsets, individual and shared file pointers) cost
 * their own bytes, collective ones (_all, _ordered, their split and
 * nonblocking forms) the members' bytes together from the last entry,
 * open/close/sync/set_size/preallocate/delete a metadata latency. The
 * bytes are count x the datatype's size, what the call asks for. Views,
 * hints, seeks and queries are `local` in calls.spec: traced, free. */
#include "interpose/interpose.h"
#include "rank/io.h"
#include "tracefmt/trace_format.h"

/* One wrapper: SYNC before the real call (calls.spec `collective`: the
 * members synchronize first, through the model under contention, as the
 * generated wrappers do), then COST while the clock is stopped (a
 * collective's members all reach their exchange, whatever the call
 * returned, so that none waits for a member that left). */
#define IO_CALL_SYNC(NAME, PARAMS, ARGS, SYNC, COST)       \
    int PMPI_##NAME PARAMS                                 \
    {                                                      \
        int outer = seshat_enter(SESHAT_CALL_##NAME);      \
        if (outer)                                         \
            SYNC;                                          \
        int rc = seshat_real.NAME ARGS;                    \
        if (outer) {                                       \
            COST;                                          \
            seshat_leave(SESHAT_CALL_##NAME);              \
        }                                                  \
        return rc;                                         \
    }                                                      \
    int MPI_##NAME PARAMS __attribute__((alias("PMPI_" #NAME)));
#define IO_CALL(NAME, PARAMS, ARGS, COST) IO_CALL_SYNC(NAME, PARAMS, ARGS, (void)0, COST)
#define FILE_SYNC seshat_file_sync(fh)

#define BYTES seshat_bytes(count, datatype)

/* Independent, blocking: explicit offset, individual and shared pointers. */
#define IO_AT(NAME, BUF, OP)                                                                  \
    IO_CALL(NAME, (MPI_File fh, MPI_Offset offset, BUF buf, int count, MPI_Datatype datatype, \
                   MPI_Status *status),                                                     \
            (fh, offset, buf, count, datatype, status), seshat_io_independent(fh, OP, BYTES))
#define IO_PTR(NAME, BUF, OP)                                                                  \
    IO_CALL(NAME, (MPI_File fh, BUF buf, int count, MPI_Datatype datatype, MPI_Status *status), \
            (fh, buf, count, datatype, status), seshat_io_independent(fh, OP, BYTES))
IO_AT(File_read_at, void *, SESHAT_IO_READ)
IO_AT(File_write_at, const void *, SESHAT_IO_WRITE)
IO_PTR(File_read, void *, SESHAT_IO_READ)
IO_PTR(File_write, const void *, SESHAT_IO_WRITE)
IO_PTR(File_read_shared, void *, SESHAT_IO_READ)
IO_PTR(File_write_shared, const void *, SESHAT_IO_WRITE)

/* Collective, blocking (ordered: collective on the shared pointer). */
#define IO_AT_ALL(NAME, BUF, OP)                                                                \
    IO_CALL_SYNC(NAME, (MPI_File fh, MPI_Offset offset, BUF buf, int count,                 \
                        MPI_Datatype datatype, MPI_Status *status),                         \
                 (fh, offset, buf, count, datatype, status), FILE_SYNC,                     \
                 seshat_io_collective(fh, OP, BYTES))
#define IO_ALL(NAME, BUF, OP)                                                                   \
    IO_CALL_SYNC(NAME, (MPI_File fh, BUF buf, int count, MPI_Datatype datatype,             \
                        MPI_Status *status),                                                \
                 (fh, buf, count, datatype, status), FILE_SYNC, seshat_io_collective(fh, OP, BYTES))
IO_AT_ALL(File_read_at_all, void *, SESHAT_IO_READ)
IO_AT_ALL(File_write_at_all, const void *, SESHAT_IO_WRITE)
IO_ALL(File_read_all, void *, SESHAT_IO_READ)
IO_ALL(File_write_all, const void *, SESHAT_IO_WRITE)
IO_ALL(File_read_ordered, void *, SESHAT_IO_READ)
IO_ALL(File_write_ordered, const void *, SESHAT_IO_WRITE)

/* Nonblocking: the request completes at the access's end. */
#define POST(OP, COLL) \
    if (rc == MPI_SUCCESS) seshat_io_post(*request, fh, OP, BYTES, COLL)
/* the nonblocking collectives are `collective` too (File_*_all) */
#define ISYNC(COLL) \
    if (COLL) FILE_SYNC
#define IO_IAT(NAME, BUF, OP, COLL)                                                             \
    IO_CALL_SYNC(NAME, (MPI_File fh, MPI_Offset offset, BUF buf, int count,                 \
                        MPI_Datatype datatype, MPI_Request *request),                       \
                 (fh, offset, buf, count, datatype, request), ISYNC(COLL), POST(OP, COLL))
#define IO_IPTR(NAME, BUF, OP, COLL)                                                            \
    IO_CALL_SYNC(NAME, (MPI_File fh, BUF buf, int count, MPI_Datatype datatype,             \
                        MPI_Request *request),                                              \
                 (fh, buf, count, datatype, request), ISYNC(COLL), POST(OP, COLL))
IO_IAT(File_iread_at, void *, SESHAT_IO_READ, 0)
IO_IAT(File_iwrite_at, const void *, SESHAT_IO_WRITE, 0)
IO_IPTR(File_iread, void *, SESHAT_IO_READ, 0)
IO_IPTR(File_iwrite, const void *, SESHAT_IO_WRITE, 0)
IO_IPTR(File_iread_shared, void *, SESHAT_IO_READ, 0)
IO_IPTR(File_iwrite_shared, const void *, SESHAT_IO_WRITE, 0)
IO_IAT(File_iread_at_all, void *, SESHAT_IO_READ, 1)
IO_IAT(File_iwrite_at_all, const void *, SESHAT_IO_WRITE, 1)
IO_IPTR(File_iread_all, void *, SESHAT_IO_READ, 1)
IO_IPTR(File_iwrite_all, const void *, SESHAT_IO_WRITE, 1)

/* Split collectives: begin exchanges, end waits for the access's end. */
#define IO_BEGIN_AT(NAME, BUF, OP)                                                              \
    IO_CALL_SYNC(NAME, (MPI_File fh, MPI_Offset offset, BUF buf, int count,                 \
                        MPI_Datatype datatype),                                             \
                 (fh, offset, buf, count, datatype), FILE_SYNC,                             \
                 seshat_io_split_begin(fh, OP, BYTES))
#define IO_BEGIN(NAME, BUF, OP)                                                                 \
    IO_CALL_SYNC(NAME, (MPI_File fh, BUF buf, int count, MPI_Datatype datatype),            \
                 (fh, buf, count, datatype), FILE_SYNC, seshat_io_split_begin(fh, OP, BYTES))
#define IO_END(NAME, BUF)                                                                   \
    IO_CALL(NAME, (MPI_File fh, BUF buf, MPI_Status *status), (fh, buf, status),            \
            seshat_io_split_end(fh))
IO_BEGIN_AT(File_read_at_all_begin, void *, SESHAT_IO_READ)
IO_BEGIN_AT(File_write_at_all_begin, const void *, SESHAT_IO_WRITE)
IO_BEGIN(File_read_all_begin, void *, SESHAT_IO_READ)
IO_BEGIN(File_write_all_begin, const void *, SESHAT_IO_WRITE)
IO_BEGIN(File_read_ordered_begin, void *, SESHAT_IO_READ)
IO_BEGIN(File_write_ordered_begin, const void *, SESHAT_IO_WRITE)
IO_END(File_read_at_all_end, void *)
IO_END(File_write_at_all_end, const void *)
IO_END(File_read_all_end, void *)
IO_END(File_write_all_end, const void *)
IO_END(File_read_ordered_end, void *)
IO_END(File_write_ordered_end, const void *)

/* Metadata. */
IO_CALL_SYNC(File_open,
             (MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh),
             (seshat_comm_in(comm), filename, amode, info, fh),
             seshat_comm_sync(SESHAT_CALL_File_open, seshat_comm_in(comm)),
             seshat_io_open(seshat_comm_in(comm), rc == MPI_SUCCESS ? *fh : MPI_FILE_NULL,
                            filename))
IO_CALL_SYNC(File_sync, (MPI_File fh), (fh), FILE_SYNC, seshat_io_meta(fh, SESHAT_IO_SYNC))
IO_CALL_SYNC(File_set_size, (MPI_File fh, MPI_Offset size), (fh, size), FILE_SYNC,
             seshat_io_meta(fh, SESHAT_IO_RESIZE))
IO_CALL_SYNC(File_preallocate, (MPI_File fh, MPI_Offset size), (fh, size), FILE_SYNC,
             seshat_io_meta(fh, SESHAT_IO_RESIZE))
IO_CALL(File_delete, (const char *filename, MPI_Info info), (filename, info),
        seshat_io_delete(filename))

/* Close: the exchange before the real close, which frees the handle. */
int PMPI_File_close(MPI_File *fh)
{
    int outer = seshat_enter(SESHAT_CALL_File_close);
    if (outer) {
        seshat_file_sync(*fh);
        seshat_io_close(*fh);
    }
    int rc = seshat_real.File_close(fh);
    if (outer)
        seshat_leave(SESHAT_CALL_File_close);
    return rc;
}
int MPI_File_close(MPI_File *fh) __attribute__((alias("PMPI_File_close")));

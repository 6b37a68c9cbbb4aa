/* an_io.h - MPI-IO in the analysis: each rank's bytes read and written
 * and, per file (by name), the bytes and the time of the MPI_File_* calls
 * that accessed it, from the IO trace records (docs/trace-format.md).
 * The time in MPI-IO calls itself is a pattern (mpi_io, analysis.h). */
#ifndef SESHAT_AN_IO_H
#define SESHAT_AN_IO_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/an_stream.h"
#include "analyze/an_util.h"
#include "analyze/analysis.h"

typedef struct an_io_rank {
    struct an_io_name { int64_t id; int file; } *ids;   /* file id -> files[] */
    int nids;
    seshat_io_file *files;
    int nfiles;
    int64_t read, written;
} an_io_rank;

/* An open record: the rank's file `id` is `name` (len bytes). */
void an_io_open(an_io_rank *io, int64_t id, const char *name, size_t len);
/* A call with its records. */
void an_io_call(an_io_rank *io, const an_call *call);
void an_io_free(an_io_rank *io);

/* One rank's figures to the root, and there into the analysis. */
void an_io_pack(const an_io_rank *io, int rank, an_buf *b);
void an_io_unpack(an_buf *b, seshat_analysis *a);
/* At the root, once every rank is in: files sorted by name. */
void an_io_finish(seshat_analysis *a);

#endif

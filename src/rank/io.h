/* io.h - MPI-IO in virtual time (docs/models.md, "MPI-IO"): every data
 * access and metadata operation of the program costs what the storage
 * model (netmodel/model/storage.h) says. Independent accesses cost their
 * own bytes; collective ones (and the collective metadata operations)
 * start when the last member has entered, found by an exchange of entry
 * times and byte counts among the file's members on seshat's shadow of
 * the file's communicator (nonblocking, served as coll.c's exchanges are),
 * and every member leaves when the access ends. The caller synchronizes
 * the members first where calls.spec says `collective` (under contention
 * through the model, so no member waits in the exchange for one that
 * waits for the model). The interposition layer
 * (the wrappers generated from src/mpi/calls.spec's hooks) is the only user. */
#ifndef SESHAT_IO_H
#define SESHAT_IO_H

#include <mpi.h>
#include <stdint.h>

#include "rank/core.h"

/* Each call writes its IO trace record (traceout/tracefmt/trace_format.h;
 * `op` is a SESHAT_IO_* operation there).
 * A file the program opened (or failed to open: fh MPI_FILE_NULL) on
 * comm under `name`: the open's cost, collective over comm. Call after
 * the real open. */
void seshat_io_open(MPI_Comm comm, MPI_File fh, const char *name);
/* Collective metadata operations on fh (op SESHAT_IO_SYNC: sync,
 * SESHAT_IO_RESIZE: set_size, preallocate; close: before the real close,
 * which invalidates the handle). */
void seshat_io_meta(MPI_File fh, int op);
void seshat_io_close(MPI_File fh);
/* MPI_File_delete: one rank's metadata operation. */
void seshat_io_delete(const char *name);
/* A blocking independent access (op read or write) of `bytes` on fh. */
void seshat_io_independent(MPI_File fh, int op, int64_t bytes);
/* A blocking collective access of `bytes` (this member's) on fh. */
void seshat_io_collective(MPI_File fh, int op, int64_t bytes);
/* Split collective: begin exchanges and keeps the access's end on fh;
 * end leaves no earlier than it. */
void seshat_io_split_begin(MPI_File fh, int op, int64_t bytes);
void seshat_io_split_end(MPI_File fh);
/* Nonblocking accesses: the program's request gets a record whose
 * completion is the access's end (collective: learned in seshat_io_finish,
 * which the completion calls reach through op->io). */
void seshat_io_post(MPI_Request req, MPI_File fh, int op, int64_t bytes, int collective);
seshat_vtime seshat_io_finish(seshat_op *op);

#endif

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
 * (src/interpose/io_calls.c) is the only user. */
#ifndef SESHAT_IO_H
#define SESHAT_IO_H

#include <mpi.h>
#include <stdint.h>

#include "rank/core.h"

/* A file the program opened (or failed to open: fh MPI_FILE_NULL) on
 * comm: the open's cost, collective over comm. Call after the real open. */
void seshat_io_open(MPI_Comm comm, MPI_File fh);
/* Collective metadata operations on fh (sync, set_size, preallocate;
 * close: before the real close, which invalidates the handle). */
void seshat_io_meta(MPI_File fh);
void seshat_io_close(MPI_File fh);
/* MPI_File_delete: one rank's metadata operation. */
void seshat_io_delete(void);
/* A blocking independent access of `bytes`. */
void seshat_io_independent(int64_t bytes);
/* A blocking collective access of `bytes` (this member's) on fh. */
void seshat_io_collective(MPI_File fh, int64_t bytes);
/* Split collective: begin exchanges and keeps the access's end on fh;
 * end leaves no earlier than it. */
void seshat_io_split_begin(MPI_File fh, int64_t bytes);
void seshat_io_split_end(MPI_File fh);
/* Nonblocking accesses: the program's request gets a record whose
 * completion is the access's end (collective: learned in seshat_io_finish,
 * which the completion calls reach through op->io). */
void seshat_io_post(MPI_Request req, MPI_File fh, int64_t bytes, int collective);
seshat_vtime seshat_io_finish(seshat_op *op);

#endif

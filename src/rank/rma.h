/* rma.h - one-sided communication (RMA) in virtual time: windows, the
 * transfers an origin starts, and the synchronizations that close them
 * (docs/models.md, "One-sided communication").
 *
 * The real calls move the data; these functions only time them. A
 * transfer is timed by the origin with the model's point-to-point cost of
 * a message of its bytes from origin to target (eager: a one-sided
 * transfer never waits for the target to post anything); a fetching one
 * (Get, Get_accumulate, Fetch_and_op, Compare_and_swap) adds the reply,
 * injected at the target when the request arrives. Each window remembers,
 * per target, when that target has everything this rank sent it
 * (`remote`) and when this rank's buffers are free again (`local`); a
 * synchronization advances the clock to what it closes. Calls pass the
 * program's window handle; a window seshat does not know (created before
 * MPI_Init's end, or by a nested call) is not timed. */
#ifndef SESHAT_RMA_H
#define SESHAT_RMA_H

#include "rank/core.h"

/* A window the program created (collective over comm, already created
 * for real); `comm` is the real communicator (seshat's application
 * communicator for MPI_COMM_WORLD). */
void seshat_rma_created(MPI_Win win, MPI_Comm comm);
/* Before the real MPI_Win_free: forget the window. */
void seshat_rma_free(MPI_Win win);

/* One transfer `op` (enum seshat_rma_op, tracefmt/trace_format.h) to
 * `target` (a rank of the window's group, or MPI_PROC_NULL): `out` bytes
 * from the origin, and for an op that fetches, `back` bytes returned to
 * it. Charges the origin's send overhead and records the transfer in the
 * trace; returns when the operation is complete at the origin: its
 * buffer free (put, accumulate) or the reply arrived (fetches). */
seshat_vtime seshat_rma_op(MPI_Win win, int op, int target, int64_t out, int64_t back);
/* The same for a request-based call (Rput, ...) that returned req: its
 * completion (MPI_Wait, MPI_Test, ...) is charged that time. */
void seshat_rma_request(MPI_Request req, MPI_Win win, int op, int target, int64_t out,
                        int64_t back);

/* Synchronizations. target -1 = every target. */
/* MPI_Win_fence, before the real one: a barrier of the window's members
 * whose entries are max(clock, every transfer of this rank done). */
void seshat_rma_fence(MPI_Win win);
/* MPI_Win_flush, MPI_Win_flush_all: the clock reaches the time the
 * target(s) have all this rank sent. */
void seshat_rma_remote_done(MPI_Win win, int target);
/* Passive target, in real-time order of the grants: after the real
 * MPI_Win_lock the clock reaches the virtual release of the conflicting
 * locks granted before (exclusive: every lock; shared: exclusive ones).
 * MPI_Win_lock_all is a shared lock on every member, each taken so at
 * the first transfer to that member (members never touched cost nothing). Before the real
 * MPI_Win_unlock (target -1: MPI_Win_unlock_all), the clock reaches what
 * the epoch closes (as flush) and the target records the release. */
void seshat_rma_lock(MPI_Win win, int target, int type);
void seshat_rma_lock_all(MPI_Win win);
void seshat_rma_unlock(MPI_Win win, int target);
/* MPI_Win_flush_local, MPI_Win_flush_local_all: the origin's side. */
void seshat_rma_local_done(MPI_Win win, int target);
/* Post/start/complete/wait. post: each origin of `group` is sent a
 * notice (a 0-byte message); start: waits for its targets' notices (both
 * before the real call). complete: each target is sent when it has all
 * of this rank's epoch (the later of the data and a 0-byte completion
 * notice, sent after the data), before the real call; wait (before the
 * real MPI_Win_wait, or after an MPI_Win_test that says done) takes them. */
void seshat_rma_post(MPI_Win win, MPI_Group group);
void seshat_rma_start(MPI_Win win, MPI_Group group);
void seshat_rma_complete(MPI_Win win);
void seshat_rma_wait(MPI_Win win);
/* Before the real MPI_Win_test: 0 if under contention = on a completion
 * notice the model has not answered is missing (the test then says not
 * done without the real call: the origins complete for real only after
 * their notices), else 1. */
int seshat_rma_test_ready(MPI_Win win);

#endif

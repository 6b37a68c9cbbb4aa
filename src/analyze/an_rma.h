/* an_rma.h - the one-sided (RMA) wait states after Scalasca's pattern
 * specification (docs/patterns.md, "One-sided communication"): Late Post,
 * Early Wait and Late Complete, Early Fence (within Wait at Fence, which
 * an_coll.c computes from the fence's barrier), Lock Contention in a
 * synchronization and in a communication call.
 *
 * The first pass hands every RMA record (docs/trace-format.md, record 14)
 * here with its call; after the last window the records of every rank
 * meet on the first analyzer process, which pairs the epochs and adds the
 * wait states to its contributions (an_contrib_add). */
#ifndef SESHAT_AN_RMA_H
#define SESHAT_AN_RMA_H

#include <mpi.h>

#include "analyze/an_local.h"
#include "analyze/an_stream.h"

/* One RMA record of trace rank `rank`'s call number `uid` (its stream
 * order). `commkey` names the window's communicator as an_coll.comm does
 * (id and first member); `members` is its size, 0 when a member has no
 * stream (then its fences are not judged). */
void an_rma_record(an_local *L, int rank, int64_t uid, const an_call *call, const an_rec *r,
                   int64_t commkey, int members);

/* Collective over comm, after the last window: the wait states. */
void an_replay_rma(an_local *L, MPI_Comm comm);

#endif

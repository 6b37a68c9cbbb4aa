/* an_rma.h - the one-sided (RMA) wait states after Scalasca's pattern
 * specification (docs/patterns.md, "One-sided communication"): Late Post,
 * Early Wait and Late Complete, Early Fence (within Wait at Fence, which
 * an_coll.c computes from the fence's barrier), Lock Contention in a
 * synchronization and in a communication call.
 *
 * The first pass keeps every RMA record with its call (an_local.h,
 * an_rma); after the last window the records of every rank meet on the
 * first analyzer process, which pairs the epochs and adds the wait states
 * to its contributions (an_contrib_add). */
#ifndef SESHAT_AN_RMA_H
#define SESHAT_AN_RMA_H

#include <mpi.h>

#include "analyze/an_local.h"

/* Collective over comm, after the last window: the wait states. */
void an_replay_rma(an_local *L, MPI_Comm comm);

#endif

/* an_root.h - gather every process's results on the root analyzer process
 * and build the seshat_analysis the writers take. Call sites are unified
 * across ranks by (MPI call, location) and sorted, and every value is an
 * integer, so the result does not depend on the number of processes. */
#ifndef SESHAT_AN_ROOT_H
#define SESHAT_AN_ROOT_H

#include <mpi.h>

#include "analyze/an_local.h"
#include "analyze/analysis.h"

/* Every process learns which streams the others found missing or empty
 * (each looks only at its own block's files, which may be on its node's
 * disk alone). Collective over comm; right after an_local_open. */
void an_root_share_streams(an_local *L, MPI_Comm comm);

/* Collective over comm; fills *a on rank 0 only (returns 1 there),
 * with the trace's problems against the definitions d (an_check.h). */
int an_root_gather(const an_local *L, const an_defs *d, MPI_Comm comm, seshat_analysis *a);

#endif

/* an_cpath.h - the critical path of the run (after Böhme et al., IPDPS
 * 2012): walking back from the rank that finished last, the path stays on
 * a rank until it reaches the end of a wait, then jumps to the rank that
 * ended the wait (the late sender, the last member to enter a collective,
 * the late receiver, the broadcast root) at that moment. Its time is then
 * split by call site (a second pass over the streams); the critical-path
 * imbalance of a site is max(0, its time on the path - its mean time per
 * rank). */
#ifndef SESHAT_AN_CPATH_H
#define SESHAT_AN_CPATH_H

#include <mpi.h>

#include "analyze/an_local.h"
#include "analyze/analysis.h"

/* Collective over comm, after an_root_gather; fills a's critical-path
 * fields on rank 0. Consumes L's wait records. */
void an_cpath(an_local *L, const char *dir, MPI_Comm comm, seshat_analysis *a);

#endif

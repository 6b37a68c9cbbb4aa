/* an_delay.h - the root causes of wait states: delay costs (after Böhme
 * et al., "Identifying the root causes of wait states in large-scale
 * parallel applications", and Scalasca's delay analysis; the exact
 * definitions are in docs/patterns.md).
 *
 * For every wait state (W waited for D), the time D spent in excess of W
 * since the two last synchronized, per call path (computation or an MPI
 * call site, wait time left out), is the delay; the wait is its
 * short-term cost. Waits on D inside that interval made D late too: they
 * carry the cost on (propagation), and the waiting they caused further on
 * is charged to their own delays as long-term cost, walking backwards in
 * time. The waits come from the replay (an_local.h's an_wait records);
 * each process reads its ranks' streams once more for the intervals. */
#ifndef SESHAT_AN_DELAY_H
#define SESHAT_AN_DELAY_H

#include <mpi.h>

#include "analyze/an_local.h"
#include "analyze/analysis.h"

/* Collective over comm, after an_root_gather and before an_cpath (which
 * consumes L's wait records); fills a's delay and root-cause fields on
 * rank 0. dir is the trace directory. */
void an_delay(const an_local *L, const char *dir, MPI_Comm comm, seshat_analysis *a);

#endif

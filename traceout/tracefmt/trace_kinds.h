/* trace_kinds.h - which event kind ([trace] kinds) an MPI call belongs to,
 * from its name: p2p, collective, comm, waittest or other. */
#ifndef SESHAT_TRACE_KINDS_H
#define SESHAT_TRACE_KINDS_H

/* One of SESHAT_KIND_* (config/config.h). */
int seshat_trace_kind_of(const char *mpi_name);

#endif

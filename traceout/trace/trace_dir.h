/* trace_dir.h - the run's trace directory (trace_dir.c): named once by
 * world rank 0, never an existing one. */
#ifndef SESHAT_TRACE_DIR_H
#define SESHAT_TRACE_DIR_H

#include <mpi.h>
#include <stddef.h>

#include "config/config.h"

/* Agree on the directory (collective over world); 0 or -1 (tracing off). */
int seshat_trace_dir(const seshat_config *cfg, MPI_Comm world, int world_rank, char *dir,
                     size_t len);

#endif

/* trace_internal.h - shared by the files of traceout/trace only. */
#ifndef SESHAT_TRACE_INTERNAL_H
#define SESHAT_TRACE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mpi/calls.h"
#include "trace/trace.h"

/* Agree on the directory (collective over world); 0 or -1 (tracing off). */
int seshat_trace_dir(const seshat_config *cfg, MPI_Comm world, int world_rank, char *dir,
                     size_t len);

/* A call site is its call path: the MPI call's return address and up to
 * SESHAT_PATH_FRAMES - 1 callers' (the frames the unwinder finds). */
#define SESHAT_PATH_FRAMES 8

/* "index = function file:line module" per call site, then
 * " < function file:line module" per caller up to main, resolved in this
 * process (addresses are per process). */
void seshat_trace_write_sites(FILE *f, const uintptr_t (*sites)[SESHAT_PATH_FRAMES], int n);

#endif

/* trace_sites.h - the tracer's call sites resolved and written
 * (trace_sites.c); the format they are written in, and its reader, are
 * tracefmt/trace_sites.h's. */
#ifndef SESHAT_TRACE_SITES_WRITE_H
#define SESHAT_TRACE_SITES_WRITE_H

#include <stdint.h>
#include <stdio.h>

/* A call site is its call path: the MPI call's return address and up to
 * SESHAT_PATH_FRAMES - 1 callers' (the frames the unwinder finds). */
#define SESHAT_PATH_FRAMES 8

/* "index = function file:line module" per call site, then
 * " < function file:line module" per caller up to main, resolved in this
 * process (addresses are per process). */
void seshat_trace_write_sites(FILE *f, const uintptr_t (*sites)[SESHAT_PATH_FRAMES], int n);

#endif

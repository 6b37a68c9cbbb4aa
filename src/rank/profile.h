/* profile.h - a per-call-site profile without a trace (report.profile,
 * seshat-run --profile; docs/analysis.md, Profile). While the program
 * runs, each outermost MPI call adds its virtual time to its call site's
 * counters (a table hashed by the call's return address; the call path is
 * unwound once, at a site's first call); names are resolved only at the
 * end. At MPI_Finalize each rank writes DIR/profile.d/rank-R.tsv and
 * rank 0 merges them into DIR/profile.txt and DIR/profile.json and prints
 * the top sites on stderr. */
#ifndef SESHAT_PROFILE_H
#define SESHAT_PROFILE_H

#include <mpi.h>
#include <stdint.h>

#include "common/vtime.h"
#include "config/config.h"

/* Non-zero while the profile is on (written by profile.c alone). */
extern int seshat_profiling;

/* Turns the profile on if cfg->report_profile names a directory (creates
 * it). Application ranks only. */
void seshat_profile_start(const seshat_config *cfg, int rank, int nranks);

/* hold = 1: seshat's own calls through the exported names follow (the
 * clock's compensation at start-up), not profiled; 0: the program's
 * again. */
void seshat_profile_hold(int hold);

/* An outermost call `call` entered at virtual time t, made at `site` (its
 * return address into the program). */
void seshat_profile_enter(int call, seshat_vtime t, void *site);
/* ... and left at virtual time t. */
void seshat_profile_exit(seshat_vtime t);
/* Bytes the current call sends (point-to-point: the message; collectives:
 * the call's own buffer). */
void seshat_profile_bytes(int64_t bytes);

/* Collective over app at MPI_Finalize: every rank's table written, rank 0
 * merges and reports. `end` is this rank's final virtual time. */
void seshat_profile_stop(MPI_Comm app, seshat_vtime end);

#endif

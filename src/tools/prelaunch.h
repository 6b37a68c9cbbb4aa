/* prelaunch.h - what seshat-run checks before mpirun starts (and with
 * --dry-run, which seshat-sweep relies on): a problem found after launch
 * costs a whole run (a 10-hour run ending with no trace). */
#ifndef SESHAT_PRELAUNCH_H
#define SESHAT_PRELAUNCH_H

#include <stddef.h>

#include "config/config.h"

/* The program exists and can be executed (a name without '/' is looked
 * up in $PATH, as mpirun does); the trace directory (trace.enabled) can be
 * created: its parent exists and takes a new directory, its name fits;
 * the network model initializes and loads for `np` ranks (a SimGrid
 * platform that is missing or malformed). Returns 0; -1 with one line in
 * err (program, trace directory); -2 with one line in err for a
 * configuration the model refuses (said as "config error" like the rest). */
int seshat_prelaunch_check(const seshat_config *cfg, const char *program, int np, char *err,
                           size_t errlen);

#endif

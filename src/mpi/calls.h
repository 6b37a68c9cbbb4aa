/* calls.h - the MPI calls seshat knows: ids, names and the real entry
 * points (seshat_real), generated at build time from the installed mpi.h
 * (src/mpi/gen.py -> $(BUILD)/gen/mpi/gen_calls.h). The lowest layer: it
 * includes nothing of seshat's.
 *
 * Call ids are this build's (sorted names of the calls that mpi.h and
 * calls.spec give); anything that leaves the process (a trace) carries
 * names, and readers map them back with seshat_call_by_name. */
#ifndef SESHAT_MPI_CALLS_H
#define SESHAT_MPI_CALLS_H

#include "mpi/gen_calls.h"

/* The id of the call named `name` ("MPI_Send"), or -1 if this build does
 * not interpose it. */
int seshat_call_by_name(const char *name);

/* The name of call `id`, or "?" for an id outside this build's table. */
const char *seshat_call_name(int id);

#endif

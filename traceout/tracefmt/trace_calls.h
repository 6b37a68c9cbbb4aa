/* trace_calls.h - the call names of a trace. Call ids in ENTER/EXIT
 * records are the writing build's (src/mpi/calls.h); the trace directory's
 * calls.txt names each one, and readers map the names to their own build's
 * ids, so a trace reads the same under any build. A trace without
 * calls.txt (seshat before it was written) is taken to use this build's
 * ids, as such traces always were. */
#ifndef SESHAT_TRACE_CALLS_H
#define SESHAT_TRACE_CALLS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SESHAT_CALLS_FILE "calls.txt"

typedef struct seshat_tcalls {
    int n;          /* ids the trace names (0 with `legacy`) */
    int *build;     /* trace id -> this build's id, or -1 (a call it does not know) */
    char **names;   /* trace id -> name */
    int legacy;     /* no calls.txt: the ids are this build's */
} seshat_tcalls;

/* Writes this build's table as calls.txt text ("id = MPI_Name" lines). */
int seshat_tcalls_write(FILE *f);

/* Reads DIR/calls.txt (a missing file gives `legacy`). Returns 0, or -1
 * with a message naming the file and line. Free with seshat_tcalls_free. */
int seshat_tcalls_load(seshat_tcalls *t, const char *dir, char *err, size_t errlen);
void seshat_tcalls_free(seshat_tcalls *t);

/* This build's id of the trace's call id, or -1 if unknown here. */
int seshat_tcalls_id(const seshat_tcalls *t, uint64_t trace_id);
/* The name of the trace's call id ("?" if the trace does not name it). */
const char *seshat_tcalls_name(const seshat_tcalls *t, uint64_t trace_id);

#endif

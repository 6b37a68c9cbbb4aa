/* an_check.h - is a trace whole? The directory and every stream checked
 * against defs.ini: its rank count and traced ranks, complete = true, one
 * non-empty rank-R.sst per traced rank and no other, each stream's HEADER
 * naming its own rank and the rank count, each stream ending in its END
 * record (written at MPI_Finalize: a crashed rank has none). Problems are
 * one line each, naming the file and what is wrong. */
#ifndef SESHAT_AN_CHECK_H
#define SESHAT_AN_CHECK_H

#include <stddef.h>

#include "analyze/an_stream.h"

typedef struct an_defs {
    int have_defs;           /* defs.ini was read */
    int nranks;              /* application ranks (without defs.ini: the rank-R.sst files) */
    int complete;            /* defs.ini: complete = true */
    int ntraced;             /* ranks with a stream expected */
    unsigned char *traced;   /* [nranks]: 1 if rank r was traced (trace.ranks) */
    char ranks_spec[256];    /* defs.ini `traced` ("all" or "0-3,8") */
} an_defs;

typedef struct an_problems {
    int n;
    char **msg;
} an_problems;

/* Reads DIR/defs.ini (or, without one, counts the rank-R.sst files).
 * Returns 0, or -1 with one line in err (not a trace directory, no
 * stream at all, an unreadable key). */
int an_defs_load(const char *dir, an_defs *d, char *err, size_t errlen);
void an_defs_free(an_defs *d);

void an_problems_add(an_problems *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void an_problems_free(an_problems *p);
/* All problems on one line, "; "-separated (a malloc'ed string). */
char *an_problems_join(const an_problems *p);

/* The directory: defs.ini itself, missing, empty and extra streams. */
/* A traced rank's stream file (an_local.h's stream; larger is worse, so
 * processes combine their views with a maximum). */
enum { AN_STREAM_OK = 0, AN_STREAM_EMPTY = 1, AN_STREAM_MISSING = 2 };

void an_check_dir(const char *dir, const an_defs *d, an_problems *p);
/* The same with each traced rank's stream state already known (AN_STREAM_*
 * of an_local.h, e.g. gathered from processes on other nodes). */
void an_check_dir_known(const char *dir, const an_defs *d, const unsigned char *stream,
                        an_problems *p);
/* One traced rank's stream after it was read (to its end, or to the
 * error `read_error`, NULL if none): HEADER and END. */
void an_check_stream(int rank, const an_stream_status *st, const char *read_error,
                     const an_defs *d, an_problems *p);
/* Everything: the directory, then every stream read to its end. */
void an_check_all(const char *dir, const an_defs *d, an_problems *p);

#endif

/* an_stream.h - one rank's trace stream, call by call: each MPI call with
 * its enter/exit virtual times and the records inside it, in bounded
 * memory (one decompressed frame plus one call's records). */
#ifndef SESHAT_AN_STREAM_H
#define SESHAT_AN_STREAM_H

#include <stddef.h>
#include <stdint.h>

#define AN_MAX_FIELDS 8

typedef struct an_rec {
    unsigned kind;                 /* SESHAT_REC_SEND, RECV, COLL, COMPLETE, POST, IO */
    uint64_t v[AN_MAX_FIELDS];     /* decoded varints (zigzag fields left encoded) */
} an_rec;

typedef struct an_call {
    int call;                      /* this build's call id (mpi/calls.h; mapped from the
                                      trace's by name), -1 for a call it does not know */
    int site;                      /* this rank's call-site index */
    int64_t enter, exit;           /* virtual ns */
    int nrec;
    const an_rec *rec;             /* valid during the callback */
} an_call;

typedef struct an_stream_cb {
    void *ctx;
    void (*call)(void *ctx, const an_call *c);
    /* A communicator definition: id, size, world rank of each member. */
    void (*comm)(void *ctx, int64_t id, int size, const int64_t *world);
    /* An MPI-IO open (IO record, op open): the rank's file id and its name. */
    void (*io_open)(void *ctx, int64_t file, const char *name, size_t len);
} an_stream_cb;

/* What a stream says about itself, for the checks against defs.ini
 * (an_check.h): its HEADER (the first record) and whether its END record
 * (written at MPI_Finalize) was read. */
typedef struct an_stream_status {
    int have_header, header_rank, header_nranks;
    int have_end;
    int open_call;     /* a call entered and never exited (a crash inside it), else -1 */
} an_stream_status;

/* Reads DIR/rank-R.sst to the end. Returns 0 and the final virtual time
 * (END record, else the last exit), or -1 with a message naming the file
 * and what was wrong. */
int an_stream_read(const char *dir, int rank, const an_stream_cb *cb, int64_t *end_ns,
                   char *err, size_t errlen);

/* The same, one call at a time: an_iter_next returns 1 with the next call
 * (its records valid until the next call), 0 at the end, -1 on an error.
 * Communicator definitions still go to cb->comm as they are met. */
typedef struct an_iter an_iter;
an_iter *an_iter_open(const char *dir, int rank, const an_stream_cb *cb, char *err,
                      size_t errlen);
int an_iter_next(an_iter *it, an_call *out, char *err, size_t errlen);
int64_t an_iter_end(const an_iter *it);
const an_stream_status *an_iter_status(an_iter *it);   /* so far */   /* after the end: the final virtual time */
void an_iter_close(an_iter *it);

#endif

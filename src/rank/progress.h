/* progress.h - the progress engine: the one place an application rank
 * waits. While it waits it serves what other ranks may need from it
 * (replies for receives that matched in the background, relay posts) and
 * takes the model's answers off the wire; the watchdog sees every turn.
 *
 * One predicate decides whether a wait may simply block in the real MPI
 * call: nobody can be waiting on this rank (no receive matched in the
 * background, no contention promises) and no watchdog polls. */
#ifndef SESHAT_PROGRESS_H
#define SESHAT_PROGRESS_H

#include "rank/core.h"
#include "rank/promises.h"

/* Whether other ranks may be waiting on this one. */
int seshat_progress_must_serve(void);
/* ... or the watchdog polls: a blocking real call must become a
 * nonblocking one plus seshat_progress_wait. */
static inline int seshat_progress_must_poll(void)
{
    return seshat_progress_must_serve() || seshat_watch_ns;
}

/* What a wait waits for: test(ctx, &done) is the nonblocking real call
 * (Test, Testall, Iprobe, ...) returning its return code; block(ctx) the
 * blocking one, used when nothing needs serving (NULL: test in a loop);
 * needs_answer(ctx) (NULL: never) says that the wait cannot end before an
 * answer from the model, so under contention it is announced; waiting is
 * the caller's own receive (may be NULL); always_serve: serve on every
 * turn even when seshat_progress_must_serve() says no. */
typedef struct seshat_waiter {
    int (*test)(void *ctx, int *done);
    int (*block)(void *ctx);
    int (*needs_answer)(void *ctx);
    void *ctx;
    const seshat_filter *waiting;
    int always_serve;
} seshat_waiter;

/* The wait loop: test -> (announce) -> serve -> yield, until test says
 * done or fails. Returns the real call's return code. */
int seshat_progress_wait(const seshat_waiter *w);
/* The same for one real request. */
int seshat_progress_wait_req(MPI_Request *req, MPI_Status *st, int needs_answer,
                             const seshat_filter *waiting);

/* Take the model's answers until ready(ctx) is true, serving meanwhile. */
void seshat_progress_until(int (*ready)(void *ctx), void *ctx, const seshat_filter *waiting);
/* Relay: the next answer for (src world rank, comm id, tag), waiting for
 * it; with `remove` zero it stays queued (Probe). */
seshat_answer seshat_progress_answer(int src, int32_t comm_id, int tag, int remove);
/* Relay: move the answers that have already arrived into the inbox. */
void seshat_progress_drain(void);

/* A nonblocking test (Test*, Iprobe) found nothing: the program may poll
 * until something completes, so what other ranks need from this one is
 * served now; `announce`: only an answer from the model can change that
 * (contention tells the model first). */
void seshat_progress_nothing_yet(int announce);

/* Serve matched background receives once (no-op when already serving). */
void seshat_serve(void);

#endif

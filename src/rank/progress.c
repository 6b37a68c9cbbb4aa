/* progress.c - the progress engine (progress.h): the wait loop, the
 * serving pass and the model's answers coming in. */
#include "common/idle_policy.h"
#include "common/wake.h"
#include "rank/inbox.h"
#include "rank/path.h"
#include "rank/progress.h"

/* The engine's state: one instance per process (one rank). */
static struct {
    int serving;             /* inside seshat_serve: no nested serving */
    unsigned idle;           /* answer waits that found nothing, in a row */
    int64_t nap, nap_max;    /* the next sleep's time-out; the longest (0: not read yet) */
} pg;

/* After this many empty answer waits under contention a rank sleeps until
 * the model rank answers (it wakes the rank: common/wake.h), so the model
 * rank (which times everything) gets the CPU when ranks outnumber cores.
 * The time-out, growing to SESHAT_IDLE_NAP, is the fallback for a model
 * rank on another node and for what only a time-out ends (the peers'
 * messages a serving pass takes). */
enum { SESHAT_IDLE_TURNS = 256, SESHAT_IDLE_NAP_NS = 20000, SESHAT_IDLE_NAP_MAX_NS = 500000 };

int seshat_progress_must_serve(void)
{
    return seshat_req_unmatched_count() > 0 || seshat_rt.path->promises;
}

static int serve_one(MPI_Request req, seshat_op *op, void *ctx)
{
    int flag = 0;
    MPI_Status st;
    (void)ctx;
    if (op->matched) {
        seshat_recv_poll(op);
        return 0;
    }
    seshat_real.Request_get_status(req, &flag, &st);
    if (flag)
        seshat_recv_match(op, &st);
    return 0;
}

void seshat_serve(void)
{
    if (pg.serving)
        return;
    pg.serving = 1;
    seshat_rt.path->drain();
    seshat_req_foreach_unmatched(serve_one, NULL);
    pg.serving = 0;
}

void seshat_progress_nothing_yet(int announce)
{
    if (announce)
        seshat_block_report(NULL);
    seshat_serve();
}

int seshat_progress_wait(const seshat_waiter *w)
{
    int done = 0, rc;
    if (!w->always_serve && (!seshat_progress_must_serve() || pg.serving)) {
        if (w->block && !seshat_watch_ns)
            return w->block(w->ctx);
        /* what the real blocking call would do, with the watchdog's clock
         * read every 256 turns */
        for (unsigned n = 0; (rc = w->test(w->ctx, &done)) == MPI_SUCCESS && !done; n++)
            seshat_watch_tick(n);
        return rc;
    }
    while ((rc = w->test(w->ctx, &done)) == MPI_SUCCESS && !done) {
        if (w->needs_answer && w->needs_answer(w->ctx))
            seshat_block_report(w->waiting);
        seshat_serve();
        seshat_watch_idle();
    }
    return rc;
}

struct one_req {
    MPI_Request *req;
    MPI_Status *st;
    int needs_answer;
};

static int req_test(void *ctx, int *done)
{
    struct one_req *r = ctx;
    return seshat_real.Test(r->req, done, r->st);
}

static int req_block(void *ctx)
{
    struct one_req *r = ctx;
    return seshat_real.Wait(r->req, r->st);
}

static int req_needs_answer(void *ctx) { return ((struct one_req *)ctx)->needs_answer; }

int seshat_progress_wait_req(MPI_Request *req, MPI_Status *st, int needs_answer,
                             const seshat_filter *waiting)
{
    struct one_req r = { req, st, needs_answer };
    seshat_waiter w = { req_test, req_block, req_needs_answer, &r, waiting, 0 };
    return seshat_progress_wait(&w);
}

/* ---- the model's answers ---- */

static void take_answer(void)
{
    seshat_answer a;
    seshat_ctl(seshat_real.Recv(&a, sizeof a, MPI_BYTE, MPI_ANY_SOURCE, SESHAT_TAG_ANSWER,
                                seshat_rt.control, MPI_STATUS_IGNORE), "Recv(answer)");
    seshat_answer_taken();
    seshat_inbox_push(&a);
}

static int answer_here(void)
{
    int flag = 0;
    seshat_ctl(seshat_real.Iprobe(MPI_ANY_SOURCE, SESHAT_TAG_ANSWER, seshat_rt.control, &flag,
                                  MPI_STATUS_IGNORE), "Iprobe(answer)");
    return flag;
}

void seshat_progress_drain(void)
{
    while (answer_here())
        take_answer();
}

/* Sleep until woken after `mark` or the time-out; the time-outs grow
 * while nothing wakes the rank. */
static void idle_sleep(uint32_t mark)
{
    if (!pg.nap_max)
        pg.nap_max = seshat_idle_env_ns("SESHAT_IDLE_NAP", SESHAT_IDLE_NAP_MAX_NS);
    if (pg.idle == SESHAT_IDLE_TURNS + 1)
        pg.nap = SESHAT_IDLE_NAP_NS;
    if (seshat_wake_sleep(mark, pg.nap))
        pg.nap = SESHAT_IDLE_NAP_NS;
    else if (pg.nap < pg.nap_max)
        pg.nap = pg.nap * 2 < pg.nap_max ? pg.nap * 2 : pg.nap_max;
}

/* An answer wait found nothing since `mark` (seshat_wake_mark, taken
 * before the poll): yield at first; under contention, once the wait is
 * long, sleep (SESHAT_IDLE_TURNS), unless the serving pass after the poll
 * took answers in (`fresh`: Open MPI's Iprobe matches before it
 * progresses, so an answer already sent may show only at the next probe,
 * and its wake-up came before the mark). */
static void idle_wait(uint32_t mark, int fresh)
{
    if (seshat_rt.path->promises && ++pg.idle > SESHAT_IDLE_TURNS) {
        if (!fresh)
            idle_sleep(mark);
        if (seshat_watch_ns)
            seshat_watch_idle();
        return;
    }
    if (seshat_progress_must_serve())
        seshat_watch_idle();
    else
        seshat_watch_tick(++pg.idle);   /* in place of a blocking receive: no yield */
}

/* Receive one answer, or, when other ranks may need this one, serve them
 * once: the caller re-scans the queue either way. No receive stays posted
 * while serving, so a nested wait for an answer cannot lose it to ours. */
static void pump_answer(const seshat_filter *waiting)
{
    /* Use every answer already here first: under contention a rank that
     * holds one it could use is not waiting (docs/models.md). So new
     * ones go back to the caller before we tell the model we wait. */
    if (seshat_rt.path->promises) {
        long long before = seshat_inbox_appended();
        seshat_serve();
        if (seshat_inbox_appended() != before)
            return;
    }
    seshat_block_report(waiting);
    /* otherwise a blocking receive; the watchdog needs the wait to poll */
    uint32_t mark = seshat_wake_mark();     /* before the poll: no wake is lost */
    if (seshat_progress_must_poll() && !pg.serving && !answer_here()) {
        long long before = seshat_inbox_appended();
        seshat_serve();
        idle_wait(mark, seshat_inbox_appended() != before);
        return;
    }
    pg.idle = 0;
    take_answer();
}

void seshat_progress_until(int (*ready)(void *ctx), void *ctx, const seshat_filter *waiting)
{
    while (!ready(ctx))
        pump_answer(waiting);
}

struct answer_key {
    int src, tag;
    int32_t comm_id;
};

static int answer_ready(void *ctx)
{
    const struct answer_key *k = ctx;
    return seshat_inbox_has(k->src, k->comm_id, k->tag);
}

seshat_answer seshat_progress_answer(int src, int32_t comm_id, int tag, int remove)
{
    struct answer_key k = { src, tag, comm_id };
    seshat_answer a;
    seshat_progress_until(answer_ready, &k, NULL);
    if (remove)
        seshat_inbox_try(src, comm_id, tag, &a);
    else
        seshat_inbox_peek(src, comm_id, tag, &a);
    return a;
}

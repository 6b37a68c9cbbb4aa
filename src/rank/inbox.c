/* inbox.c - queues of answers (relay) and early-read envelopes (direct). */
#include <sched.h>
#include <stdlib.h>
#include <time.h>

#include "rank/inbox.h"
#include "rank/ordinals.h"

struct ans_node {
    seshat_answer a;
    struct ans_node *next;
};
static struct ans_node *ans_head;
static long long appended;      /* answers queued so far */
static seshat_ordinals *taken;  /* contention: per (src, comm, tag), the next answer */

/* A first answer (ARRIVAL, NEED_POST) for (src, comm_id, tag) that is the
 * next one of its key: under contention answers come in arrival order. */
static int is_next(const seshat_answer *a, int src, int32_t comm_id, int tag)
{
    if (a->type == SESHAT_ANS_FINAL || a->type == SESHAT_ANS_REPLY || a->src != src ||
        a->comm_id != comm_id || a->tag != tag)
        return 0;
    return !seshat_rt.contention || src < 0 ||
           a->ordinal == seshat_ordinal(&taken, src, comm_id, tag, 0);
}

static void took(const seshat_answer *a)
{
    if (seshat_rt.contention && a->src >= 0 && a->type != SESHAT_ANS_FINAL &&
        a->type != SESHAT_ANS_REPLY)
        seshat_ordinal(&taken, a->src, a->comm_id, a->tag, 1);
}

struct env_node {
    seshat_comm *comm;
    int src, tag;
    seshat_envelope e;
    struct env_node *next;
};
static struct env_node *env_head;

static void append_answer(const seshat_answer *a)
{
    struct ans_node *n = malloc(sizeof *n), **p = &ans_head;
    appended++;
    n->a = *a;
    n->next = NULL;
    while (*p)
        p = &(*p)->next;
    *p = n;
}

/* Waiting for an answer: yield at first; under contention, once the wait
 * is long, nap, so the model rank (which times everything) gets the CPU
 * when ranks outnumber cores. */
static int idle;
static void idle_wait(void)
{
    if (seshat_rt.contention && ++idle > 256) {
        struct timespec ts = { 0, 20000 };
        nanosleep(&ts, NULL);
        if (seshat_watch_ns)
            seshat_watch_idle();
        return;
    }
    if (seshat_rt.contention || seshat_req_unmatched_count() > 0)
        seshat_watch_idle();
    else
        seshat_watch_tick(++idle);   /* in place of a blocking receive: no yield */
}

/* Receive one answer, or, when other ranks may need this one, serve them
 * once: the caller re-scans the queue either way. No receive stays posted
 * while serving, so a nested wait for an answer cannot lose it to ours. */
static void pump_answer(void)
{
    seshat_answer a;
    int flag = 1;
    /* Use every answer already here first: under contention a rank that
     * holds one it could use is not waiting (docs/models.md). So new
     * ones go back to the caller before we tell the model we wait. */
    if (seshat_rt.contention) {
        long long before = appended;
        seshat_serve();
        if (appended != before)
            return;
    }
    seshat_block_report();
    /* otherwise a blocking receive; the watchdog needs the wait to poll */
    if ((seshat_req_unmatched_count() > 0 || seshat_rt.contention || seshat_watch_ns) &&
        !seshat_serving())
        seshat_real.Iprobe(MPI_ANY_SOURCE, SESHAT_TAG_ANSWER, seshat_rt.control, &flag,
                           MPI_STATUS_IGNORE);
    if (!flag) {
        seshat_serve();
        idle_wait();
        return;
    }
    idle = 0;
    seshat_real.Recv(&a, sizeof a, MPI_BYTE, MPI_ANY_SOURCE, SESHAT_TAG_ANSWER,
                     seshat_rt.control, MPI_STATUS_IGNORE);
    seshat_answer_taken();
    append_answer(&a);
}

/* Only an answer that a posted receive can take may end the wait this
 * rank is in: one for a receive not posted yet is used after that wait,
 * a send's or a collective's only by a wait for that operation, which
 * takes every answer at hand before it waits (request_calls.c). And a
 * first answer is taken in ordinal order only: one that overtook an
 * earlier message of its key in the engine (a small message behind a
 * large one) waits for that message's answer, which the model bounds
 * itself (issue 21: counting it held the engine below the answer the
 * rank waited for, and both waited forever). */
seshat_vtime seshat_inbox_min(void)
{
    seshat_vtime t = INT64_MAX;
    for (const struct ans_node *n = ans_head; n; n = n->next) {
        const seshat_answer *a = &n->a;
        int usable = a->type == SESHAT_ANS_FINAL ||
                     ((a->type == SESHAT_ANS_ARRIVAL || a->type == SESHAT_ANS_NEED_POST) &&
                      is_next(a, a->src, a->comm_id, a->tag) &&
                      seshat_recv_could_take(a->src, a->comm_id, a->tag));
        if (usable && a->arrival < t)
            t = a->arrival;
    }
    return t;
}

void seshat_inbox_drain(void)
{
    int flag = 1;
    while (flag) {
        seshat_real.Iprobe(MPI_ANY_SOURCE, SESHAT_TAG_ANSWER, seshat_rt.control, &flag,
                           MPI_STATUS_IGNORE);
        if (flag) {
            seshat_answer a;
            seshat_real.Recv(&a, sizeof a, MPI_BYTE, MPI_ANY_SOURCE, SESHAT_TAG_ANSWER,
                             seshat_rt.control, MPI_STATUS_IGNORE);
            seshat_answer_taken();
            append_answer(&a);
        }
    }
}

static seshat_answer take(struct ans_node **p, int remove)
{
    struct ans_node *n = *p;
    seshat_answer a = n->a;
    if (remove) {
        *p = n->next;
        free(n);
    }
    return a;
}

/* Where the next answer for (src, comm_id, tag) sits, or NULL. */
static struct ans_node **find_next(int src, int32_t comm_id, int tag)
{
    for (struct ans_node **p = &ans_head; *p; p = &(*p)->next)
        if (is_next(&(*p)->a, src, comm_id, tag))
            return p;
    return NULL;
}

/* Where the answer of `type` (FINAL, REPLY) for (peer, seq) sits, or NULL. */
static struct ans_node **find_seq(int type, int peer, int32_t seq)
{
    for (struct ans_node **p = &ans_head; *p; p = &(*p)->next)
        if ((*p)->a.type == type && (*p)->a.src == peer && (*p)->a.seq == seq)
            return p;
    return NULL;
}

seshat_answer seshat_inbox_answer(int src, int32_t comm_id, int tag, int remove)
{
    struct ans_node **p;
    while (!(p = find_next(src, comm_id, tag)))
        pump_answer();
    if (remove)
        took(&(*p)->a);
    return take(p, remove);
}

int seshat_inbox_try(int src, int32_t comm_id, int tag, seshat_answer *out)
{
    struct ans_node **p = find_next(src, comm_id, tag);
    if (!p)
        return 0;
    took(&(*p)->a);
    *out = take(p, 1);
    return 1;
}

static int try_seq(int type, int peer, int32_t seq, seshat_answer *out)
{
    struct ans_node **p = find_seq(type, peer, seq);
    if (!p)
        return 0;
    *out = take(p, 1);
    return 1;
}

int seshat_inbox_try_final(int src, int32_t seq, seshat_answer *out)
{
    return try_seq(SESHAT_ANS_FINAL, src, seq, out);
}

int seshat_inbox_try_reply(int dst, int32_t seq, seshat_answer *out)
{
    return try_seq(SESHAT_ANS_REPLY, dst, seq, out);
}

int seshat_inbox_has(int src, int32_t comm_id, int tag) { return find_next(src, comm_id, tag) != NULL; }

void seshat_inbox_pump(void) { pump_answer(); }

seshat_answer seshat_inbox_reply(int dst, int32_t seq)
{
    seshat_answer a;
    while (!seshat_inbox_try_reply(dst, seq, &a))
        pump_answer();
    return a;
}

seshat_envelope seshat_inbox_envelope(seshat_comm *c, int src, int tag, int keep)
{
    for (struct env_node **p = &env_head; *p; p = &(*p)->next) {
        struct env_node *n = *p;
        if (n->comm == c && n->src == src && n->tag == tag) {
            seshat_envelope e = n->e;
            if (!keep) {
                *p = n->next;
                free(n);
            }
            return e;
        }
    }
    seshat_envelope e;
    seshat_real.Recv(&e, sizeof e, MPI_BYTE, src, tag, c->shadow, MPI_STATUS_IGNORE);
    if (keep) {
        struct env_node *n = malloc(sizeof *n), **p = &env_head;
        *n = (struct env_node){ c, src, tag, e, NULL };
        while (*p)
            p = &(*p)->next;
        *p = n;
    }
    return e;
}

void seshat_inbox_forget(const seshat_comm *c)
{
    for (struct env_node **p = &env_head; *p;) {
        struct env_node *n = *p;
        if (n->comm == c) {
            *p = n->next;
            free(n);
        } else {
            p = &n->next;
        }
    }
}

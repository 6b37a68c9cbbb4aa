/* inbox.c - queues of answers (relay) and early-read envelopes (direct).
 * A store only: it never waits for an answer (progress.c does) and calls
 * nothing above it. */
#include <stdlib.h>

#include "rank/inbox.h"
#include "rank/ordinals.h"

struct ans_node {
    seshat_answer a;
    struct ans_node *next;
};
struct env_node;

/* This rank's queues: one instance per process. */
static struct {
    struct ans_node *ans_head;
    long long appended;         /* answers queued so far */
    int ordered;                /* first answers are taken in ordinal order */
    seshat_ordinals *taken;     /* ordered: per (src, comm, tag), the next answer */
    struct env_node *env_head;
} ib;

void seshat_inbox_init(int ordered) { ib.ordered = ordered; }

/* A first answer (ARRIVAL, NEED_POST) for (src, comm_id, tag) that is the
 * next one of its key: under contention answers come in arrival order. */
static int is_next(const seshat_answer *a, int src, int32_t comm_id, int tag)
{
    if (a->type == SESHAT_ANS_FINAL || a->type == SESHAT_ANS_REPLY || a->type == SESHAT_ANS_RMA ||
        a->src != src ||
        a->comm_id != comm_id || a->tag != tag)
        return 0;
    return !ib.ordered || src < 0 ||
           a->ordinal == seshat_ordinal(&ib.taken, src, comm_id, tag, 0);
}

static void took(const seshat_answer *a)
{
    if (ib.ordered && a->src >= 0 && a->type != SESHAT_ANS_FINAL &&
        a->type != SESHAT_ANS_REPLY && a->type != SESHAT_ANS_RMA)
        seshat_ordinal(&ib.taken, a->src, a->comm_id, a->tag, 1);
}

struct env_node {
    seshat_comm *comm;
    int src, tag;
    seshat_envelope e;
    struct env_node *next;
};
void seshat_inbox_push(const seshat_answer *a)
{
    struct ans_node *n = seshat_xmalloc(sizeof *n), **p = &ib.ans_head;
    ib.appended++;
    n->a = *a;
    n->next = NULL;
    while (*p)
        p = &(*p)->next;
    *p = n;
}

long long seshat_inbox_appended(void) { return ib.appended; }

/* Only an answer that a posted receive can take may end the wait this
 * rank is in: one for a receive not posted yet is used after that wait,
 * a send's or a collective's only by a wait for that operation, which
 * takes every answer at hand before it waits (request_calls.c). And a
 * first answer is taken in ordinal order only: one that overtook an
 * earlier message of its key in the engine (a small message behind a
 * large one) waits for that message's answer, which the model bounds
 * itself (issue 21: counting it held the engine below the answer the
 * rank waited for, and both waited forever). */
seshat_vtime seshat_inbox_min(int (*could_take)(int src, int32_t comm_id, int tag, void *ctx),
                              void *ctx)
{
    seshat_vtime t = INT64_MAX;
    for (const struct ans_node *n = ib.ans_head; n; n = n->next) {
        const seshat_answer *a = &n->a;
        int usable = a->type == SESHAT_ANS_FINAL ||
                     (a->type == SESHAT_ANS_COLL && could_take(-1, a->comm_id, a->tag, ctx)) ||
                     ((a->type == SESHAT_ANS_ARRIVAL || a->type == SESHAT_ANS_NEED_POST) &&
                      is_next(a, a->src, a->comm_id, a->tag) &&
                      could_take(a->src, a->comm_id, a->tag, ctx));
        if (usable && a->arrival < t)
            t = a->arrival;
    }
    return t;
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
    for (struct ans_node **p = &ib.ans_head; *p; p = &(*p)->next)
        if (is_next(&(*p)->a, src, comm_id, tag))
            return p;
    return NULL;
}

/* Where the answer of `type` (FINAL, REPLY) for (peer, seq) sits, or NULL. */
static struct ans_node **find_seq(int type, int peer, int32_t seq)
{
    for (struct ans_node **p = &ib.ans_head; *p; p = &(*p)->next)
        if ((*p)->a.type == type && (*p)->a.src == peer && (*p)->a.seq == seq)
            return p;
    return NULL;
}

int seshat_inbox_peek(int src, int32_t comm_id, int tag, seshat_answer *out)
{
    struct ans_node **p = find_next(src, comm_id, tag);
    if (!p)
        return 0;
    *out = (*p)->a;
    return 1;
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

int seshat_inbox_try_rma(int src, int32_t comm_id, int tag, int32_t seq, seshat_answer *out)
{
    for (struct ans_node **p = &ib.ans_head; *p; p = &(*p)->next) {
        const seshat_answer *a = &(*p)->a;
        if (a->type == SESHAT_ANS_RMA && a->src == src && a->comm_id == comm_id &&
            a->tag == tag && a->seq == seq) {
            *out = take(p, 1);
            return 1;
        }
    }
    return 0;
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

seshat_envelope seshat_inbox_envelope(seshat_comm *c, int src, int tag, int keep)
{
    for (struct env_node **p = &ib.env_head; *p; p = &(*p)->next) {
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
    MPI_Request rq;
    seshat_ctl(seshat_real.Irecv(&e, sizeof e, MPI_BYTE, src, tag, c->shadow, &rq),
               "Irecv(envelope)");
    seshat_ctl(seshat_rt.wait(&rq, "the message's envelope on the shadow communicator"),
               "Wait(envelope)");
    if (keep) {
        struct env_node *n = seshat_xmalloc(sizeof *n), **p = &ib.env_head;
        *n = (struct env_node){ c, src, tag, e, NULL };
        while (*p)
            p = &(*p)->next;
        *p = n;
    }
    return e;
}

void seshat_inbox_forget(const seshat_comm *c)
{
    for (struct env_node **p = &ib.env_head; *p;) {
        struct env_node *n = *p;
        if (n->comm == c) {
            *p = n->next;
            free(n);
        } else {
            p = &n->next;
        }
    }
}

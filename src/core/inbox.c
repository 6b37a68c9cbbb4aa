/* inbox.c - queues of answers (relay) and early-read envelopes (direct). */
#include <sched.h>
#include <stdlib.h>

#include "core/inbox.h"

struct ans_node {
    seshat_answer a;
    struct ans_node *next;
};
static struct ans_node *ans_head;

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
    n->a = *a;
    n->next = NULL;
    while (*p)
        p = &(*p)->next;
    *p = n;
}

/* Receive one answer, or, when other ranks may need this one, serve them
 * once: the caller re-scans the queue either way. No receive stays posted
 * while serving, so a nested wait for an answer cannot lose it to ours. */
static void pump_answer(void)
{
    seshat_answer a;
    int flag = 1;
    if (seshat_req_unmatched_count() > 0 && !seshat_serving())
        seshat_real.Iprobe(MPI_ANY_SOURCE, SESHAT_TAG_ANSWER, seshat_rt.control, &flag,
                           MPI_STATUS_IGNORE);
    if (!flag) {
        seshat_serve();
        sched_yield();
        return;
    }
    seshat_real.Recv(&a, sizeof a, MPI_BYTE, MPI_ANY_SOURCE, SESHAT_TAG_ANSWER,
                     seshat_rt.control, MPI_STATUS_IGNORE);
    append_answer(&a);
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

seshat_answer seshat_inbox_answer(int src, int32_t comm_id, int tag, int remove)
{
    for (;;) {
        for (struct ans_node **p = &ans_head; *p; p = &(*p)->next) {
            const seshat_answer *a = &(*p)->a;
            if (a->type != SESHAT_ANS_FINAL && a->src == src && a->comm_id == comm_id && a->tag == tag)
                return take(p, remove);
        }
        pump_answer();
    }
}

seshat_answer seshat_inbox_final(int src, int32_t seq)
{
    for (;;) {
        for (struct ans_node **p = &ans_head; *p; p = &(*p)->next) {
            const seshat_answer *a = &(*p)->a;
            if (a->type == SESHAT_ANS_FINAL && a->src == src && a->seq == seq)
                return take(p, 1);
        }
        pump_answer();
    }
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

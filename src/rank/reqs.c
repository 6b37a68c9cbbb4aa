/* reqs.c - the request table: what seshat knows about each request the
 * program holds, keyed by the MPI handle. Open MPI reuses a handle as soon
 * as it completes, so a record is removed at completion. */
#include <stdint.h>
#include <stdlib.h>

#include "rank/core.h"

#define NBUCKETS 4096

struct rec {
    MPI_Request key;
    seshat_op op;
    seshat_comm *held;             /* kept alive while the record exists */
    struct rec *next;              /* bucket chain */
    struct rec *uprev, *unext;     /* unmatched-receive list */
};

/* This rank's request table: one instance per process. */
static struct {
    struct rec *buckets[NBUCKETS];
    struct rec *uhead, *utail;     /* unmatched receives, in posting order */
    int ucount;
    uint32_t next_id;              /* last request identity handed out */
} rq;

static unsigned bucket_of(MPI_Request r)
{
    uintptr_t p = (uintptr_t)r;
    return (unsigned)((p >> 3) ^ (p >> 15)) % NBUCKETS;
}

static struct rec *rec_of(seshat_op *op)
{
    return (struct rec *)((char *)op - offsetof(struct rec, op));
}

uint32_t seshat_req_next_id(void)
{
    return ++rq.next_id ? rq.next_id : ++rq.next_id;   /* never 0 */
}

seshat_op *seshat_req_add(MPI_Request req, seshat_comm *c)
{
    struct rec *r = seshat_xcalloc(1, sizeof *r);
    r->key = req;
    r->held = c;
    if (c)
        seshat_comm_hold(c);
    r->op.done = -1;
    unsigned b = bucket_of(req);
    r->next = rq.buckets[b];
    rq.buckets[b] = r;
    return &r->op;
}

seshat_op *seshat_req_find(MPI_Request req)
{
    for (struct rec *r = rq.buckets[bucket_of(req)]; r; r = r->next)
        if (r->key == req)
            return &r->op;
    return NULL;
}

/* Open MPI hands out one shared handle for requests that completed at
 * once (several sends may carry it): the n-th record under a handle. */
seshat_op *seshat_req_find_nth(MPI_Request req, int nth)
{
    for (struct rec *r = rq.buckets[bucket_of(req)]; r; r = r->next)
        if (r->key == req && nth-- == 0)
            return &r->op;
    return NULL;
}

void seshat_req_track_unmatched(seshat_op *op, int unmatched)
{
    if (unmatched == op->tracked)
        return;   /* also the case for records outside the table */
    struct rec *r = rec_of(op);
    op->tracked = unmatched;
    if (unmatched) {
        r->uprev = rq.utail;
        r->unext = NULL;
        if (rq.utail)
            rq.utail->unext = r;
        else
            rq.uhead = r;
        rq.utail = r;
        rq.ucount++;
        return;
    }
    if (r->uprev)
        r->uprev->unext = r->unext;
    else
        rq.uhead = r->unext;
    if (r->unext)
        r->unext->uprev = r->uprev;
    else
        rq.utail = r->uprev;
    rq.ucount--;
}

int seshat_req_unmatched_count(void) { return rq.ucount; }

/* Receives are tracked in posting order and clocks never go back. */
seshat_vtime seshat_req_first_unmatched_post(void)
{
    return rq.uhead ? rq.uhead->op.t_post : INT64_MAX;
}

void seshat_req_foreach_unmatched(int (*fn)(MPI_Request req, seshat_op *op, void *ctx), void *ctx)
{
    struct rec *r = rq.uhead;
    while (r) {
        struct rec *next = r->unext;   /* fn may untrack r */
        if (fn(r->key, &r->op, ctx))
            return;
        r = next;
    }
}

/* Unlink and free the record of `req` that is `op` (or any, op NULL). */
static void remove_rec(MPI_Request req, const seshat_op *op)
{
    for (struct rec **p = &rq.buckets[bucket_of(req)]; *p; p = &(*p)->next)
        if (op ? &(*p)->op == op : (*p)->key == req) {
            struct rec *r = *p;
            seshat_req_track_unmatched(&r->op, 0);
            *p = r->next;
            if (r->held)
                seshat_comm_release(r->held);
            free(r);
            return;
        }
}

void seshat_req_remove_op(MPI_Request req, seshat_op *op)
{
    remove_rec(req, op);
}

void seshat_req_remove(MPI_Request req)
{
    remove_rec(req, NULL);
}

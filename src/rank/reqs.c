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

static struct rec *buckets[NBUCKETS];
static struct rec *uhead, *utail;
static int ucount;

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
    static uint32_t next;
    return ++next ? next : ++next;   /* never 0 */
}

seshat_op *seshat_req_add(MPI_Request req, seshat_comm *c)
{
    struct rec *r = calloc(1, sizeof *r);
    r->key = req;
    r->held = c;
    if (c)
        seshat_comm_hold(c);
    r->op.done = -1;
    unsigned b = bucket_of(req);
    r->next = buckets[b];
    buckets[b] = r;
    return &r->op;
}

seshat_op *seshat_req_find(MPI_Request req)
{
    for (struct rec *r = buckets[bucket_of(req)]; r; r = r->next)
        if (r->key == req)
            return &r->op;
    return NULL;
}

/* Open MPI hands out one shared handle for requests that completed at
 * once (several sends may carry it): the n-th record under a handle. */
seshat_op *seshat_req_find_nth(MPI_Request req, int nth)
{
    for (struct rec *r = buckets[bucket_of(req)]; r; r = r->next)
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
        r->uprev = utail;
        r->unext = NULL;
        if (utail)
            utail->unext = r;
        else
            uhead = r;
        utail = r;
        ucount++;
        return;
    }
    if (r->uprev)
        r->uprev->unext = r->unext;
    else
        uhead = r->unext;
    if (r->unext)
        r->unext->uprev = r->uprev;
    else
        utail = r->uprev;
    ucount--;
}

int seshat_req_unmatched_count(void) { return ucount; }

/* Receives are tracked in posting order and clocks never go back. */
seshat_vtime seshat_req_first_unmatched_post(void)
{
    return uhead ? uhead->op.t_post : INT64_MAX;
}

void seshat_req_foreach_unmatched(int (*fn)(MPI_Request req, seshat_op *op))
{
    struct rec *r = uhead;
    while (r) {
        struct rec *next = r->unext;   /* fn may untrack r */
        if (fn(r->key, &r->op))
            return;
        r = next;
    }
}

void seshat_req_remove_op(MPI_Request req, seshat_op *op)
{
    for (struct rec **p = &buckets[bucket_of(req)]; *p; p = &(*p)->next)
        if (&(*p)->op == op) {
            struct rec *r = *p;
            seshat_req_track_unmatched(&r->op, 0);
            *p = r->next;
            if (r->held)
                seshat_comm_release(r->held);
            free(r);
            return;
        }
}

void seshat_req_remove(MPI_Request req)
{
    for (struct rec **p = &buckets[bucket_of(req)]; *p; p = &(*p)->next)
        if ((*p)->key == req) {
            struct rec *r = *p;
            seshat_req_track_unmatched(&r->op, 0);
            *p = r->next;
            if (r->held)
                seshat_comm_release(r->held);
            free(r);
            return;
        }
}

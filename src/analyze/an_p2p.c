/* an_p2p.c - point-to-point wait states (docs/patterns.md):
 *   Late Sender        at the receiver: min(E_send, X) - E of the call in
 *                      which the receive completed (Recv, Wait...; the
 *                      latest sender counts for Waitall/any/some)
 *   ... Wrong Order    an instance whose receiver later took a message that
 *                      was sent earlier (a ring of the last 100 instances)
 *   Late Receiver      at the sender, rendezvous/synchronous sends only:
 *                      min(P_recv, X) - E of the call in which the send
 *                      completed, P_recv = when the receive was posted */
#include <stdlib.h>
#include <string.h>

#include "analyze/an_replay.h"
#include "analyze/analysis.h"

#define RING 100

typedef struct reply {   /* receiver's post time, back to the sender's owner */
    int32_t src, idx, dst, pad;
    int64_t P;
} reply;

static int cmp64(int64_t a, int64_t b) { return (a > b) - (a < b); }

static int send_order(const void *x, const void *y)
{
    const an_send *a = x, *b = y;
    int c = cmp64(a->dst, b->dst);
    c = c ? c : cmp64(a->src, b->src);
    c = c ? c : cmp64(a->comm, b->comm);
    c = c ? c : cmp64(a->tag, b->tag);
    return c ? c : cmp64(a->seq, b->seq);
}

static const an_recv *recv_base;
static int recv_order(const void *x, const void *y)
{
    const an_recv *a = &recv_base[*(const size_t *)x], *b = &recv_base[*(const size_t *)y];
    int c = cmp64(a->dst, b->dst);
    c = c ? c : cmp64(a->src, b->src);
    c = c ? c : cmp64(a->comm, b->comm);
    c = c ? c : cmp64(a->tag, b->tag);
    return c ? c : cmp64(a->seq, b->seq);
}

/* Pairs each receive with its send; returns the replies for rendezvous. */
static reply *match(an_local *L, an_send *S, size_t ns, size_t *nrep, int **rdest, int np)
{
    an_vec *rv = &L->recvs;
    size_t *ord = malloc((rv->n + 1) * sizeof *ord);
    reply *rep = malloc((rv->n + 1) * sizeof *rep);
    *rdest = malloc((rv->n + 1) * sizeof **rdest);
    if (!ord || !rep || !*rdest)
        an_die("out of memory");
    for (size_t i = 0; i < rv->n; i++)
        ord[i] = i;
    recv_base = rv->data;
    qsort(ord, rv->n, sizeof *ord, recv_order);
    qsort(S, ns, sizeof *S, send_order);
    size_t j = 0;
    *nrep = 0;
    for (size_t k = 0; k < rv->n; k++) {
        an_recv *r = AN_AT(rv, an_recv, ord[k]);
        an_send key = { .dst = r->dst, .src = r->src, .comm = r->comm, .tag = r->tag,
                        .seq = r->seq };
        while (j < ns && send_order(&S[j], &key) < 0)
            j++;
        if (j == ns || send_order(&S[j], &key) != 0)
            continue;   /* its send is not in the trace (filtered) */
        r->E_send = S[j].E;
        if (S[j].rendezvous) {
            (*rdest)[*nrep] = an_owner(S[j].src, L->nranks, np);
            rep[(*nrep)++] = (reply){ S[j].src, S[j].idx, r->dst, 0, r->P };
        }
    }
    free(ord);
    return rep;
}

struct ls_inst {
    int64_t sev, E;
    int32_t site, src;
};

/* An instance leaves the ring: charge it where it belongs. */
static void settle(an_local *L, int rank, const struct ls_inst *i, int wrong, int same)
{
    int pat = !wrong ? SESHAT_PAT_LATE_SENDER : same ? SESHAT_PAT_LSWO_SAME : SESHAT_PAT_LSWO_DIFF;
    an_contrib_add(L, pat, rank, i->site, i->sev);
}

/* Late Sender and Wrong Order, one receiving rank at a time, calls in
 * stream order (the receives are stored that way). */
static void late_sender(an_local *L)
{
    an_vec *rv = &L->recvs;
    struct ls_inst ring[RING];
    int nring = 0, rank = -1;
    for (size_t i = 0; i < rv->n;) {
        an_recv *r = AN_AT(rv, an_recv, i);
        if (r->dst != rank) {
            for (int k = 0; k < nring; k++)
                settle(L, rank, &ring[k], 0, 0);
            nring = 0;
            rank = r->dst;
        }
        size_t end = i;
        int64_t latest = -1;
        int32_t latest_src = -1;
        while (end < rv->n && AN_AT(rv, an_recv, end)->dst == rank &&
               AN_AT(rv, an_recv, end)->uid == r->uid) {
            const an_recv *m = AN_AT(rv, an_recv, end++);
            if (m->E_send < 0)
                continue;
            if (m->E_send > latest) {
                latest = m->E_send;
                latest_src = m->src;
            }
            /* A message sent before an earlier Late Sender's: wrong order. */
            for (int k = 0; k < nring;) {
                if (ring[k].E > m->E_send) {
                    settle(L, rank, &ring[k], 1, ring[k].src == m->src);
                    ring[k] = ring[--nring];
                } else {
                    k++;
                }
            }
        }
        int64_t sev = latest < 0 || !r->blocking ? 0 : (latest < r->cX ? latest : r->cX) - r->cE;
        if (sev > 0) {
            an_wait_add(L, rank, r->cE, latest_src, r->cE + sev);
            if (nring == RING) {
                settle(L, rank, &ring[0], 0, 0);
                memmove(ring, ring + 1, (RING - 1) * sizeof *ring);
                nring--;
            }
            ring[nring++] = (struct ls_inst){ sev, latest, r->site, latest_src };
        }
        i = end;
    }
    for (int k = 0; k < nring; k++)
        settle(L, rank, &ring[k], 0, 0);
}

/* Late Receiver at the senders' owner: per completion call, the latest
 * receiver counts. */
static void late_receiver(an_local *L, const reply *rep, size_t n)
{
    an_map latest, who;
    an_map_init(&latest);
    an_map_init(&who);
    an_vec calls;
    an_vec_init(&calls, sizeof(an_pair));
    for (size_t i = 0; i < n; i++) {
        an_rank *R = &L->ranks[rep[i].src - L->lo];
        const an_sdone *d = AN_AT(&R->sdone, an_sdone, rep[i].idx);
        int found;
        uint64_t key = an_key3(rep[i].src, d->uid, 0);
        int64_t have = an_map_get(&latest, key, &found);
        if (!found)
            *(an_pair *)an_vec_push(&calls) = (an_pair){ rep[i].src, rep[i].idx };
        if (!found || rep[i].P > have) {
            *an_map_slot(&latest, key) = rep[i].P;
            *an_map_slot(&who, key) = rep[i].dst;
        }
    }
    for (size_t i = 0; i < calls.n; i++) {
        const an_pair *c = AN_AT(&calls, an_pair, i);
        an_rank *R = &L->ranks[c->a - L->lo];
        const an_sdone *d = AN_AT(&R->sdone, an_sdone, c->b);
        int found;
        int64_t P = an_map_get(&latest, an_key3(c->a, d->uid, 0), &found);
        if (d->blocking && P > d->cE) {
            int64_t end = P < d->cX ? P : d->cX;
            an_contrib_add(L, SESHAT_PAT_LATE_RECEIVER, (int)c->a, d->site, end - d->cE);
            an_wait_add(L, (int)c->a, d->cE, (int)an_map_get(&who, an_key3(c->a, d->uid, 0), &found),
                        end);
        }
    }
    an_map_free(&latest);
    an_map_free(&who);
    an_vec_free(&calls);
}

void an_replay_p2p(an_local *L, MPI_Comm comm)
{
    int np;
    MPI_Comm_size(comm, &np);
    an_vec *sv = &L->sends;
    int *dest = malloc((sv->n + 1) * sizeof *dest);
    if (!dest)
        an_die("out of memory");
    for (size_t i = 0; i < sv->n; i++)
        dest[i] = an_owner(AN_AT(sv, an_send, i)->dst, L->nranks, np);
    size_t ns, nrep, nback;
    an_send *S = an_exchange(sv->data, sv->n, sizeof(an_send), dest, comm, &ns);
    free(dest);
    int *rdest;
    reply *rep = match(L, S, ns, &nrep, &rdest, np);
    free(S);
    late_sender(L);
    reply *back = an_exchange(rep, nrep, sizeof *rep, rdest, comm, &nback);
    free(rep);
    free(rdest);
    late_receiver(L, back, nback);
    free(back);
}

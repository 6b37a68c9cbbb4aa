/* an_p2p.c - point-to-point wait states, window by window (docs/patterns.md):
 *   Late Sender        at the receiver: min(E_send, X) - E of the call in
 *                      which the receive completed (Recv, Wait...; the
 *                      latest sender counts for Waitall/any/some)
 *   ... Wrong Order    an instance whose receiver later took a message that
 *                      was sent earlier (a ring of the last 100 instances)
 *   Late Receiver      at the sender, rendezvous/synchronous sends only:
 *                      min(P_recv, X) - E of the call in which the send
 *                      completed, P_recv = when the receive was posted
 * A send and its receive may fall in different windows: whichever comes
 * first waits in a map keyed by (receiver, sender, communicator, tag, seq). */
#include <stdlib.h>
#include <string.h>

#include "analyze/an_replay.h"
#include "analyze/analysis.h"

#define RING 100

typedef struct reply {   /* receiver's post time, back to the sender's owner */
    int32_t src, idx, dst, pad;
    int64_t P;
} reply;

struct ls_inst {
    int64_t sev, E;
    int32_t site, src;
};

struct ring {
    int n;
    struct ls_inst inst[RING];
};

static uint64_t key_of(int64_t dst, int64_t src, int64_t comm, int64_t tag, int64_t seq)
{
    return an_key5(dst, src, comm, tag, seq);
}

/* Two different messages with one pairing key (a 64-bit hash): pairing
 * them would silently charge the wrong send's time, so stop instead. */
static void clash(int64_t dst, int64_t src, int64_t comm, int64_t tag, int64_t seq)
{
    an_die("internal error: the pairing key of message %lld -> %lld (communicator %lld, tag %lld, "
           "number %lld) collides with another message's",
           (long long)src, (long long)dst, (long long)comm, (long long)tag, (long long)seq);
}

static an_rank *owned(an_local *L, int rank)
{
    return rank >= L->lo && rank < L->hi ? &L->ranks[rank - L->lo] : NULL;
}

static void add_reply(an_vec *rep, an_vec *dest, int np, int nranks, int src, int idx, int dst,
                      int64_t P)
{
    *(reply *)an_vec_push(rep) = (reply){ src, idx, dst, 0, P };
    *(int *)an_vec_push(dest) = an_owner(src, nranks, np);
}

/* This window's sends arrive at their receivers' owner. */
static void take_sends(an_local *L, const an_send *S, size_t n, an_vec *rep, an_vec *rdest,
                       int np)
{
    for (size_t i = 0; i < n; i++) {
        const an_send *s = &S[i];
        uint64_t k = key_of(s->dst, s->src, s->comm, s->tag, s->seq);
        int found;
        int64_t pos = an_map_get(&L->waiting, k, &found);
        an_rank *R = owned(L, s->dst);
        if (found && R) {
            an_recv *r = AN_AT(&R->rq, an_recv, pos - R->rq_base);
            if (r->src != s->src || r->comm != s->comm || r->tag != s->tag || r->seq != s->seq)
                clash(s->dst, s->src, s->comm, s->tag, s->seq);
            r->E_send = s->E;
            an_map_del(&L->waiting, k);
            if (s->rendezvous)
                add_reply(rep, rdest, np, L->nranks, s->src, s->idx, s->dst, r->P);
        } else {
            an_map_get(&L->unmatched, k, &found);
            if (found)
                clash(s->dst, s->src, s->comm, s->tag, s->seq);
            *an_map_slot(&L->unmatched, k) = s->E;
            *an_map_slot(&L->unmatched_info, k ^ 0x5bd1e995) =
                (int64_t)((uint64_t)(uint32_t)s->idx << 32 | (uint64_t)(uint32_t)s->src << 1 |
                          (uint64_t)s->rendezvous);
        }
    }
}

/* This window's receives join their rank's queue, paired if they can be. */
static void take_recvs(an_local *L, an_vec *rep, an_vec *rdest, int np)
{
    for (size_t i = 0; i < L->recvs.n; i++) {
        an_recv *r = AN_AT(&L->recvs, an_recv, i);
        an_rank *R = owned(L, r->dst);
        uint64_t k = key_of(r->dst, r->src, r->comm, r->tag, r->seq);
        int found = 0;
        int64_t E = r->E_send == AN_UNKNOWN ? 0 : an_map_get(&L->unmatched, k, &found);
        if (r->E_send == AN_UNKNOWN) {
            /* its sender has no stream: nothing to wait for */
        } else if (found) {
            int64_t info = an_map_get(&L->unmatched_info, k ^ 0x5bd1e995, &found);
            r->E_send = E;
            an_map_del(&L->unmatched, k);
            an_map_del(&L->unmatched_info, k ^ 0x5bd1e995);
            if (info & 1)
                add_reply(rep, rdest, np, L->nranks, (int)(((uint64_t)info >> 1) & 0x7fffffff),
                          (int32_t)(uint32_t)((uint64_t)info >> 32), r->dst, r->P);
        } else {
            an_map_get(&L->waiting, k, &found);
            if (found)
                clash(r->dst, r->src, r->comm, r->tag, r->seq);
            *an_map_slot(&L->waiting, k) = R->rq_base + (int64_t)R->rq.n;
        }
        *(an_recv *)an_vec_push(&R->rq) = *r;
    }
    L->recvs.n = 0;
}

/* An instance leaves the ring: charge it where it belongs. */
static void settle(an_local *L, int rank, const struct ls_inst *i, int wrong, int same)
{
    int pat = !wrong ? SESHAT_PAT_LATE_SENDER : same ? SESHAT_PAT_LSWO_SAME : SESHAT_PAT_LSWO_DIFF;
    an_contrib_add(L, pat, rank, i->site, i->sev);
}

/* One receive call's messages (all paired or given up): Late Sender and
 * Wrong Order. */
static void judge(an_local *L, an_rank *R, struct ring *g, const an_recv *m, size_t n)
{
    int64_t latest = -1;
    int32_t latest_src = -1;
    for (size_t i = 0; i < n; i++) {
        if (m[i].E_send < 0)
            continue;
        an_msg_keep(&L->msgs, &(seshat_msg){ m[i].src, R->rank, m[i].E_send, m[i].cX });
        if (m[i].E_send > latest) {
            latest = m[i].E_send;
            latest_src = m[i].src;
        }
        /* A message sent before an earlier Late Sender's: wrong order. */
        for (int k = 0; k < g->n;) {
            if (g->inst[k].E > m[i].E_send) {
                settle(L, R->rank, &g->inst[k], 1, g->inst[k].src == m[i].src);
                /* keep the ring in order: the oldest is the one to drop when full */
                memmove(g->inst + k, g->inst + k + 1, (size_t)(g->n - k - 1) * sizeof *g->inst);
                g->n--;
            } else {
                k++;
            }
        }
    }
    int64_t sev = latest < 0 || !m[0].blocking ? 0 : (latest < m[0].cX ? latest : m[0].cX) - m[0].cE;
    if (sev <= 0)
        return;
    an_wait_add(L, R->rank, m[0].site, SESHAT_PAT_LATE_SENDER, m[0].cE, latest_src, m[0].cE + sev);
    if (g->n == RING) {
        settle(L, R->rank, &g->inst[0], 0, 0);
        memmove(g->inst, g->inst + 1, (RING - 1) * sizeof *g->inst);
        g->n--;
    }
    g->inst[g->n++] = (struct ls_inst){ sev, latest, m[0].site, latest_src };
}

/* Judges the calls at the head of each queue whose receives are all
 * paired (all of them at the end), then drops them. */
static void late_sender(an_local *L, int final)
{
    for (int i = 0; i < L->hi - L->lo; i++) {
        an_rank *R = &L->ranks[i];
        if (!R->ring && !(R->ring = calloc(1, sizeof(struct ring))))
            an_die("out of memory");
        an_recv *q = R->rq.data;
        size_t h = R->rq_head;
        while (h < R->rq.n) {
            size_t end = h, ready = 1;
            while (end < R->rq.n && q[end].uid == q[h].uid) {
                ready &= q[end].E_send != -1 || final;
                end++;
            }
            if (!ready)
                break;   /* its send is in a later window */
            judge(L, R, R->ring, q + h, end - h);
            h = end;
        }
        R->rq_head = h;
        if (final) {
            struct ring *g = R->ring;
            for (int k = 0; k < g->n; k++)
                settle(L, R->rank, &g->inst[k], 0, 0);
            g->n = 0;
        }
        if (R->rq_head > 1024 && 2 * R->rq_head > R->rq.n) {   /* drop the judged prefix */
            memmove(q, q + R->rq_head, (R->rq.n - R->rq_head) * sizeof *q);
            R->rq.n -= R->rq_head;
            R->rq_base += (int64_t)R->rq_head;
            R->rq_head = 0;
        }
    }
}

/* Late Receiver at the senders' owner; the latest receiver of a call
 * counts: a later, larger post time adds the difference. */
static void late_receiver(an_local *L, const reply *rep, size_t n, an_vec *later, int final)
{
    for (size_t i = 0; i < n; i++) {
        if (rep[i].idx < 0 || (size_t)rep[i].idx >= L->sdone.n)
            continue;
        an_sdone *d = AN_AT(&L->sdone, an_sdone, rep[i].idx);
        if (!d->live)
            continue;
        if (!d->completed && !final) {   /* its Wait is in a later window */
            *(reply *)an_vec_push(later) = rep[i];
            continue;
        }
        uint64_t key = an_key3(d->rank, d->uid, 0);
        int found;
        int64_t before = an_map_get(&L->lr_max, key, &found), P = rep[i].P;
        int64_t old = found ? before : d->cE;
        if (P > old) {
            *an_map_slot(&L->lr_max, key) = P;
            if (d->blocking) {
                int64_t a = old < d->cX ? old : d->cX, b = P < d->cX ? P : d->cX;
                an_contrib_add(L, SESHAT_PAT_LATE_RECEIVER, d->rank, d->site, b - a);
                an_wait_add(L, d->rank, d->site, SESHAT_PAT_LATE_RECEIVER, d->cE, rep[i].dst, b);
            }
        }
        d->live = 0;
        *(int64_t *)an_vec_push(&L->sdone_free) = rep[i].idx;
        /* The call's last send heard from: its running maximum goes. */
        int64_t *refs = d->completed ? an_map_slot(&L->lr_refs, key) : NULL;
        if (refs && --*refs <= 0) {
            an_map_del(&L->lr_refs, key);
            an_map_del(&L->lr_max, key);
        }
    }
}

void an_replay_p2p(an_local *L, MPI_Comm comm, int final)
{
    int np;
    MPI_Comm_size(comm, &np);
    an_vec *sv = &L->sends;
    int *dest = malloc((sv->n + 1) * sizeof *dest);
    if (!dest)
        an_die("out of memory");
    for (size_t i = 0; i < sv->n; i++)
        dest[i] = an_owner(AN_AT(sv, an_send, i)->dst, L->nranks, np);
    size_t ns, nback;
    an_send *S = an_exchange(sv->data, sv->n, sizeof(an_send), dest, comm, &ns);
    free(dest);
    sv->n = 0;
    an_vec rep, rdest;
    an_vec_init(&rep, sizeof(reply));
    an_vec_init(&rdest, sizeof(int));
    take_sends(L, S, ns, &rep, &rdest, np);
    free(S);
    take_recvs(L, &rep, &rdest, np);
    late_sender(L, final);
    reply *back = an_exchange(rep.data, rep.n, sizeof(reply), rdest.data, comm, &nback);
    an_vec_free(&rep);
    an_vec_free(&rdest);
    /* Replies whose send had not completed yet, then the new ones. */
    an_vec later;
    an_vec_init(&later, sizeof(reply));
    late_receiver(L, L->deferred.data, L->deferred.n, &later, final);
    late_receiver(L, back, nback, &later, final);
    free(back);
    an_vec_free(&L->deferred);
    L->deferred = later;
}

/* an_coll.c - collective wait states, evaluated at the process that owns
 * the collective (by communicator) once every member's entry has arrived
 * (members may arrive in different windows).
 * E = enter, X = exit of each member's call; latest = max E (docs/patterns.md). */
#include <stdlib.h>

#include "analyze/an_replay.h"
#include "analyze/analysis.h"

enum { K_BARRIER, K_BCAST, K_REDUCE, K_ALLREDUCE, K_GATHER, K_SCATTER, K_ALLGATHER,
       K_ALLTOALL, K_REDUCE_SCATTER, K_SCAN, K_EXSCAN };

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }


static void add(an_local *L, int pat, const an_coll *m, int64_t ns)
{
    an_contrib_add(L, pat, m->rank, m->site, ns);
}

/* A member waited from its entry until `cause` entered. */
static void waited(an_local *L, int pat, const an_coll *m, const an_coll *cause)
{
    an_wait_add(L, m->rank, m->site, pat, m->E, cause->rank, cause->E < m->X ? cause->E : m->X);
}

/* Waiting for the last member, then the time after the first one left
 * (completion -1: not a pattern of its own). */
static void sync_patterns(an_local *L, const an_coll *g, int n, int wait, int completion)
{
    int64_t latest = g[0].E, earliest_end = g[0].X;
    int last = 0;
    for (int i = 1; i < n; i++) {
        last = g[i].E > latest ? i : last;
        latest = max64(latest, g[i].E);
        earliest_end = min64(earliest_end, g[i].X);
    }
    for (int i = 0; i < n; i++) {
        waited(L, wait, &g[i], &g[last]);
        add(L, wait, &g[i], min64(latest, g[i].X) - g[i].E);
        if (completion >= 0)
            add(L, completion, &g[i], g[i].X - max64(earliest_end, min64(latest, g[i].X)));
    }
}

static void one_group(an_local *L, const an_coll *g, int n)
{
    int kind = g[0].kind, root = g[0].root, zero = 1;
    for (int i = 0; i < n; i++)
        zero &= g[i].bytes == 0;
    switch (kind) {
    case K_BARRIER:
        sync_patterns(L, g, n, SESHAT_PAT_WAIT_BARRIER, SESHAT_PAT_BARRIER_COMPLETION);
        return;
    case AN_COLL_FENCE:   /* Scalasca's Wait at Fence; the rest is the fence's own time */
        sync_patterns(L, g, n, SESHAT_PAT_RMA_WAIT_AT_FENCE, -1);
        return;
    case K_ALLREDUCE: case K_ALLGATHER: case K_ALLTOALL: case K_REDUCE_SCATTER:
        if (!zero)
            sync_patterns(L, g, n, SESHAT_PAT_WAIT_NXN, SESHAT_PAT_NXN_COMPLETION);
        return;
    case K_BCAST: case K_SCATTER:
        if (root < 0 || root >= n)
            return;   /* intercommunicator roots are not analyzed */
        for (int i = 0; i < n; i++)
            if (i != root && g[i].E < g[root].E) {
                add(L, SESHAT_PAT_LATE_BROADCAST, &g[i], min64(g[root].E, g[i].X) - g[i].E);
                waited(L, SESHAT_PAT_LATE_BROADCAST, &g[i], &g[root]);
            }
        return;
    case K_REDUCE: case K_GATHER: {
        if (root < 0 || root >= n)
            return;
        int64_t latest = -1;
        int last = root;
        for (int i = 0; i < n; i++)
            if (i != root && g[i].E > latest) {
                latest = g[i].E;
                last = i;
            }
        if (g[root].E < latest) {
            add(L, SESHAT_PAT_EARLY_REDUCE, &g[root], min64(latest, g[root].X) - g[root].E);
            waited(L, SESHAT_PAT_EARLY_REDUCE, &g[root], &g[last]);
        }
        return;
    }
    case K_SCAN: case K_EXSCAN: {
        int64_t latest = -1;
        int last = 0;
        for (int i = 0; i < n; i++) {
            last = g[i].E > latest ? i : last;
            latest = max64(latest, g[i].E);
            add(L, SESHAT_PAT_EARLY_SCAN, &g[i], min64(latest, g[i].X) - g[i].E);
            waited(L, SESHAT_PAT_EARLY_SCAN, &g[i], &g[last]);
        }
        return;
    }
    default:
        return;   /* neighborhood collectives: no published pattern */
    }
}

static int by_member(const void *x, const void *y)
{
    const an_coll *a = x, *b = y;
    return (a->me > b->me) - (a->me < b->me);
}

/* Members arrive window by window; an instance is judged when all have. */
void an_replay_coll(an_local *L, MPI_Comm comm, int final)
{
    int np;
    MPI_Comm_size(comm, &np);
    an_vec *cv = &L->colls;
    int *dest = malloc((cv->n + 1) * sizeof *dest);
    if (!dest)
        an_die("out of memory");
    for (size_t i = 0; i < cv->n; i++)
        dest[i] = (int)(an_key3(AN_AT(cv, an_coll, i)->comm, 0, 0) % (uint64_t)np);
    size_t n;
    an_coll *C = an_exchange(cv->data, cv->n, sizeof(an_coll), dest, comm, &n);
    free(dest);
    cv->n = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t key = an_key3(C[i].comm, C[i].seq, 1);
        int found;
        int64_t g = an_map_get(&L->groups, key, &found);
        if (!found) {
            if (L->gfree.n) {
                g = *AN_AT(&L->gfree, int64_t, --L->gfree.n);
            } else {
                g = (int64_t)L->gpool.n;
                an_vec_init(an_vec_push(&L->gpool), sizeof(an_coll));
            }
            *an_map_slot(&L->groups, key) = g;
        }
        an_vec *members = AN_AT(&L->gpool, an_vec, g);
        *(an_coll *)an_vec_push(members) = C[i];
        if ((int)members->n < C[i].size)
            continue;
        qsort(members->data, members->n, sizeof(an_coll), by_member);
        an_coll *m = members->data;
        int consistent = 1;
        for (size_t j = 0; j < members->n; j++)
            consistent &= m[j].kind == m[0].kind && m[j].me == (int32_t)j;
        if (consistent)
            one_group(L, m, (int)members->n);
        members->n = 0;
        an_map_del(&L->groups, key);
        *(int64_t *)an_vec_push(&L->gfree) = g;
    }
    free(C);
    (void)final;   /* instances still missing a member are left out */
}

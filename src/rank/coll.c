/* coll.c - entry-time exchange and exit times for collectives (coll.h). */
#include <stdlib.h>

#include "rank/coll.h"
#include "rank/idle.h"
#include "rank/inbox.h"
#include "rank/path.h"
#include "rank/profile.h"
#include "rank/progress.h"
#include "trace/trace.h"

struct member { int64_t entry, bytes, root; };
/* The sum exchange adds members as arrays of int64_t. */
#define SLOT_WORDS 3
_Static_assert(sizeof(struct member) == SLOT_WORDS * sizeof(int64_t), "struct member has padding");

struct seshat_coll_pending {
    seshat_comm *comm;
    int synced;              /* contention: a SESHAT_COLL_SYNC entry is out */
    int by_model;            /* the model times it (path.h coll_enter) */
    int neighbor;            /* a neighborhood collective: in/out degrees below */
    int indeg, outdeg;
    seshat_coll desc;
    int cls;                 /* cost factor class (config.h) */
    int32_t seq;
    struct member mine;
    struct member *all;      /* direct: every member's entry and block */
    struct member *slots;    /* a sum exchange's send buffer (see exchange) */
    MPI_Request req;         /* direct: the exchange */
};

/* Factor classes follow the schedule kinds, then alltoallv. */
_Static_assert(SESHAT_COLL_EXSCAN == 10 && SESHAT_FACTOR_ALLTOALLV == 11 &&
                   SESHAT_FACTOR_CLASSES == 12,
               "config.h factor classes out of step with seshat_coll_kind");

/* The schedule kinds that take an algorithm (collectives.* keys). */
#define SESHAT_COLL_SCHEDULED ((int)SESHAT_COLL_EXSCAN + 1)
_Static_assert(SESHAT_COLL_SCHEDULED == (int)SESHAT_COLL_NEIGHBOR &&
                   SESHAT_COLL_SCHEDULED <= sizeof(((seshat_config *)0)->coll_alg) / sizeof(int),
               "config.h coll_alg[] must cover every scheduled collective kind");

int seshat_coll_modeled(const seshat_comm *c) { return c != NULL; }

/* The cost factor of pd at its (final) block size. */
static double cost_factor(const struct seshat_coll_pending *pd)
{
    return seshat_config_coll_factor(&seshat_rt.cfg, pd->cls, pd->desc.bytes);
}

/* Bytes this member's buffers send and receive (Scalasca's per-process
 * collective sizes), from its block n. */
static void sizes(const seshat_comm *c, enum seshat_coll_kind kind, int root, int64_t n,
                  int64_t *sent, int64_t *recv)
{
    int64_t p = c->peer_size;
    int is_root = !c->is_inter ? c->my_rank == root : root == MPI_ROOT;
    switch (kind) {
    case SESHAT_COLL_BARRIER: *sent = *recv = 0; break;
    case SESHAT_COLL_BCAST: *sent = is_root ? n : 0; *recv = is_root ? 0 : n; break;
    case SESHAT_COLL_REDUCE: *sent = n; *recv = is_root ? n : 0; break;
    case SESHAT_COLL_GATHER: *sent = n; *recv = is_root ? p * n : 0; break;
    case SESHAT_COLL_SCATTER: *sent = is_root ? p * n : 0; *recv = n; break;
    case SESHAT_COLL_ALLGATHER: *sent = n; *recv = p * n; break;
    case SESHAT_COLL_ALLTOALL: *sent = *recv = p * n; break;
    case SESHAT_COLL_REDUCE_SCATTER: *sent = p * n; *recv = n; break;
    default: *sent = *recv = n;
    }
}

static seshat_vtime sync_leave(seshat_comm *c, int32_t seq)
{
    return seshat_progress_answer(-1, c->id, seq, 1).arrival;
}

void seshat_coll_sync(seshat_comm *c)
{
    if (!c || !seshat_path_sync_enter(c, c->coll_seq))
        return;
    int32_t seq = c->coll_seq++;
    seshat_clock_advance_to(sync_leave(c, seq));
}

/* Start the exchange of every member's entry into pd->all. libnbc's
 * Iallgather is recursive doubling (log n peers; init_calls.c asks for it)
 * only when n is a power of two, and linear otherwise: n - 1 messages per
 * member, each touching a peer's shared-memory segment. Other sizes sum
 * the members' slots instead (each member fills its own, the rest are 0,
 * so the integer sum is the table): libnbc's Iallreduce is a binomial
 * tree for tables this small, 2 log n messages per member. */
static void exchange(struct seshat_coll_pending *pd, MPI_Comm comm, int n, int me)
{
    pd->all = seshat_xmalloc(sizeof *pd->all * (size_t)n);
    if ((n & (n - 1)) == 0) {
        seshat_ctl(seshat_real.Iallgather(&pd->mine, sizeof pd->mine, MPI_BYTE, pd->all,
                                          sizeof pd->mine, MPI_BYTE, comm, &pd->req),
                   "Iallgather(collective entries)");
        return;
    }
    pd->slots = seshat_xcalloc((size_t)n, sizeof *pd->slots);
    pd->slots[me] = pd->mine;
    seshat_ctl(seshat_real.Iallreduce(pd->slots, pd->all, n * SLOT_WORDS, MPI_INT64_T, MPI_SUM,
                                      comm, &pd->req),
               "Iallreduce(collective entries)");
}

static struct seshat_coll_pending *start(seshat_comm *c, enum seshat_coll_kind kind, int root,
                                         int64_t bytes, uint32_t req)
{
    struct seshat_coll_pending *pd = seshat_xcalloc(1, sizeof *pd);
    pd->comm = c;
    pd->cls = kind == SESHAT_COLL_ALLTOALLV ? SESHAT_FACTOR_ALLTOALLV : (int)kind;
    int vector = kind == SESHAT_COLL_ALLTOALLV;
    if (vector)
        kind = SESHAT_COLL_ALLTOALL;
    pd->desc = (seshat_coll){ kind, (int)kind < SESHAT_COLL_SCHEDULED ? seshat_rt.cfg.coll_alg[kind]
                                                                : SESHAT_ALG_AUTO,
                              c->peer_size, root, bytes, 1, vector };
    /* Alltoallv/w have their own rules (by group size only): decided here,
     * so the relay path's entry carries the algorithm. */
    if (vector && pd->desc.alg == SESHAT_ALG_AUTO)
        pd->desc.alg = seshat_coll_choose(&pd->desc);
    pd->desc.factor = cost_factor(pd);
    pd->seq = c->coll_seq++;
    if (seshat_tracing) {
        int64_t sent, recv;
        sizes(c, kind, root, bytes, &sent, &recv);
        seshat_trace_coll(kind, c->id, root, bytes, req, sent, recv);
    }
    if (seshat_profiling)
        seshat_profile_bytes(bytes);
    pd->mine = (struct member){ seshat_clock_now(), bytes, root };
    /* the members wait for each other's pieces inside Open MPI */
    seshat_idle_group(c->peer_world, c->peer_size);
    if (c->is_inter)
        pd->synced = seshat_path_sync_enter(c, pd->seq);
    if (c->is_inter) {   /* both paths: every member evaluates (see coll.h) */
        int n = 0;
        SESHAT_CHECKED(Comm_size, c->merged, &n);
        pd->desc.p = n;
        exchange(pd, c->merged, n, c->merged_rank);
        return pd;
    }
    seshat_coll_entry e = { c->id, pd->seq, c->peer_size, c->my_rank, kind, pd->desc.alg,
                            root, seshat_rt.world_rank, c->peer_world[0], pd->cls,
                            pd->mine.entry, bytes, seshat_promise_floor() };
    if ((pd->by_model = seshat_rt.path->coll_enter(&e)))
        return pd;
    exchange(pd, c->shadow, c->peer_size, c->my_rank);
    return pd;
}

/* In- and out-degree of this rank in comm's topology (PROC_NULL neighbors
 * of a Cartesian grid do not count). */
static void degrees(MPI_Comm comm, int *in, int *out)
{
    int topo = MPI_UNDEFINED, rank, nd, w;
    *in = *out = 0;
    SESHAT_CHECKED(Topo_test, comm, &topo);
    if (topo == MPI_CART) {
        SESHAT_CHECKED(Cartdim_get, comm, &nd);
        for (int d = 0; d < nd; d++) {
            int src, dst;
            SESHAT_CHECKED(Cart_shift, comm, d, 1, &src, &dst);
            *in += (src != MPI_PROC_NULL) + (dst != MPI_PROC_NULL);
        }
        *out = *in;
    } else if (topo == MPI_GRAPH) {
        SESHAT_CHECKED(Comm_rank, comm, &rank);
        SESHAT_CHECKED(Graph_neighbors_count, comm, rank, in);
        *out = *in;
    } else if (topo == MPI_DIST_GRAPH) {
        SESHAT_CHECKED(Dist_graph_neighbors_count, comm, in, out, &w);
    }
}

static struct seshat_coll_pending *start_neighbor(seshat_comm *c, int64_t bytes, uint32_t req)
{
    struct seshat_coll_pending *pd = seshat_xcalloc(1, sizeof *pd);
    int topo_in, topo_out, slots;
    pd->comm = c;
    pd->neighbor = 1;
    pd->mine = (struct member){ seshat_clock_now(), bytes, 0 };
    degrees(c->comm, &topo_in, &topo_out);
    pd->indeg = topo_in;
    pd->outdeg = topo_out;
    /* a Cartesian grid lists 2 x ndims slots, PROC_NULL ones stay -1 */
    int nd = 0, topo = MPI_UNDEFINED;
    SESHAT_CHECKED(Topo_test, c->comm, &topo);
    if (topo == MPI_CART)
        SESHAT_CHECKED(Cartdim_get, c->comm, &nd);
    slots = topo == MPI_CART ? 2 * nd : topo_in;
    pd->all = seshat_xmalloc(sizeof *pd->all * (size_t)(slots > 0 ? slots : 1));
    for (int i = 0; i < slots; i++)
        pd->all[i].entry = -1;
    pd->indeg = slots;
    if (seshat_tracing)
        seshat_trace_coll(SESHAT_COLL_NEIGHBOR, c->id, -1, bytes, req, bytes * topo_out,
                          bytes * topo_in);
    if ((pd->synced = seshat_path_sync_enter(c, c->coll_seq)))
        pd->seq = c->coll_seq++;
    seshat_ctl(seshat_real.Ineighbor_allgather(&pd->mine, sizeof pd->mine, MPI_BYTE, pd->all,
                                               sizeof pd->mine, MPI_BYTE, c->shadow, &pd->req),
               "Ineighbor_allgather(collective entries)");
    return pd;
}

static seshat_vtime evaluate_neighbor(struct seshat_coll_pending *pd)
{
    seshat_vtime *in = seshat_xmalloc(sizeof *in * (size_t)(pd->indeg > 0 ? pd->indeg : 1));
    for (int j = 0; j < pd->indeg; j++)
        in[j] = pd->all[j].entry;
    seshat_vtime t = seshat_coll_neighbor_exit(&seshat_rt.model, pd->mine.entry, pd->outdeg,
                                               pd->mine.bytes, in, pd->indeg);
    free(in);
    return t;
}

/* Every member evaluates the same schedule on the same inputs. */
static seshat_vtime evaluate(struct seshat_coll_pending *pd)
{
    int p = pd->desc.p;
    seshat_vtime *entry = seshat_xmalloc(sizeof *entry * (size_t)p * 2), *exit = entry + p;
    for (int r = 0; r < p; r++) {
        entry[r] = pd->all[r].entry;
        if (pd->all[r].bytes > pd->desc.bytes)
            pd->desc.bytes = pd->all[r].bytes;   /* v-variants: the largest block */
    }
    pd->desc.factor = cost_factor(pd);
    if (pd->comm->is_inter) {
        for (int r = 0; r < p; r++)
            if (pd->all[r].root == MPI_ROOT)
                pd->desc.root = r;
        seshat_coll_eval_inter(&seshat_rt.model, &pd->desc, pd->comm->low_size, entry, exit);
    } else {
        seshat_coll_eval_world(&seshat_rt.model, &pd->desc, pd->comm->peer_world, entry, exit);
    }
    seshat_vtime t = exit[pd->comm->is_inter ? pd->comm->merged_rank : pd->comm->my_rank];
    free(entry);
    return t;
}

static seshat_vtime finish(struct seshat_coll_pending *pd)
{
    seshat_vtime t;
    if (!pd)
        return seshat_clock_now();
    if (pd->by_model) {
        t = seshat_progress_answer(-1, pd->comm->id, pd->seq, 1).arrival;
    } else {
        /* contention: nobody waits on the exchange before all have entered */
        seshat_vtime s = pd->synced ? sync_leave(pd->comm, pd->seq) : 0;
        seshat_ctl(seshat_progress_wait_req(&pd->req, MPI_STATUS_IGNORE, 0, NULL),
                   "Wait(collective entries)");
        t = pd->neighbor ? evaluate_neighbor(pd) : evaluate(pd);
        if (s > t)
            t = s;
    }
    free(pd->all);
    free(pd->slots);
    free(pd);
    return t;
}

struct seshat_coll_pending *seshat_coll_begin(seshat_comm *c, enum seshat_coll_kind kind,
                                              int root, int64_t bytes)
{
    return start(c, kind, root, bytes, 0);
}

struct seshat_coll_pending *seshat_coll_begin_neighbor(seshat_comm *c, int64_t bytes)
{
    return start_neighbor(c, bytes, 0);
}

/* The model times it: a barrier of our own; otherwise the exchange, which
 * every member has started, is that barrier (finish finds it done). */
void seshat_coll_here(struct seshat_coll_pending *pd)
{
    MPI_Request rq = MPI_REQUEST_NULL, *wait = &pd->req;
    /* its answer may come during the meet: held, it bounds our promise */
    seshat_filter mine = { pd->comm, MPI_PROC_NULL, MPI_ANY_TAG, NULL,
                           pd->by_model ? pd->seq : -1 };
    if (pd->by_model) {
        seshat_ctl(seshat_real.Ibarrier(pd->comm->shadow, &rq), "Ibarrier(collective members)");
        wait = &rq;
    }
    seshat_ctl(seshat_progress_wait_req(wait, MPI_STATUS_IGNORE, 1, &mine),
               "Wait(collective members)");
}

seshat_vtime seshat_coll_end(struct seshat_coll_pending *pd) { return finish(pd); }

seshat_vtime seshat_coll_enter(seshat_comm *c, enum seshat_coll_kind kind, int root,
                               int64_t bytes)
{
    return finish(start(c, kind, root, bytes, 0));
}

void seshat_coll_blocking(seshat_comm *c, enum seshat_coll_kind kind, int root, int64_t bytes)
{
    seshat_clock_advance_to(seshat_coll_enter(c, kind, root, bytes));
}

void seshat_coll_post(seshat_op *op, seshat_comm *c, enum seshat_coll_kind kind, int root,
                      int64_t bytes)
{
    op->active = 1;
    op->comm = c;
    op->req_id = seshat_req_next_id();
    op->coll = start(c, kind, root, bytes, op->req_id);
}

int seshat_coll_ready(const seshat_op *op)
{
    const struct seshat_coll_pending *pd = op->coll;
    /* only what the model times (and contention's synchronizations) waits for it */
    if (!pd || !(pd->by_model || pd->synced))
        return 1;
    return seshat_inbox_has(-1, pd->comm->id, pd->seq);
}

seshat_vtime seshat_coll_finish(seshat_op *op)
{
    seshat_vtime t = finish(op->coll);
    op->coll = NULL;
    op->done = t;
    return t;
}

seshat_vtime seshat_coll_neighbor_enter(seshat_comm *c, int64_t bytes)
{
    return finish(start_neighbor(c, bytes, 0));
}

void seshat_coll_neighbor(seshat_comm *c, int64_t bytes)
{
    seshat_clock_advance_to(seshat_coll_neighbor_enter(c, bytes));
}

void seshat_coll_neighbor_post(seshat_op *op, seshat_comm *c, int64_t bytes)
{
    op->active = 1;
    op->comm = c;
    op->req_id = seshat_req_next_id();
    op->coll = start_neighbor(c, bytes, op->req_id);
}

/* coll_calls.c - collectives: the real operation moves the data, then the
 * schedule (src/rank/coll.h) decides when each member leaves. Nonblocking
 * forms record their entry at the call and are charged at completion. */
#include "interpose/interpose.h"
#include "rank/coll.h"
#include "rank/path.h"
#include "rank/progress.h"

static int64_t max_count(const int *counts, int n, MPI_Datatype type)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        m = counts[i] > m ? counts[i] : m;
    return seshat_bytes(m, type);
}

static int64_t mean_count(const int *counts, int n, MPI_Datatype type)
{
    int64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += counts[i];
    return n ? seshat_bytes(1, type) * sum / n : 0;
}

static int64_t mean_w(const int *counts, const MPI_Datatype *types, int n)
{
    int64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += seshat_bytes(counts[i], types[i]);
    return n ? sum / n : 0;
}

/* The modeled communicator for an outermost call, or NULL. */
static seshat_comm *modeled(int outer, MPI_Comm comm, int rc)
{
    seshat_comm *c = outer && rc == MPI_SUCCESS ? seshat_comm_lookup(comm) : NULL;
    return seshat_coll_modeled(c) ? c : NULL;
}

/* Whether a rooted call's root is valid on c: otherwise the real call
 * only returns its error, and nothing is modeled. */
static int root_ok(const seshat_comm *c, int root)
{
    if (c->is_inter && (root == MPI_ROOT || root == MPI_PROC_NULL))
        return 1;
    return root >= 0 && root < c->peer_size;
}

/* The modeled communicator of an outermost blocking collective, or NULL;
 * the watchdog's line names the call and communicator. */
static seshat_comm *entering(int outer, MPI_Comm comm, enum seshat_call_id call, int root)
{
    seshat_comm *c = outer ? seshat_comm_lookup(comm) : NULL;
    if (!seshat_coll_modeled(c) || !root_ok(c, root))
        return NULL;
    if (seshat_watch_ns)
        seshat_watch_what(call, c, MPI_PROC_NULL, MPI_ANY_TAG);
    return c;
}

/* A blocking collective is the program's own blocking call, so it adds in
 * the order Open MPI's blocking algorithm does (the same bits as
 * natively). Every member's entry is known first (seshat_coll_enter: a
 * wait that polls for the watchdog); then the real call cannot wait for a
 * member that never comes. Under contention no member may wait for the
 * model before its real call (docs/models.md, "Contention"): the entry
 * goes to the model, the members meet without it (seshat_coll_here), the
 * real call runs, and only then the member waits for its answer. The
 * entry time is read first either way: virtual times are the same. */
#define BLOCKING(NAME, INAME, KIND, ROOT, BYTES, PARAMS, ARGS)                               \
    int PMPI_##NAME PARAMS                                                                    \
    {                                                                                         \
        comm = seshat_comm_in(comm);                                                          \
        int outer = seshat_enter(SESHAT_CALL_##NAME), rc;                                     \
        seshat_comm *c = entering(outer, comm, SESHAT_CALL_##NAME, ROOT);                     \
        if (!c) {                                                                             \
            rc = seshat_real.NAME ARGS;                                                       \
        } else if (seshat_rt.path->promises) {                                                \
            struct seshat_coll_pending *pd = seshat_coll_begin(c, KIND, ROOT, BYTES);         \
            seshat_coll_here(pd);                                                             \
            rc = seshat_real.NAME ARGS;                                                       \
            seshat_vtime exit = seshat_coll_end(pd);                                          \
            if (rc == MPI_SUCCESS)                                                            \
                seshat_clock_advance_to(exit);                                                \
        } else {                                                                              \
            seshat_vtime exit = seshat_coll_enter(c, KIND, ROOT, BYTES);                      \
            if ((rc = seshat_real.NAME ARGS) == MPI_SUCCESS)                                  \
                seshat_clock_advance_to(exit);                                                \
        }                                                                                     \
        if (outer)                                                                            \
            seshat_leave(SESHAT_CALL_##NAME);                                                 \
        return rc;                                                                            \
    }                                                                                         \
    int MPI_##NAME PARAMS __attribute__((alias("PMPI_" #NAME)));

#define NONBLOCKING(NAME, KIND, ROOT, BYTES, PARAMS, ARGS)                                   \
    int PMPI_##NAME PARAMS                                                                    \
    {                                                                                         \
        comm = seshat_comm_in(comm);                                                          \
        int outer = seshat_enter(SESHAT_CALL_##NAME);                                         \
        int rc = seshat_real.NAME ARGS;                                                       \
        seshat_comm *c = modeled(outer, comm, rc);                                            \
        if (c) {                                                                              \
            seshat_op *op = seshat_req_add(*req, c);                                             \
            op->is_coll = 1;                                                                  \
            seshat_coll_post(op, c, KIND, ROOT, BYTES);                                       \
        }                                                                                     \
        if (outer)                                                                            \
            seshat_leave(SESHAT_CALL_##NAME);                                                 \
        return rc;                                                                            \
    }                                                                                         \
    int MPI_##NAME PARAMS __attribute__((alias("PMPI_" #NAME)));

/* Rooted collectives: on an intercommunicator the root passes MPI_ROOT and
 * the rest of its group MPI_PROC_NULL, whose arguments are not significant
 * (they may be NULL or MPI_DATATYPE_NULL); only the root's counts are. */
static int is_root(const seshat_comm *c, int root)
{
    return c->is_inter ? root == MPI_ROOT : c->my_rank == root;
}
#define IDLE(root) (c->is_inter && (root) == MPI_PROC_NULL)
#define ROOTED(scount, stype, rcount, rtype) \
    (IDLE(root) ? 0 : is_root(c, root) ? seshat_bytes(rcount, rtype) : seshat_bytes(scount, stype))

BLOCKING(Barrier, Ibarrier, SESHAT_COLL_BARRIER, 0, 0, (MPI_Comm comm), (comm))
NONBLOCKING(Ibarrier, SESHAT_COLL_BARRIER, 0, 0, (MPI_Comm comm, MPI_Request *req), (comm, req))

BLOCKING(Bcast, Ibcast, SESHAT_COLL_BCAST, root, IDLE(root) ? 0 : seshat_bytes(count, type),
         (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm),
         (buf, count, type, root, comm))
NONBLOCKING(Ibcast, SESHAT_COLL_BCAST, root, IDLE(root) ? 0 : seshat_bytes(count, type),
            (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *req),
            (buf, count, type, root, comm, req))

/* A blocking collective and its nonblocking twin: the same arguments, plus
 * a request. P and A name the parameter and argument lists before comm. */
#define PAIR(NAME, INAME, KIND, BYTES, P, A)                                                  \
    BLOCKING(NAME, INAME, KIND, 0, BYTES, (P, MPI_Comm comm), (A, comm))                     \
    NONBLOCKING(INAME, KIND, 0, BYTES, (P, MPI_Comm comm, MPI_Request *req), (A, comm, req))
#define ROOTED_PAIR(NAME, INAME, KIND, BYTES, P, A)                                           \
    BLOCKING(NAME, INAME, KIND, root, BYTES, (P, int root, MPI_Comm comm), (A, root, comm))  \
    NONBLOCKING(INAME, KIND, root, BYTES, (P, int root, MPI_Comm comm, MPI_Request *req),    \
                (A, root, comm, req))

#define REDUCE_PARAMS const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op
#define REDUCE_ARGS sbuf, rbuf, count, type, op
#define REDUCE_BYTES seshat_bytes(count, type)
ROOTED_PAIR(Reduce, Ireduce, SESHAT_COLL_REDUCE, IDLE(root) ? 0 : REDUCE_BYTES, REDUCE_PARAMS,
            REDUCE_ARGS)
PAIR(Allreduce, Iallreduce, SESHAT_COLL_ALLREDUCE, REDUCE_BYTES, REDUCE_PARAMS, REDUCE_ARGS)
PAIR(Scan, Iscan, SESHAT_COLL_SCAN, REDUCE_BYTES, REDUCE_PARAMS, REDUCE_ARGS)
PAIR(Exscan, Iexscan, SESHAT_COLL_EXSCAN, REDUCE_BYTES, REDUCE_PARAMS, REDUCE_ARGS)
PAIR(Reduce_scatter_block, Ireduce_scatter_block, SESHAT_COLL_REDUCE_SCATTER, REDUCE_BYTES,
     REDUCE_PARAMS, REDUCE_ARGS)

#define RS_PARAMS const void *sbuf, void *rbuf, const int counts[], MPI_Datatype type, MPI_Op op
#define RS_ARGS sbuf, rbuf, counts, type, op
/* counts: one per member of the local group (the result of the remote
 * group's reduction, on an intercommunicator) */
static int local_size(const seshat_comm *c)
{
    int n = c->peer_size;
    if (c->is_inter)
        seshat_real.Comm_size(c->comm, &n);
    return n;
}
PAIR(Reduce_scatter, Ireduce_scatter, SESHAT_COLL_REDUCE_SCATTER,
     max_count(counts, local_size(c), type), RS_PARAMS, RS_ARGS)

#define GS_PARAMS const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, \
                  MPI_Datatype rtype
#define GS_ARGS sbuf, scount, stype, rbuf, rcount, rtype
ROOTED_PAIR(Gather, Igather, SESHAT_COLL_GATHER, ROOTED(scount, stype, rcount, rtype),
            GS_PARAMS, GS_ARGS)
ROOTED_PAIR(Scatter, Iscatter, SESHAT_COLL_SCATTER, ROOTED(rcount, rtype, scount, stype),
            GS_PARAMS, GS_ARGS)
PAIR(Allgather, Iallgather, SESHAT_COLL_ALLGATHER, seshat_bytes(rcount, rtype), GS_PARAMS, GS_ARGS)
PAIR(Alltoall, Ialltoall, SESHAT_COLL_ALLTOALL, seshat_bytes(rcount, rtype), GS_PARAMS, GS_ARGS)

#define GV_PARAMS const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, \
                  const int rcounts[], const int displs[], MPI_Datatype rtype
#define GV_ARGS sbuf, scount, stype, rbuf, rcounts, displs, rtype
#define GV_BYTES (IDLE(root) ? 0 : is_root(c, root) ? max_count(rcounts, c->peer_size, rtype) \
                                                   : seshat_bytes(scount, stype))
ROOTED_PAIR(Gatherv, Igatherv, SESHAT_COLL_GATHER, GV_BYTES, GV_PARAMS, GV_ARGS)
PAIR(Allgatherv, Iallgatherv, SESHAT_COLL_ALLGATHER, max_count(rcounts, c->peer_size, rtype),
     GV_PARAMS, GV_ARGS)

#define SV_PARAMS const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype, \
                  void *rbuf, int rcount, MPI_Datatype rtype
#define SV_ARGS sbuf, scounts, displs, stype, rbuf, rcount, rtype
#define SV_BYTES (IDLE(root) ? 0 : is_root(c, root) ? max_count(scounts, c->peer_size, stype) \
                                                   : seshat_bytes(rcount, rtype))
ROOTED_PAIR(Scatterv, Iscatterv, SESHAT_COLL_SCATTER, SV_BYTES, SV_PARAMS, SV_ARGS)

#define AV_PARAMS const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype, \
                  void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype
#define AV_ARGS sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype
PAIR(Alltoallv, Ialltoallv, SESHAT_COLL_ALLTOALLV, mean_count(rcounts, c->peer_size, rtype),
     AV_PARAMS, AV_ARGS)

#define AW_PARAMS const void *sbuf, const int scounts[], const int sdispls[], \
                  const MPI_Datatype stypes[], void *rbuf, const int rcounts[], \
                  const int rdispls[], const MPI_Datatype rtypes[]
#define AW_ARGS sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes
PAIR(Alltoallw, Ialltoallw, SESHAT_COLL_ALLTOALLV, mean_w(rcounts, rtypes, c->peer_size),
     AW_PARAMS, AW_ARGS)

/* Neighborhood collectives: `bytes` is the block for one neighbor. */
#define NEIGHBOR_PAIR(NAME, INAME, BYTES, P, A)                                              \
    int PMPI_##NAME(P, MPI_Comm comm)                                                         \
    {                                                                                         \
        comm = seshat_comm_in(comm);                                                          \
        int outer = seshat_enter(SESHAT_CALL_##NAME), rc;                                     \
        seshat_comm *c = entering(outer, comm, SESHAT_CALL_##NAME, 0);                        \
        if (!c) {                                                                             \
            rc = seshat_real.NAME(A, comm);                                                   \
        } else if (seshat_rt.path->promises) {                                                \
            struct seshat_coll_pending *pd = seshat_coll_begin_neighbor(c, BYTES);            \
            seshat_coll_here(pd);                                                             \
            rc = seshat_real.NAME(A, comm);                                                   \
            seshat_vtime exit = seshat_coll_end(pd);                                          \
            if (rc == MPI_SUCCESS)                                                            \
                seshat_clock_advance_to(exit);                                                \
        } else {                                                                              \
            seshat_vtime exit = seshat_coll_neighbor_enter(c, BYTES);                         \
            if ((rc = seshat_real.NAME(A, comm)) == MPI_SUCCESS)                              \
                seshat_clock_advance_to(exit);                                                \
        }                                                                                     \
        if (outer)                                                                            \
            seshat_leave(SESHAT_CALL_##NAME);                                                 \
        return rc;                                                                            \
    }                                                                                         \
    int MPI_##NAME(P, MPI_Comm comm) __attribute__((alias("PMPI_" #NAME)));                   \
    int PMPI_##INAME(P, MPI_Comm comm, MPI_Request *req)                                      \
    {                                                                                         \
        comm = seshat_comm_in(comm);                                                          \
        int outer = seshat_enter(SESHAT_CALL_##INAME);                                        \
        int rc = seshat_real.INAME(A, comm, req);                                             \
        seshat_comm *c = modeled(outer, comm, rc);                                            \
        if (c) {                                                                              \
            seshat_op *op = seshat_req_add(*req, c);                                             \
            op->is_coll = 1;                                                                  \
            seshat_coll_neighbor_post(op, c, BYTES);                                          \
        }                                                                                     \
        if (outer)                                                                            \
            seshat_leave(SESHAT_CALL_##INAME);                                                \
        return rc;                                                                            \
    }                                                                                         \
    int MPI_##INAME(P, MPI_Comm comm, MPI_Request *req) __attribute__((alias("PMPI_" #INAME)));

NEIGHBOR_PAIR(Neighbor_allgather, Ineighbor_allgather, seshat_bytes(scount, stype), GS_PARAMS, GS_ARGS)
NEIGHBOR_PAIR(Neighbor_alltoall, Ineighbor_alltoall, seshat_bytes(scount, stype), GS_PARAMS, GS_ARGS)
NEIGHBOR_PAIR(Neighbor_allgatherv, Ineighbor_allgatherv, seshat_bytes(scount, stype), GV_PARAMS,
              GV_ARGS)
NEIGHBOR_PAIR(Neighbor_alltoallv, Ineighbor_alltoallv, mean_count(scounts, 1, stype), AV_PARAMS,
              AV_ARGS)

#define NW_PARAMS const void *sbuf, const int scounts[], const MPI_Aint sdispls[], \
                  const MPI_Datatype stypes[], void *rbuf, const int rcounts[], \
                  const MPI_Aint rdispls[], const MPI_Datatype rtypes[]
NEIGHBOR_PAIR(Neighbor_alltoallw, Ineighbor_alltoallw, mean_w(scounts, stypes, 1), NW_PARAMS,
              AW_ARGS)

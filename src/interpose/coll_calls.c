/* coll_calls.c - collectives: the real operation moves the data, then the
 * schedule (src/core/coll.h) decides when each member leaves. Nonblocking
 * forms record their entry at the call and are charged at completion. */
#include "common/log.h"
#include "core/coll.h"
#include "interpose/interpose.h"

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
    static int warned;
    seshat_comm *c = outer && rc == MPI_SUCCESS ? seshat_comm_lookup(comm) : NULL;
    if (c && !seshat_coll_modeled(c) && !warned++)
        seshat_warn("collectives on intercommunicators are not modeled yet: they run for real "
                    "and cost 0 virtual time");
    return seshat_coll_modeled(c) ? c : NULL;
}

#define BLOCKING(NAME, KIND, ROOT, BYTES, PARAMS, ARGS)                                      \
    int PMPI_##NAME PARAMS                                                                    \
    {                                                                                         \
        comm = seshat_comm_in(comm);                                                          \
        int outer = seshat_enter(SESHAT_CALL_##NAME);                                         \
        int rc = seshat_real.NAME ARGS;                                                       \
        seshat_comm *c = modeled(outer, comm, rc);                                            \
        if (c)                                                                                \
            seshat_coll_blocking(c, KIND, ROOT, BYTES);                                       \
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
            seshat_op *op = seshat_req_add(*req);                                             \
            op->is_coll = 1;                                                                  \
            seshat_coll_post(op, c, KIND, ROOT, BYTES);                                       \
        }                                                                                     \
        if (outer)                                                                            \
            seshat_leave(SESHAT_CALL_##NAME);                                                 \
        return rc;                                                                            \
    }                                                                                         \
    int MPI_##NAME PARAMS __attribute__((alias("PMPI_" #NAME)));

#define ROOTED(scount, stype, rcount, rtype) \
    (c->my_rank == root ? seshat_bytes(rcount, rtype) : seshat_bytes(scount, stype))

BLOCKING(Barrier, SESHAT_COLL_BARRIER, 0, 0, (MPI_Comm comm), (comm))
NONBLOCKING(Ibarrier, SESHAT_COLL_BARRIER, 0, 0, (MPI_Comm comm, MPI_Request *req), (comm, req))

BLOCKING(Bcast, SESHAT_COLL_BCAST, root, seshat_bytes(count, type),
         (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm),
         (buf, count, type, root, comm))
NONBLOCKING(Ibcast, SESHAT_COLL_BCAST, root, seshat_bytes(count, type),
            (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *req),
            (buf, count, type, root, comm, req))

#define REDUCE_PARAMS const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op
BLOCKING(Reduce, SESHAT_COLL_REDUCE, root, seshat_bytes(count, type),
         (REDUCE_PARAMS, int root, MPI_Comm comm), (sbuf, rbuf, count, type, op, root, comm))
NONBLOCKING(Ireduce, SESHAT_COLL_REDUCE, root, seshat_bytes(count, type),
            (REDUCE_PARAMS, int root, MPI_Comm comm, MPI_Request *req),
            (sbuf, rbuf, count, type, op, root, comm, req))
BLOCKING(Allreduce, SESHAT_COLL_ALLREDUCE, 0, seshat_bytes(count, type),
         (REDUCE_PARAMS, MPI_Comm comm), (sbuf, rbuf, count, type, op, comm))
NONBLOCKING(Iallreduce, SESHAT_COLL_ALLREDUCE, 0, seshat_bytes(count, type),
            (REDUCE_PARAMS, MPI_Comm comm, MPI_Request *req), (sbuf, rbuf, count, type, op, comm, req))
BLOCKING(Scan, SESHAT_COLL_SCAN, 0, seshat_bytes(count, type),
         (REDUCE_PARAMS, MPI_Comm comm), (sbuf, rbuf, count, type, op, comm))
NONBLOCKING(Iscan, SESHAT_COLL_SCAN, 0, seshat_bytes(count, type),
            (REDUCE_PARAMS, MPI_Comm comm, MPI_Request *req), (sbuf, rbuf, count, type, op, comm, req))
BLOCKING(Exscan, SESHAT_COLL_EXSCAN, 0, seshat_bytes(count, type),
         (REDUCE_PARAMS, MPI_Comm comm), (sbuf, rbuf, count, type, op, comm))
NONBLOCKING(Iexscan, SESHAT_COLL_EXSCAN, 0, seshat_bytes(count, type),
            (REDUCE_PARAMS, MPI_Comm comm, MPI_Request *req), (sbuf, rbuf, count, type, op, comm, req))
BLOCKING(Reduce_scatter_block, SESHAT_COLL_REDUCE_SCATTER, 0, seshat_bytes(count, type),
         (REDUCE_PARAMS, MPI_Comm comm), (sbuf, rbuf, count, type, op, comm))
NONBLOCKING(Ireduce_scatter_block, SESHAT_COLL_REDUCE_SCATTER, 0, seshat_bytes(count, type),
            (REDUCE_PARAMS, MPI_Comm comm, MPI_Request *req), (sbuf, rbuf, count, type, op, comm, req))

#define RS_PARAMS const void *sbuf, void *rbuf, const int counts[], MPI_Datatype type, MPI_Op op
BLOCKING(Reduce_scatter, SESHAT_COLL_REDUCE_SCATTER, 0, max_count(counts, c->peer_size, type),
         (RS_PARAMS, MPI_Comm comm), (sbuf, rbuf, counts, type, op, comm))
NONBLOCKING(Ireduce_scatter, SESHAT_COLL_REDUCE_SCATTER, 0, max_count(counts, c->peer_size, type),
            (RS_PARAMS, MPI_Comm comm, MPI_Request *req), (sbuf, rbuf, counts, type, op, comm, req))

#define GS_PARAMS const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, \
                  MPI_Datatype rtype
#define GS_ARGS sbuf, scount, stype, rbuf, rcount, rtype
BLOCKING(Gather, SESHAT_COLL_GATHER, root, ROOTED(scount, stype, rcount, rtype),
         (GS_PARAMS, int root, MPI_Comm comm), (GS_ARGS, root, comm))
NONBLOCKING(Igather, SESHAT_COLL_GATHER, root, ROOTED(scount, stype, rcount, rtype),
            (GS_PARAMS, int root, MPI_Comm comm, MPI_Request *req), (GS_ARGS, root, comm, req))
BLOCKING(Scatter, SESHAT_COLL_SCATTER, root, ROOTED(rcount, rtype, scount, stype),
         (GS_PARAMS, int root, MPI_Comm comm), (GS_ARGS, root, comm))
NONBLOCKING(Iscatter, SESHAT_COLL_SCATTER, root, ROOTED(rcount, rtype, scount, stype),
            (GS_PARAMS, int root, MPI_Comm comm, MPI_Request *req), (GS_ARGS, root, comm, req))
BLOCKING(Allgather, SESHAT_COLL_ALLGATHER, 0, seshat_bytes(rcount, rtype),
         (GS_PARAMS, MPI_Comm comm), (GS_ARGS, comm))
NONBLOCKING(Iallgather, SESHAT_COLL_ALLGATHER, 0, seshat_bytes(rcount, rtype),
            (GS_PARAMS, MPI_Comm comm, MPI_Request *req), (GS_ARGS, comm, req))
BLOCKING(Alltoall, SESHAT_COLL_ALLTOALL, 0, seshat_bytes(rcount, rtype),
         (GS_PARAMS, MPI_Comm comm), (GS_ARGS, comm))
NONBLOCKING(Ialltoall, SESHAT_COLL_ALLTOALL, 0, seshat_bytes(rcount, rtype),
            (GS_PARAMS, MPI_Comm comm, MPI_Request *req), (GS_ARGS, comm, req))

#define GV_PARAMS const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, \
                  const int rcounts[], const int displs[], MPI_Datatype rtype
#define GV_ARGS sbuf, scount, stype, rbuf, rcounts, displs, rtype
#define GV_BYTES (c->my_rank == root ? max_count(rcounts, c->peer_size, rtype) \
                                     : seshat_bytes(scount, stype))
BLOCKING(Gatherv, SESHAT_COLL_GATHER, root, GV_BYTES, (GV_PARAMS, int root, MPI_Comm comm),
         (GV_ARGS, root, comm))
NONBLOCKING(Igatherv, SESHAT_COLL_GATHER, root, GV_BYTES,
            (GV_PARAMS, int root, MPI_Comm comm, MPI_Request *req), (GV_ARGS, root, comm, req))
BLOCKING(Allgatherv, SESHAT_COLL_ALLGATHER, 0, max_count(rcounts, c->peer_size, rtype),
         (GV_PARAMS, MPI_Comm comm), (GV_ARGS, comm))
NONBLOCKING(Iallgatherv, SESHAT_COLL_ALLGATHER, 0, max_count(rcounts, c->peer_size, rtype),
            (GV_PARAMS, MPI_Comm comm, MPI_Request *req), (GV_ARGS, comm, req))

#define SV_PARAMS const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype, \
                  void *rbuf, int rcount, MPI_Datatype rtype
#define SV_ARGS sbuf, scounts, displs, stype, rbuf, rcount, rtype
#define SV_BYTES (c->my_rank == root ? max_count(scounts, c->peer_size, stype) \
                                     : seshat_bytes(rcount, rtype))
BLOCKING(Scatterv, SESHAT_COLL_SCATTER, root, SV_BYTES, (SV_PARAMS, int root, MPI_Comm comm),
         (SV_ARGS, root, comm))
NONBLOCKING(Iscatterv, SESHAT_COLL_SCATTER, root, SV_BYTES,
            (SV_PARAMS, int root, MPI_Comm comm, MPI_Request *req), (SV_ARGS, root, comm, req))

#define AV_PARAMS const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype, \
                  void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype
#define AV_ARGS sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype
BLOCKING(Alltoallv, SESHAT_COLL_ALLTOALL, 0, mean_count(rcounts, c->peer_size, rtype),
         (AV_PARAMS, MPI_Comm comm), (AV_ARGS, comm))
NONBLOCKING(Ialltoallv, SESHAT_COLL_ALLTOALL, 0, mean_count(rcounts, c->peer_size, rtype),
            (AV_PARAMS, MPI_Comm comm, MPI_Request *req), (AV_ARGS, comm, req))

#define AW_PARAMS const void *sbuf, const int scounts[], const int sdispls[], \
                  const MPI_Datatype stypes[], void *rbuf, const int rcounts[], \
                  const int rdispls[], const MPI_Datatype rtypes[]
#define AW_ARGS sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes
BLOCKING(Alltoallw, SESHAT_COLL_ALLTOALL, 0, mean_w(rcounts, rtypes, c->peer_size),
         (AW_PARAMS, MPI_Comm comm), (AW_ARGS, comm))
NONBLOCKING(Ialltoallw, SESHAT_COLL_ALLTOALL, 0, mean_w(rcounts, rtypes, c->peer_size),
            (AW_PARAMS, MPI_Comm comm, MPI_Request *req), (AW_ARGS, comm, req))

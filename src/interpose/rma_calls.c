/* rma_calls.c - one-sided communication: window creation, the transfers
 * and every synchronization, timed by src/rank/rma.c (docs/models.md,
 * "One-sided communication"). The real calls move the data. A transfer is
 * timed after its real call succeeded; a synchronization that really
 * waits for other ranks is timed before it (under contention = on the
 * model must see every member first, as for collectives). */
#include "interpose/interpose.h"
#include "rank/progress.h"
#include "rank/rma.h"
#include "tracefmt/trace_format.h"

/* ---- windows ---- */

#define CREATE(NAME, PARAMS, ARGS)                                                           \
    int PMPI_##NAME PARAMS                                                                    \
    {                                                                                         \
        comm = seshat_comm_in(comm);                                                          \
        int outer = seshat_enter(SESHAT_CALL_##NAME);                                         \
        if (outer)   /* members meet first, as before a communicator creation */            \
            seshat_comm_sync(SESHAT_CALL_##NAME, comm);                                       \
        int rc = seshat_real.NAME ARGS;                                                       \
        if (outer) {                                                                          \
            if (rc == MPI_SUCCESS)                                                            \
                seshat_rma_created(*win, comm);                                               \
            seshat_leave(SESHAT_CALL_##NAME);                                                 \
        }                                                                                     \
        return rc;                                                                            \
    }                                                                                         \
    int MPI_##NAME PARAMS __attribute__((alias("PMPI_" #NAME)));

CREATE(Win_create,
       (void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win),
       (base, size, disp_unit, info, comm, win))
CREATE(Win_allocate,
       (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win),
       (size, disp_unit, info, comm, baseptr, win))
CREATE(Win_allocate_shared,
       (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win),
       (size, disp_unit, info, comm, baseptr, win))
CREATE(Win_create_dynamic, (MPI_Info info, MPI_Comm comm, MPI_Win *win), (info, comm, win))

int PMPI_Win_free(MPI_Win *win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_free);
    if (outer) {
        seshat_win_sync(*win);   /* under contention: the members meet through the model */
        seshat_rma_free(*win);
    }
    int rc = seshat_real.Win_free(win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_free);
    return rc;
}
int MPI_Win_free(MPI_Win *win) __attribute__((alias("PMPI_Win_free")));

/* ---- transfers ---- */

/* Bytes of count elements of type at the origin. */
#define B(count, type) seshat_bytes(count, type)

int PMPI_Put(const void *oaddr, int ocount, MPI_Datatype otype, int target, MPI_Aint disp,
             int tcount, MPI_Datatype ttype, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Put);
    int rc = seshat_real.Put(oaddr, ocount, otype, target, disp, tcount, ttype, win);
    if (outer) {
        if (rc == MPI_SUCCESS)
            seshat_rma_op(win, SESHAT_RMA_PUT, target, B(ocount, otype), 0);
        seshat_leave(SESHAT_CALL_Put);
    }
    return rc;
}
int MPI_Put(const void *oaddr, int ocount, MPI_Datatype otype, int target, MPI_Aint disp,
            int tcount, MPI_Datatype ttype, MPI_Win win) __attribute__((alias("PMPI_Put")));

int PMPI_Get(void *oaddr, int ocount, MPI_Datatype otype, int target, MPI_Aint disp, int tcount,
             MPI_Datatype ttype, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Get);
    int rc = seshat_real.Get(oaddr, ocount, otype, target, disp, tcount, ttype, win);
    if (outer) {
        if (rc == MPI_SUCCESS)
            seshat_rma_op(win, SESHAT_RMA_GET, target, 0, B(ocount, otype));
        seshat_leave(SESHAT_CALL_Get);
    }
    return rc;
}
int MPI_Get(void *oaddr, int ocount, MPI_Datatype otype, int target, MPI_Aint disp, int tcount,
            MPI_Datatype ttype, MPI_Win win) __attribute__((alias("PMPI_Get")));

int PMPI_Accumulate(const void *oaddr, int ocount, MPI_Datatype otype, int target,
                    MPI_Aint disp, int tcount, MPI_Datatype ttype, MPI_Op op, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Accumulate);
    int rc = seshat_real.Accumulate(oaddr, ocount, otype, target, disp, tcount, ttype, op, win);
    if (outer) {
        if (rc == MPI_SUCCESS)
            seshat_rma_op(win, SESHAT_RMA_ACC, target, B(ocount, otype), 0);
        seshat_leave(SESHAT_CALL_Accumulate);
    }
    return rc;
}
int MPI_Accumulate(const void *oaddr, int ocount, MPI_Datatype otype, int target, MPI_Aint disp,
                   int tcount, MPI_Datatype ttype, MPI_Op op, MPI_Win win)
    __attribute__((alias("PMPI_Accumulate")));

int PMPI_Get_accumulate(const void *oaddr, int ocount, MPI_Datatype otype, void *raddr,
                        int rcount, MPI_Datatype rtype, int target, MPI_Aint disp, int tcount,
                        MPI_Datatype ttype, MPI_Op op, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Get_accumulate);
    int rc = seshat_real.Get_accumulate(oaddr, ocount, otype, raddr, rcount, rtype, target, disp,
                                        tcount, ttype, op, win);
    if (outer) {
        if (rc == MPI_SUCCESS)
            seshat_rma_op(win, SESHAT_RMA_GET_ACC, target, B(ocount, otype), B(rcount, rtype));
        seshat_leave(SESHAT_CALL_Get_accumulate);
    }
    return rc;
}
int MPI_Get_accumulate(const void *oaddr, int ocount, MPI_Datatype otype, void *raddr, int rcount,
                       MPI_Datatype rtype, int target, MPI_Aint disp, int tcount,
                       MPI_Datatype ttype, MPI_Op op, MPI_Win win)
    __attribute__((alias("PMPI_Get_accumulate")));

int PMPI_Fetch_and_op(const void *oaddr, void *raddr, MPI_Datatype type, int target,
                      MPI_Aint disp, MPI_Op op, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Fetch_and_op);
    int rc = seshat_real.Fetch_and_op(oaddr, raddr, type, target, disp, op, win);
    if (outer) {
        if (rc == MPI_SUCCESS)
            seshat_rma_op(win, SESHAT_RMA_FOP, target, B(1, type), B(1, type));
        seshat_leave(SESHAT_CALL_Fetch_and_op);
    }
    return rc;
}
int MPI_Fetch_and_op(const void *oaddr, void *raddr, MPI_Datatype type, int target, MPI_Aint disp,
                     MPI_Op op, MPI_Win win) __attribute__((alias("PMPI_Fetch_and_op")));

/* The request carries the new value and the one to compare with. */
int PMPI_Compare_and_swap(const void *oaddr, const void *caddr, void *raddr, MPI_Datatype type,
                          int target, MPI_Aint disp, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Compare_and_swap);
    int rc = seshat_real.Compare_and_swap(oaddr, caddr, raddr, type, target, disp, win);
    if (outer) {
        if (rc == MPI_SUCCESS)
            seshat_rma_op(win, SESHAT_RMA_CAS, target, B(2, type), B(1, type));
        seshat_leave(SESHAT_CALL_Compare_and_swap);
    }
    return rc;
}
int MPI_Compare_and_swap(const void *oaddr, const void *caddr, void *raddr, MPI_Datatype type,
                         int target, MPI_Aint disp, MPI_Win win)
    __attribute__((alias("PMPI_Compare_and_swap")));

/* Request-based: the request completes when the operation is complete at
 * the origin. */
static void charged(int rc, MPI_Request req, MPI_Win win, int op, int target, int64_t out,
                    int64_t back)
{
    if (rc == MPI_SUCCESS)
        seshat_rma_request(req, win, op, target, out, back);
}

int PMPI_Rput(const void *oaddr, int ocount, MPI_Datatype otype, int target, MPI_Aint disp,
              int tcount, MPI_Datatype ttype, MPI_Win win, MPI_Request *req)
{
    int outer = seshat_enter(SESHAT_CALL_Rput);
    int rc = seshat_real.Rput(oaddr, ocount, otype, target, disp, tcount, ttype, win, req);
    if (outer) {
        charged(rc, *req, win, SESHAT_RMA_PUT, target, B(ocount, otype), 0);
        seshat_leave(SESHAT_CALL_Rput);
    }
    return rc;
}
int MPI_Rput(const void *oaddr, int ocount, MPI_Datatype otype, int target, MPI_Aint disp,
             int tcount, MPI_Datatype ttype, MPI_Win win, MPI_Request *req)
    __attribute__((alias("PMPI_Rput")));

int PMPI_Rget(void *oaddr, int ocount, MPI_Datatype otype, int target, MPI_Aint disp, int tcount,
              MPI_Datatype ttype, MPI_Win win, MPI_Request *req)
{
    int outer = seshat_enter(SESHAT_CALL_Rget);
    int rc = seshat_real.Rget(oaddr, ocount, otype, target, disp, tcount, ttype, win, req);
    if (outer) {
        charged(rc, *req, win, SESHAT_RMA_GET, target, 0, B(ocount, otype));
        seshat_leave(SESHAT_CALL_Rget);
    }
    return rc;
}
int MPI_Rget(void *oaddr, int ocount, MPI_Datatype otype, int target, MPI_Aint disp, int tcount,
             MPI_Datatype ttype, MPI_Win win, MPI_Request *req) __attribute__((alias("PMPI_Rget")));

int PMPI_Raccumulate(const void *oaddr, int ocount, MPI_Datatype otype, int target,
                     MPI_Aint disp, int tcount, MPI_Datatype ttype, MPI_Op op, MPI_Win win,
                     MPI_Request *req)
{
    int outer = seshat_enter(SESHAT_CALL_Raccumulate);
    int rc = seshat_real.Raccumulate(oaddr, ocount, otype, target, disp, tcount, ttype, op, win,
                                     req);
    if (outer) {
        charged(rc, *req, win, SESHAT_RMA_ACC, target, B(ocount, otype), 0);
        seshat_leave(SESHAT_CALL_Raccumulate);
    }
    return rc;
}
int MPI_Raccumulate(const void *oaddr, int ocount, MPI_Datatype otype, int target, MPI_Aint disp,
                    int tcount, MPI_Datatype ttype, MPI_Op op, MPI_Win win, MPI_Request *req)
    __attribute__((alias("PMPI_Raccumulate")));

int PMPI_Rget_accumulate(const void *oaddr, int ocount, MPI_Datatype otype, void *raddr,
                         int rcount, MPI_Datatype rtype, int target, MPI_Aint disp, int tcount,
                         MPI_Datatype ttype, MPI_Op op, MPI_Win win, MPI_Request *req)
{
    int outer = seshat_enter(SESHAT_CALL_Rget_accumulate);
    int rc = seshat_real.Rget_accumulate(oaddr, ocount, otype, raddr, rcount, rtype, target, disp,
                                         tcount, ttype, op, win, req);
    if (outer) {
        charged(rc, *req, win, SESHAT_RMA_GET_ACC, target, B(ocount, otype), B(rcount, rtype));
        seshat_leave(SESHAT_CALL_Rget_accumulate);
    }
    return rc;
}
int MPI_Rget_accumulate(const void *oaddr, int ocount, MPI_Datatype otype, void *raddr,
                        int rcount, MPI_Datatype rtype, int target, MPI_Aint disp, int tcount,
                        MPI_Datatype ttype, MPI_Op op, MPI_Win win, MPI_Request *req)
    __attribute__((alias("PMPI_Rget_accumulate")));

/* ---- synchronization ---- */

/* A call whose timing comes first (BEFORE) or after a successful real
 * call (AFTER); P and A are its parameters and arguments. */
#define BEFORE(NAME, P, A, TIME)                                                              \
    int PMPI_##NAME P                                                                         \
    {                                                                                         \
        int outer = seshat_enter(SESHAT_CALL_##NAME);                                         \
        if (outer)                                                                            \
            TIME;                                                                             \
        int rc = seshat_real.NAME A;                                                          \
        if (outer)                                                                            \
            seshat_leave(SESHAT_CALL_##NAME);                                                 \
        return rc;                                                                            \
    }                                                                                         \
    int MPI_##NAME P __attribute__((alias("PMPI_" #NAME)));
#define AFTER(NAME, P, A, TIME)                                                               \
    int PMPI_##NAME P                                                                         \
    {                                                                                         \
        int outer = seshat_enter(SESHAT_CALL_##NAME);                                         \
        int rc = seshat_real.NAME A;                                                          \
        if (outer) {                                                                          \
            if (rc == MPI_SUCCESS)                                                            \
                TIME;                                                                         \
            seshat_leave(SESHAT_CALL_##NAME);                                                 \
        }                                                                                     \
        return rc;                                                                            \
    }                                                                                         \
    int MPI_##NAME P __attribute__((alias("PMPI_" #NAME)));

BEFORE(Win_fence, (int assert, MPI_Win win), (assert, win), seshat_rma_fence(win))
BEFORE(Win_post, (MPI_Group group, int assert, MPI_Win win), (group, assert, win),
       seshat_rma_post(win, group))
/* Start and wait take their notices through the progress engine first;
 * the real call may still wait for other ranks where seshat cannot poll
 * (calls.spec `blind`). */
BEFORE(Win_start, (MPI_Group group, int assert, MPI_Win win), (group, assert, win),
       (seshat_rma_start(win, group), seshat_watch_blind(SESHAT_CALL_Win_start)))
BEFORE(Win_complete, (MPI_Win win), (win),
       (seshat_rma_complete(win), seshat_watch_blind(SESHAT_CALL_Win_complete)))
BEFORE(Win_wait, (MPI_Win win), (win),
       (seshat_rma_wait(win), seshat_watch_blind(SESHAT_CALL_Win_wait)))
/* Passive target: a lock waits (in virtual time) for the conflicting
 * locks granted before it, once it is granted for real; the release is
 * recorded before the real unlock lets the next one in. */
AFTER(Win_lock, (int type, int rank, int assert, MPI_Win win), (type, rank, assert, win),
      seshat_rma_lock(win, rank, type))
AFTER(Win_lock_all, (int assert, MPI_Win win), (assert, win), seshat_rma_lock_all(win))
BEFORE(Win_unlock, (int rank, MPI_Win win), (rank, win), seshat_rma_unlock(win, rank))
BEFORE(Win_unlock_all, (MPI_Win win), (win), seshat_rma_unlock(win, -1))
AFTER(Win_flush, (int rank, MPI_Win win), (rank, win), seshat_rma_remote_done(win, rank))
AFTER(Win_flush_all, (MPI_Win win), (win), seshat_rma_remote_done(win, -1))
AFTER(Win_flush_local, (int rank, MPI_Win win), (rank, win), seshat_rma_local_done(win, rank))
AFTER(Win_flush_local_all, (MPI_Win win), (win), seshat_rma_local_done(win, -1))

/* Done once the real test says so: the completion times are then sent. */
int PMPI_Win_test(MPI_Win win, int *flag)
{
    int outer = seshat_enter(SESHAT_CALL_Win_test);
    if (outer && !seshat_rma_test_ready(win)) {   /* contention: a notice still to come */
        *flag = 0;
        seshat_progress_nothing_yet(1);
        seshat_leave(SESHAT_CALL_Win_test);
        return MPI_SUCCESS;
    }
    int rc = seshat_real.Win_test(win, flag);
    if (outer) {
        if (rc == MPI_SUCCESS && *flag)
            seshat_rma_wait(win);
        seshat_leave(SESHAT_CALL_Win_test);
    }
    return rc;
}
int MPI_Win_test(MPI_Win win, int *flag) __attribute__((alias("PMPI_Win_test")));

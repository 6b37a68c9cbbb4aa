/* coll.h - modeled collectives in the application ranks: each member's
 * entry time and block size reach the schedule (netmodel/coll_sched.h),
 * evaluated by every member after an exchange on the shadow communicator
 * (direct path) or by one model rank (relay path); both give identical
 * exits. On an intercommunicator every member evaluates the schedule after
 * an exchange on the merged groups, on both paths. */
#ifndef SESHAT_COLL_H
#define SESHAT_COLL_H

#include "model/coll_sched.h"
#include "rank/core.h"

/* MPI_Alltoallv and MPI_Alltoallw pass this kind: timed as alltoall (mean
 * block), with the cost factors [collectives] factors names alltoallv. */
#define SESHAT_COLL_ALLTOALLV ((enum seshat_coll_kind)(SESHAT_COLL_NKINDS + 1))

/* Whether collectives on this communicator are modeled. */
int seshat_coll_modeled(const seshat_comm *c);

/* A blocking collective about to run for real: record this member's
 * entry and wait until every member has entered (the entry exchange, or
 * the model's answer; a wait the watchdog sees); returns this member's
 * exit. The program's own blocking call follows, unchanged (the same
 * algorithm, so the same bits as natively), and cannot wait for a member
 * that never comes; the caller then advances the clock to the exit.
 * `bytes` is this member's block size. */
seshat_vtime seshat_coll_enter(seshat_comm *c, enum seshat_coll_kind kind, int root,
                               int64_t bytes);
/* seshat_coll_enter, then the clock advanced to the exit. */
void seshat_coll_blocking(seshat_comm *c, enum seshat_coll_kind kind, int root, int64_t bytes);
/* Under contention a member may not wait for the model before its real
 * call, so seshat_coll_enter comes in three steps: begin (the entry goes
 * to the model), here (wait until every member has entered, without the
 * model: a barrier, or the exchange, on the shadow; the rank is announced
 * as waiting for the collective's answer), the real blocking call, then
 * end (the model's answer: this member's exit). Neighborhood collectives:
 * begin_neighbor. */
struct seshat_coll_pending *seshat_coll_begin(seshat_comm *c, enum seshat_coll_kind kind,
                                              int root, int64_t bytes);
struct seshat_coll_pending *seshat_coll_begin_neighbor(seshat_comm *c, int64_t bytes);
void seshat_coll_here(struct seshat_coll_pending *pd);
seshat_vtime seshat_coll_end(struct seshat_coll_pending *pd);

/* A nonblocking collective just started: record its entry and start the
 * exchange; its completion time comes from seshat_coll_finish. */
void seshat_coll_post(seshat_op *op, seshat_comm *c, enum seshat_coll_kind kind, int root,
                      int64_t bytes);
seshat_vtime seshat_coll_finish(seshat_op *op);
/* Whether seshat_coll_finish(op) would not wait for the model. */
int seshat_coll_ready(const seshat_op *op);

/* Contention = on: a synchronization through the model before an
 * operation that really synchronizes the members of c without a modeled
 * schedule (communicator creation); every member leaves at the last
 * entry. A no-op otherwise. */
void seshat_coll_sync(seshat_comm *c);

/* Neighborhood collectives (comm has a topology): `bytes` per neighbor. */
seshat_vtime seshat_coll_neighbor_enter(seshat_comm *c, int64_t bytes);
void seshat_coll_neighbor(seshat_comm *c, int64_t bytes);
void seshat_coll_neighbor_post(seshat_op *op, seshat_comm *c, int64_t bytes);

#endif

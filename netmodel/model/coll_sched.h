/* coll_sched.h - collectives as schedules of point-to-point rounds.
 *
 * A collective's exit times come from replaying the algorithm an MPI
 * library would run, round by round, each transfer timed by the network
 * model (eager or rendezvous, overheads, gap). Pure: the same inputs give
 * the same exits on an application rank (direct path) and on a model rank
 * (relay path). Algorithms, auto rules and closed forms: docs/models.md. */
#ifndef SESHAT_COLL_SCHED_H
#define SESHAT_COLL_SCHED_H

#include <stdint.h>

#include "model/model.h"

#define SESHAT_COLL_KINDS(X) \
    X(BARRIER, barrier) X(BCAST, bcast) X(REDUCE, reduce) X(ALLREDUCE, allreduce) \
    X(GATHER, gather) X(SCATTER, scatter) X(ALLGATHER, allgather) X(ALLTOALL, alltoall) \
    X(REDUCE_SCATTER, reduce_scatter) X(SCAN, scan) X(EXSCAN, exscan) X(NEIGHBOR, neighbor)

enum seshat_coll_kind {
#define X(E, n) SESHAT_COLL_##E,
    SESHAT_COLL_KINDS(X)
#undef X
    SESHAT_COLL_NKINDS
};

/* The algorithms are the configuration's list (config.h), so a
 * [collectives] KIND value is the algorithm's enum value. */
enum seshat_coll_alg {
#define X(E, n) SESHAT_ALG_##E,
    SESHAT_COLL_ALGS(X)
#undef X
    SESHAT_ALG_COUNT
};
_Static_assert(SESHAT_ALG_AUTO == 0, "[collectives] KIND = auto is the default value 0");

/* The kinds before NEIGHBOR have an algorithm choice ([collectives] KIND =
 * ALG, config.h's coll_alg[]) and a factor class ([collectives] factors,
 * whose classes are these kinds, then alltoallv). */
#define SESHAT_COLL_NCHOOSABLE SESHAT_COLL_NEIGHBOR
_Static_assert(SESHAT_COLL_NCHOOSABLE == SESHAT_FACTOR_ALLTOALLV, "factor classes follow the kinds");
extern const char *const seshat_coll_kind_names[SESHAT_COLL_NKINDS];
extern const char *const seshat_coll_alg_names[SESHAT_ALG_COUNT];

/* One collective call. `bytes` is the per-rank block: what one rank
 * contributes (bcast/reduce/allreduce: the whole buffer; gather/allgather/
 * scatter: one rank's block; alltoall: the block for one peer;
 * reduce_scatter: one rank's result block). */
typedef struct seshat_coll {
    enum seshat_coll_kind kind;
    enum seshat_coll_alg alg;   /* AUTO: chosen by seshat_coll_choose */
    int p;                      /* group size */
    int root;
    int64_t bytes;
    double factor;              /* [network] collective_factor */
    int vector;                 /* alltoall: it is MPI_Alltoallv/w (its own rules) */
} seshat_coll;

/* The algorithm `auto` picks: Open MPI 4.1's coll/tuned fixed decision
 * rules (coll_choice.c), for c->kind, c->vector, c->p, c->bytes. */
enum seshat_coll_alg seshat_coll_choose(const seshat_coll *c);
enum seshat_coll_alg seshat_coll_choose_ompi(enum seshat_coll_kind kind, int vector, int p,
                                             int64_t bytes);
/* Open MPI's own algorithm number for the same (its coll_tuned_*_algorithm
 * values; 0 where coll/tuned has no rule: scan, exscan). For tests. */
int seshat_coll_ompi_alg(enum seshat_coll_kind kind, int vector, int p, int64_t bytes);
/* Whether `alg` is implemented for c->kind. */
int seshat_coll_supports(enum seshat_coll_kind kind, enum seshat_coll_alg alg);

/* Exit time of every member from every member's entry time. Returns 0, or
 * -1 if out of memory (exits are then max(entry)). */
int seshat_coll_eval(const seshat_model *m, const seshat_coll *c, const seshat_vtime *entry,
                     seshat_vtime *exit);
/* The same with each member's world rank (world[r]), for route-aware
 * models; seshat_coll_eval passes NULL. */
int seshat_coll_eval_world(const seshat_model *m, const seshat_coll *c, const int *world,
                           const seshat_vtime *entry, seshat_vtime *exit);

/* The schedule alone, untimed: every transfer of c (members numbered
 * 0..p-1) handed to fn with its round, in the order the algorithm sends.
 * Returns the number of rounds, or -1 if out of memory. */
typedef void (*seshat_coll_xfer_fn)(void *ctx, int round, int src, int dst, int64_t bytes);
int seshat_coll_record(const seshat_coll *c, seshat_coll_xfer_fn fn, void *ctx);

/* The same for an intercommunicator, members numbered as in its merged
 * communicator: the low group is [0, low), the high group [low, c->p).
 * c->root is the merged rank of the root (rooted kinds), else ignored.
 * Schedules (Open MPI coll/inter): symmetric kinds run a binomial reduce to
 * each group's leader (its first member), one exchange between the
 * leaders, and a binomial bcast; bcast/scatter send from the root to the
 * other group's leader, then a binomial bcast there; reduce/gather the
 * mirror image. */
int seshat_coll_eval_inter(const seshat_model *m, const seshat_coll *c, int low,
                           const seshat_vtime *entry, seshat_vtime *exit);

/* Neighborhood collectives: a member sends `bytes` to each of its
 * `outdeg` neighbors one after another and takes the messages of its
 * in-neighbors (which entered at in_entry[], each sending to it first) in
 * arrival order. Returns this member's exit. */
seshat_vtime seshat_coll_neighbor_exit(const seshat_model *m, seshat_vtime entry, int outdeg,
                                       int64_t bytes, const seshat_vtime *in_entry, int indeg);

#endif

/* core.h - the part of libseshat that runs in application ranks: runtime
 * state, error policy, virtual clock, communicator table, request table,
 * and the point-to-point protocol (envelopes, answers, Lamport merge).
 * How envelopes travel is path.h's; every wait is progress.h's; the
 * contention promises are promises.h's (docs/design.md). The
 * interposition layer (src/interpose) is its only user. */
#ifndef SESHAT_CORE_H
#define SESHAT_CORE_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "model/model.h"
#include "mpi/calls.h"
#include "wire/wire.h"

/* ---- placement (placement.c): which model rank serves which rank ---- */
typedef struct seshat_placement {
    int napp, nmodel;        /* application ranks N (0..N-1), model ranks K (N..N+K-1) */
    int *model_of;           /* application rank -> world rank of its model rank */
    int *model_node;         /* per-node: model rank N + i -> lowest world rank on its node */
    int forward;             /* per-node with contention = on: every report goes to the
                                sender's own model rank, which forwards it to the engine */
} seshat_placement;
/* From simulator.ranks (collective over the real world for per-node);
 * -1 and err when the job does not fit it. `m` (built) says whether its
 * messages share links (forwarding to one engine). */
int seshat_placement_build(seshat_placement *p, const seshat_config *cfg, const seshat_model *m,
                           int world_rank, int world_size, char *err, size_t n);
/* Collective over app: rank 0 prints which node's model rank serves whom. */
void seshat_placement_print(const seshat_placement *p, MPI_Comm app, int app_rank);
void seshat_placement_free(seshat_placement *p);

/* ---- runtime (runtime_state.c holds it, runtime.c alone writes it) ---- */
struct seshat_runtime {
    seshat_config cfg;
    seshat_model model;
    int world_rank, world_size;
    int napp, nmodel;        /* application ranks N, model ranks K */
    seshat_placement place;  /* who serves whom (napp, nmodel copied above) */
    MPI_Comm app;            /* what the program sees as MPI_COMM_WORLD */
    MPI_Comm control;        /* duplicate of the real world, seshat's own */
    const struct seshat_path *path;  /* how envelopes and answers travel (path.h) */
    /* seshat's own waits that serve nothing meanwhile (seshat_watch_wait):
     * through here, so the files below the watchdog do not name it */
    int (*wait)(MPI_Request *req, const char *what);
    int tag_ub;              /* largest valid tag */
};
extern struct seshat_runtime seshat_rt;

/* ---- error policy (error.c; docs/design.md, "Error policy") ---- */
/* Allocation failure and a real-MPI error on seshat's own traffic end the
 * job: one line naming what failed, then MPI_Abort. */
void seshat_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* rc of a real-MPI call on seshat's own traffic (`what` names it). */
void seshat_ctl_fail(int rc, const char *what) __attribute__((noreturn));
static inline void seshat_ctl(int rc, const char *what)
{
    if (rc != MPI_SUCCESS)
        seshat_ctl_fail(rc, what);
}
/* A real-MPI call on seshat's own traffic, checked: SESHAT_CHECKED(Send, ...). */
#define SESHAT_CHECKED(F, ...) seshat_ctl(seshat_real.F(__VA_ARGS__), #F)
void *seshat_xmalloc(size_t n);
void *seshat_xcalloc(size_t n, size_t size);

/* Runs inside MPI_Init after the real init. Returns 0 for an application
 * rank, 1 for a model rank (the caller runs the model-rank loop). On a configuration error every rank
 * reports and leaves with a non-zero exit. */
int seshat_runtime_start(void);
/* Runs inside MPI_Finalize before the real finalize. */
void seshat_runtime_stop(void);
/* World rank of the model rank this rank reports about application rank
 * `r` to: the one serving `r`, or under forwarding this rank's own (so the
 * engine gets each rank's reports in the order it sent them). */
static inline int seshat_model_rank_of(int r)
{
    return seshat_rt.place.model_of[seshat_rt.place.forward ? seshat_rt.world_rank : r];
}

/* ---- virtual clock (clock.c) ---- */
/* want_perf: try the perf task clock's user-space read first; `why`
 * (may be NULL) gets the reason it was not used. */
void seshat_clock_init(seshat_clock_kind kind, double cpu_factor, int want_perf, char *why,
                       size_t n);
/* Compensation (docs/models.md): between begin and end, the interval
 * after each sample_next is kept (the caller makes real wrapped calls);
 * end restores the clock and subtracts, from every later interval, their
 * mean without the top 1% (gated source) or their minimum (others). */
void seshat_clock_sample_begin(void);
void seshat_clock_sample_next(void);
int64_t seshat_clock_sample_end(void);
int64_t seshat_clock_overhead(void);      /* ns subtracted per interval */
const char *seshat_clock_source(void);    /* what the intervals are read from */
void seshat_clock_enter(void);            /* add the compute interval */
void seshat_clock_leave(void);            /* start a compute interval */
seshat_vtime seshat_clock_now(void);
seshat_vtime seshat_clock_wtime(void);      /* now, as MPI_Wtime reads it */
/* now, as the program's own clock reads see it between two MPI calls
 * (the interval so far included, not ended; vclock.h) */
seshat_vtime seshat_clock_program(void);
void seshat_clock_advance_to(seshat_vtime t); /* now = max(now, t) */

/* ---- communicators (comms.c) ---- */
typedef struct seshat_comm {
    MPI_Comm comm;
    MPI_Comm shadow;         /* direct-path envelopes travel here */
    int32_t id;              /* same on every member; 0 = application world */
    int is_inter;
    int peer_size;           /* size of the group `dest` ranks index */
    int *peer_world;         /* peer rank -> world rank */
    int my_rank;             /* this rank in comm (local group) */
    /* intercommunicators: both groups merged (low group first), for the
     * collectives' entry exchange */
    MPI_Comm merged;
    int merged_rank, low_size;
    int32_t coll_seq;        /* collectives started on comm so far */
    /* lifetime: requests still holding the entry; once the program frees
     * comm (`freed`) the entry lives on until the last one completes */
    int refs, freed;
    int32_t idups;           /* MPI_Comm_idup calls on comm so far */
} seshat_comm;

/* wait(ctx, req): wait for one of seshat's own real requests until it
 * completes, serving meanwhile (the progress engine, above the table);
 * returns the real call's return code. */
typedef int (*seshat_wait_req_fn)(void *ctx, MPI_Request *req);
int seshat_comms_init(MPI_Comm app, seshat_wait_req_fn wait, void *ctx);
seshat_comm *seshat_comm_lookup(MPI_Comm comm);  /* NULL if unknown */
void seshat_comm_register(MPI_Comm comm);        /* collective over comm */
/* Before the program frees comm: lookups no longer find it (Open MPI may
 * reuse the handle at once); operations still pending on it keep it. */
void seshat_comm_unregister(MPI_Comm comm);
void seshat_comm_hold(seshat_comm *c);
void seshat_comm_release(seshat_comm *c);
/* MPI_Comm_idup of parent (the real one already started, *newcomm set):
 * start seshat's own nonblocking part in op; when the program's request
 * completes, seshat_comm_idup_finish registers *newcomm without a
 * blocking collective (docs/design.md). */
struct seshat_op;
void seshat_comm_idup_post(struct seshat_op *op, seshat_comm *parent, MPI_Comm newcomm);
void seshat_comm_idup_finish(struct seshat_op *op);
void seshat_comms_fini(void);

/* ---- point-to-point protocol (p2p.c) ---- */

enum seshat_send_mode { SESHAT_SEND_STANDARD, SESHAT_SEND_SYNC, SESHAT_SEND_BUFFERED,
                        SESHAT_SEND_READY };

/* How far a matched receive has learned its arrival (relay answers come
 * in one or two steps; direct knows it at the match). */
enum seshat_recv_stage {
    SESHAT_RECV_POSTED,        /* not matched yet */
    SESHAT_RECV_AWAIT_FIRST,   /* relay: awaits the first answer */
    SESHAT_RECV_AWAIT_FINAL,   /* relay rendezvous: post sent, awaits the final one */
    SESHAT_RECV_KNOWN          /* arrival known (or none: cancelled, PROC_NULL) */
};
/* A zeroed seshat_op (`= { 0 }`) is a receive not matched yet; the stages
 * only advance, so `>= SESHAT_RECV_KNOWN` means done. */
_Static_assert(SESHAT_RECV_POSTED == 0 && SESHAT_RECV_POSTED < SESHAT_RECV_AWAIT_FIRST &&
                   SESHAT_RECV_AWAIT_FIRST < SESHAT_RECV_AWAIT_FINAL &&
                   SESHAT_RECV_AWAIT_FINAL < SESHAT_RECV_KNOWN,
               "receive stages out of order");

/* What seshat knows about one send or receive in flight. */
typedef struct seshat_op {
    int is_send;
    int active;
    int persistent;
    int tracked;             /* on the unmatched-receive list */
    uint32_t req_id;         /* trace identity of a nonblocking op, 0 if blocking */
    seshat_comm *comm;
    int peer;                /* dest or source filter (comm rank) */
    int tag;
    enum seshat_send_mode mode;
    /* send: */
    int64_t bytes;
    int proto;
    int32_t seq;
    int reply_from;          /* control-comm rank the completion comes from */
    seshat_vtime done;       /* completion time once known, else -1 */
    /* receive: */
    seshat_vtime t_post;
    int matched;             /* the real receive matched (status saved) */
    enum seshat_recv_stage stage;
    seshat_vtime arrival;
    MPI_Status status;
    /* completed and charged by MPI_Request_get_status, which leaves the
     * request to the program: the Wait or Test that frees it charges nothing */
    int charged;
    /* collective (nonblocking): its pending exchange, see coll.h */
    int is_coll;
    struct seshat_coll_pending *coll;
    struct seshat_idup *idup;   /* a pending MPI_Comm_idup (is_coll, no coll) */
    /* contention: a synchronization through the model is out for it (an
     * MPI_Comm_idup, as a blocking creation): its answer is (-1,
     * sync_comm, seq), its exit the completion's earliest time */
    int synced;
    int32_t sync_comm;
    struct seshat_io_pending *io;  /* a pending collective MPI-IO access (rank/io.h) */
} seshat_op;

/* Start a send: charge overhead, send the envelope. The real data send is
 * the caller's. `dest` may be MPI_PROC_NULL. */
void seshat_send_begin(seshat_op *op, seshat_comm *c, int dest, int tag,
                       int64_t bytes, enum seshat_send_mode mode);
/* Completion time of a send whose real operation has completed (waits
 * for the rendezvous answer if there is one). */
seshat_vtime seshat_send_finish(seshat_op *op);
/* Take the send's completion if it is here, never waiting; 1 once known
 * (only contention learns it from answers: else 1). */
int seshat_send_ready(seshat_op *op);

/* recv.c: the receive steps that never wait. */
void seshat_recv_begin(seshat_op *op, seshat_comm *c, int source, int tag);
/* The real receive matched (status known): learn the arrival as far as
 * the answers at hand allow, without waiting (relay; seshat_serve goes on
 * with it, seshat_recv_finish waits for the rest). */
void seshat_recv_match(seshat_op *op, const MPI_Status *st);
/* Advance a matched receive with the answers at hand, never waiting;
 * 1 once its arrival is known. */
int seshat_recv_poll(seshat_op *op);
/* Completion time of a matched receive completed by a call at `t_call`
 * (p2p.c; waits for the answers it still needs). */
seshat_vtime seshat_recv_finish(seshat_op *op, seshat_vtime t_call);

/* Arrival of the next message (src, tag) on comm without consuming it
 * (Probe). Returns the virtual arrival time. */
seshat_vtime seshat_peek_arrival(seshat_comm *c, const MPI_Status *st);

void seshat_p2p_flush(void);   /* send batched envelopes to the model (direct) */
/* Injection start of a transfer of `bytes` to world rank dst posted now
 * on this rank's link (the one sends use): one-sided transfers and
 * notices (rma.c). */
seshat_vtime seshat_send_inject(int64_t bytes, int dst);
/* Messages and bytes this rank has sent (modeled point-to-point). */
void seshat_p2p_stats(long long *messages, long long *bytes);

/* ---- watchdog (watchdog.c; docs/models.md, "Watchdog") ---- */
/* simulator.watchdog in ns, 0 = off; set by seshat_watch_init. */
extern int64_t seshat_watch_ns;
/* Set while a wait has armed the watchdog or named what it waits for:
 * seshat_leave then calls seshat_watch_leave (one test per call). */
extern int seshat_watch_dirty;
void seshat_watch_init(void);
/* The blocking call `call` waits for (peer, tag) on c (comm ranks; c may be
 * NULL); peer MPI_PROC_NULL: a collective on c. */
void seshat_watch_what(enum seshat_call_id call, const seshat_comm *c, int peer, int tag);
/* ... or for one of the requests reqs[0..n-1] (read only if it is stuck). */
void seshat_watch_reqs(enum seshat_call_id call, const MPI_Request *reqs, int n);
/* Something moved for this rank: a receive matched, an answer came. */
void seshat_watch_progress(void);
/* One turn of a wait loop that found nothing: yields the CPU; after
 * simulator.watchdog with no progress tells the first model rank, and
 * leaves with exit 86 when that rank says the whole job is stuck. */
void seshat_watch_idle(void);
/* The same without yielding, every 256th turn only: for a plain wait
 * (what MPI_Wait itself would do). `n` counts the turns. */
enum { SESHAT_WATCH_TICK_TURNS = 256 };   /* a power of two */
_Static_assert((SESHAT_WATCH_TICK_TURNS & (SESHAT_WATCH_TICK_TURNS - 1)) == 0,
               "the tick is a mask test");
static inline void seshat_watch_tick(unsigned n)
{
    if ((n & (SESHAT_WATCH_TICK_TURNS - 1)) == SESHAT_WATCH_TICK_TURNS - 1)
        seshat_watch_idle();
}
/* A wait of seshat's own inside the current call (an envelope, the id of
 * a new communicator, ...): the watchdog's line names it too. */
void seshat_watch_inner(const char *what);
/* Wait for req, a wait of seshat's own named `what` that must not serve
 * anything meanwhile: the real MPI_Wait, or with the watchdog on a test
 * loop it sees (as MPI_Wait's own loop, the clock read every 256 turns). */
int seshat_watch_wait(MPI_Request *req, const char *what);
void seshat_watch_leave(void);     /* the wrapper returns to the program */
/* About to enter `call`, a real call that may wait for other ranks and
 * cannot poll (calls.spec `blind`): with the watchdog on, under
 * contention, say so now. */
void seshat_watch_blind(enum seshat_call_id call);
void seshat_watch_final(void);     /* MPI_Finalize: this rank waits for good */

/* ---- request table (reqs.c) ---- */
/* New record for req, holding communicator c (may be NULL) until removed. */
seshat_op *seshat_req_add(MPI_Request req, seshat_comm *c);
uint32_t seshat_req_next_id(void);             /* a fresh request identity */
seshat_op *seshat_req_find(MPI_Request req);
/* The n-th record under req (Open MPI shares one handle between requests
 * that completed at once), and removing that very record. */
seshat_op *seshat_req_find_nth(MPI_Request req, int nth);
void seshat_req_remove_op(MPI_Request req, seshat_op *op);
void seshat_req_remove(MPI_Request req);
/* Active receives whose match seshat has not processed yet, in posting
 * order: the ones other ranks may be waiting on. */
void seshat_req_track_unmatched(seshat_op *op, int unmatched);
int seshat_req_unmatched_count(void);
/* Post time of the oldest unmatched receive, INT64_MAX if none. */
seshat_vtime seshat_req_first_unmatched_post(void);
/* Calls fn(req, op, ctx) on each until fn returns non-zero or the list ends. */
void seshat_req_foreach_unmatched(int (*fn)(MPI_Request req, seshat_op *op, void *ctx), void *ctx);

#endif

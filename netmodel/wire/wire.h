/* wire.h - messages between application ranks and model ranks.
 * All travel on the control communicator (a duplicate of the real world),
 * except direct-path envelopes, which travel on the shadow duplicate of the
 * application's communicator with the application's tag so MPI's
 * non-overtaking rule pairs each envelope with its message. */
#ifndef SESHAT_WIRE_H
#define SESHAT_WIRE_H

#include <stdint.h>

/* The lowest layer: both sides include it, it includes nothing of seshat. */

enum seshat_wire_tag {
    SESHAT_TAG_ENV = 1,     /* app -> model (relay): one envelope */
    SESHAT_TAG_POST = 2,    /* app -> model (relay): receive post time */
    SESHAT_TAG_ANSWER = 3,  /* model -> receiver (relay): seshat_answer */
    SESHAT_TAG_BATCH = 4,   /* app -> model (direct): envelopes for the log */
    SESHAT_TAG_FIN = 5,     /* app -> model: this rank has finalized */
    SESHAT_TAG_COLL = 6,    /* app -> model (relay): a collective member's entry */
    SESHAT_TAG_ROUTE = 7,   /* app -> model (simgrid, direct): int32 {src, dst} */
    SESHAT_TAG_ROUTE_ANS = 8, /* model -> app: double {latency ns, bandwidth B/s} */
    SESHAT_TAG_MATRIX = 9,  /* model -> first model rank: its matrix rows, at the end */
    SESHAT_TAG_BLOCK = 10,  /* app -> model (contention): seshat_block, about to wait */
    SESHAT_TAG_WATCH = 11,  /* app -> first model rank: seshat_watch_note */
    SESHAT_TAG_DIE = 12,    /* first model rank -> all: the job is hung, exit */
    SESHAT_TAG_FWD = 13,    /* model -> engine (contention, per-node): seshat_fwd_item[] */
    SESHAT_TAG_RMA_POST = 14, /* app -> app (one-sided): int64 arrival of a Win_post notice */
    SESHAT_TAG_RMA_DONE = 15, /* app -> app (one-sided): int64 when a Win_complete's target is done */
    SESHAT_TAG_REPLY0 = 64  /* + seq: sender's rendezvous completion time */
};
#define SESHAT_SEQ_MASK 0x0fffffff

/* One point-to-point message as the model sees it. */
typedef struct seshat_envelope {
    int32_t src, dst;       /* world ranks */
    int32_t comm_id, tag;
    int64_t bytes;
    int64_t t_inject;       /* virtual time the sender's NIC starts */
    int32_t seq;            /* sender's sequence number (rendezvous replies) */
    int32_t proto;          /* enum seshat_proto, | SESHAT_ENV_NOREPLY */
    int64_t floor;          /* contention: the sender's promise, see seshat_block */
    int32_t ordinal;        /* contention: n-th message of (src, dst, comm, tag) */
    int32_t pad;
} seshat_envelope;
/* The sender completes locally (buffered send) and wants no reply. */
#define SESHAT_ENV_NOREPLY 0x100
#define SESHAT_ENV_PROTO(p) ((enum seshat_proto)((p) & 0xff))
/* Contention = on, one-sided communication (docs/models.md, "One-sided
 * communication"): an eager transfer the origin reports, never received
 * by a receive. `tag` says which (SESHAT_RMA_WIRE_*), `comm_id` is the
 * window's communicator, `seq` the origin's transfer number. A request
 * of a fetching call (SESHAT_ENV_RMA_FETCH) is followed at once by its
 * reply (src the target, dst the origin, t_inject unknown: the request's
 * arrival). The model answers SESHAT_ANS_RMA: a transfer's completion
 * (the reply's arrival for a fetch) to the origin unless NOREPLY, a
 * notice's arrival to its receiver (a completion notice once the
 * origin's earlier transfers to it have all arrived: the later time). */
#define SESHAT_ENV_RMA 0x200
#define SESHAT_ENV_RMA_FETCH 0x400
enum seshat_rma_wire { SESHAT_RMA_WIRE_REQ = -101, SESHAT_RMA_WIRE_REPLY = -102,
                       SESHAT_RMA_WIRE_POST = -103, SESHAT_RMA_WIRE_DONE = -104 };

enum seshat_answer_type { SESHAT_ANS_ARRIVAL, SESHAT_ANS_NEED_POST, SESHAT_ANS_FINAL,
                          SESHAT_ANS_COLL, SESHAT_ANS_REPLY, SESHAT_ANS_RMA };

/* Model -> receiver (relay). Keyed by (src, comm_id, tag) in FIFO order;
 * FINAL answers are keyed by (src, seq); REPLY answers (contention mode:
 * a rendezvous sender's completion, arrival = sender_done) by (dst, seq);
 * RMA answers by (src, comm_id, tag, seq). */
typedef struct seshat_answer {
    int32_t type, src, comm_id, tag;
    int32_t seq, ordinal;   /* ordinal: contention, the envelope's (ARRIVAL,
                               NEED_POST): answers leave as they become final */
    int64_t arrival;
} seshat_answer;

/* Receiver -> model (relay): when the receive matching (src, seq) was posted. */
typedef struct seshat_post {
    int32_t src, seq;
    int64_t t_post;
} seshat_post;

/* App -> model (relay): one member of a collective. The model rank that
 * serves the communicator's member 0 gathers all p and answers each member
 * (SESHAT_ANS_COLL, src = -1, comm_id, tag = seq, arrival = exit). */
typedef struct seshat_coll_entry {
    int32_t comm_id, seq, p, rank;
    int32_t kind, alg, root, world;
    int32_t leader;          /* world rank of member 0: disjoint communicators
                                may share an id, never a leader */
    int32_t cls;             /* cost factor class (config.h SESHAT_FACTOR_*) */
    int64_t entry, bytes;
    int64_t floor;           /* contention: the member's promise, see seshat_block */
} seshat_coll_entry;
/* kind of a contention-mode synchronization that is not a collective of
 * the program (communicator creation, neighborhood collectives): every
 * member leaves at the last member's entry. */
#define SESHAT_COLL_SYNC 100

/* App -> model (contention = on): this rank is about to wait for an
 * answer and sends nothing before it uses one (one already in its inbox,
 * inbox_min, or one still to come). `clock` is its virtual
 * time, `post_min` the post time of its oldest receive not yet matched
 * (INT64_MAX if none: a rendezvous it matches later reports that post),
 * `answers` how many answers it has taken off the wire so far. A report
 * of any kind (envelope, collective entry) carries floor = min(clock,
 * post_min): nothing this rank does later starts earlier. */
typedef struct seshat_block {
    int64_t clock, post_min, answers;
    int64_t inbox_min;      /* earliest answer taken but not used yet */
} seshat_block;

/* App -> model (direct): SESHAT_TAG_BATCH carries up to SESHAT_BATCH_MAX
 * envelopes. A batch must stay under Open MPI's shared-memory eager limit
 * (btl_vader_eager_limit, 4 KiB, of which ob1 takes its header), so that
 * it never waits in a rendezvous with the model rank, which may be napping
 * (LOG_SLEEP_NS, 200 us, in netmodel/server/server.c). 64 x 56 B = 3,584 B.
 * An eager send still completes only once the model rank has taken it
 * (beyond the per-peer fast box), so senders keep a pool of batches in
 * flight (src/rank/direct.c). */
#define SESHAT_BATCH_MAX 64
#define SESHAT_SHM_EAGER_LIMIT 4096    /* Open MPI 4.1 btl_vader_eager_limit default */
#define SESHAT_PML_HEADER_ROOM 128     /* ob1's match header, with room to spare */
_Static_assert(sizeof(seshat_envelope) == 56, "envelope layout (both sides, no padding)");
_Static_assert(SESHAT_BATCH_MAX * sizeof(seshat_envelope) + SESHAT_PML_HEADER_ROOM <=
                   SESHAT_SHM_EAGER_LIMIT,
               "an envelope batch is sent eagerly over shared memory");
_Static_assert(sizeof(seshat_answer) + SESHAT_PML_HEADER_ROOM <= SESHAT_SHM_EAGER_LIMIT &&
                   sizeof(seshat_coll_entry) + SESHAT_PML_HEADER_ROOM <= SESHAT_SHM_EAGER_LIMIT &&
                   sizeof(seshat_block) + SESHAT_PML_HEADER_ROOM <= SESHAT_SHM_EAGER_LIMIT,
               "single wire messages are sent eagerly");

/* simulator.watchdog (docs/models.md, "Watchdog"): an application rank
 * has waited `watchdog` with nothing moving (STUCK), moved again
 * (RESUMED), entered MPI_Finalize (FINAL), or entered a real call that
 * may wait for other ranks and cannot poll (BLIND, said at once: the
 * model rank counts it as waiting once it has lasted the limit); `line`
 * says what it waits for. */
enum { SESHAT_WATCH_RESUMED = 0, SESHAT_WATCH_STUCK = 1, SESHAT_WATCH_FINAL = 2,
       SESHAT_WATCH_BLIND = 3 };
#define SESHAT_WATCH_EXIT 86    /* the job's exit code when the watchdog ends it */
typedef struct seshat_watch_note {
    int32_t state;
    char line[220];
} seshat_watch_note;
_Static_assert(sizeof(seshat_watch_note) + SESHAT_PML_HEADER_ROOM <= SESHAT_SHM_EAGER_LIMIT,
               "a watchdog note is sent eagerly");

#endif

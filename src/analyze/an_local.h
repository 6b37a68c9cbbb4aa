/* an_local.h - the ranks an analyzer process owns, read window by window
 * of virtual time: each stream is read once, call by call, into the time
 * profile per call site and the communication records the replay exchanges
 * (sends, receives, collective entries). Records live only until the
 * exchange has paired them, so memory follows the window, not the trace. */
#ifndef SESHAT_AN_LOCAL_H
#define SESHAT_AN_LOCAL_H

#include <stdint.h>

#include "analyze/an_check.h"
#include "analyze/an_io.h"
#include "analyze/an_stream.h"
#include "analyze/an_util.h"
#include "analyze/analysis.h"

typedef struct an_send {            /* shipped to the receiver's owner */
    int32_t src, dst, rendezvous, idx;    /* idx: the sender's completion record */
    int64_t comm, tag, seq, E, bytes;
} an_send;

typedef struct an_recv {            /* stays with the receiver's owner */
    int32_t src, dst, site, blocking;
    int64_t comm, tag, seq;
    int64_t P;                      /* when the receive was posted */
    int64_t cE, cX, uid;            /* the call in which it completed */
    int64_t E_send;                 /* filled by the matching; -1 = unmatched,
                                       AN_UNKNOWN = its sender has no stream */
} an_recv;

#define AN_UNKNOWN (-2)

typedef struct an_sdone {           /* where a rendezvous send completed, at its sender */
    int32_t site, blocking, rank, live, completed, pad;
    int64_t cE, cX, uid;
} an_sdone;

/* an_coll.kind: the trace's collective kind (docs/trace-format.md), or
 * AN_COLL_FENCE for the barrier an MPI_Win_fence is timed with. */
enum { AN_COLL_BARRIER = 0, AN_COLL_FENCE = 64 };

typedef struct an_coll {            /* shipped to the collective's owner */
    int32_t kind, root, size, me, rank, site;   /* root, me: ranks in the communicator */
    int64_t comm, seq, bytes, E, X;
} an_coll;

/* One RMA record (docs/trace-format.md, record 14) with its call, kept
 * until the end (an_rma.h). comm names the window's communicator as
 * an_coll.comm does; members is its size, 0 when a member has no stream. */
typedef struct an_rma {
    int32_t rank, op, peer, site, members;
    int32_t barrier;                /* a fence timed with a barrier (a COLL in its call) */
    int32_t lock_call;              /* a lock taken in MPI_Win_lock (not in a transfer) */
    int32_t excl;                   /* a lock's type: exclusive */
    int64_t comm, win, uid, ord;    /* uid: the rank's call number; ord: stream order */
    int64_t E, X, done;             /* done: a transfer's arrival, a lock's grant, an
                                       unlock's release (absolute ns) */
} an_rma;

typedef struct an_wait {            /* a wait and who ended it: critical path, delay costs */
    int32_t rank, cause_rank;
    int64_t E, cause_time;          /* the wait ran from E to cause_time */
    int32_t site, pattern;          /* the waiting call's local site; its wait state */
} an_wait;

typedef struct an_seg {
    int64_t start, end;
    int32_t site;                   /* -1: computation */
} an_seg;

/* One owned trace rank. */
typedef struct an_rank {
    int rank;
    int64_t end_ns;
    int nsites;                     /* local call sites (sites-R.txt and the stream) */
    int *site_call;                 /* [nsites] call id, -1 if never entered */
    char **site_loc;                /* [nsites] "file:line (function)" */
    int64_t *site_ns;               /* [nsites] time in the call at the site */
    int64_t *site_visits;
    an_vec segs;                    /* an_seg, coarsened */
    void *state;                    /* the reader and its matching state (an_local.c) */
    int done;
    int absent;                     /* no stream read: not traced, missing or empty */
    an_stream_status st;            /* HEADER and END, once done */
    char *read_error;               /* the stream ended in an error (the records before
                                       it are analyzed), else NULL */
    /* Receives waiting to be judged, in call order (an_p2p.c) */
    an_vec rq;                      /* an_recv */
    size_t rq_head;                 /* judged prefix */
    int64_t rq_base;                /* absolute position of rq[0] */
    void *ring;                     /* Late Sender instances (an_p2p.c) */
    an_io_rank io;                  /* MPI-IO bytes and files (an_io.h) */
} an_rank;

/* Everything one analyzer process holds after the first pass. */
typedef struct an_local {
    int nranks;                     /* trace ranks in all */
    int lo, hi;                     /* owned: [lo, hi) */
    an_rank *ranks;                 /* [hi - lo] */
    const char *dir;
    int want_waits;                 /* keep an_wait records (for the critical path) */
    an_vec sends, recvs, colls;     /* this window's an_send, an_recv, an_coll */
    an_vec sdone;                   /* an_sdone pool (free entries: live == 0) */
    an_vec sdone_free;              /* free pool indices (int64) */
    an_vec deferred;                /* Late Receiver replies waiting for their Wait */
    an_map traffic;                 /* key3(src, dst, 0): messages, (src, dst, 1): bytes */
    an_vec traffic_keys;            /* an_pair (src, dst) in first-seen order */
    int64_t size_hist[40];          /* SESHAT_SIZE_BUCKETS */
    an_map unmatched;               /* key5(dst, src, comm, tag, seq) -> E_send (sends waiting) */
    an_map unmatched_info;          /* same key -> idx << 32 | src << 1 | rendezvous */
    an_map waiting;                 /* same key -> absolute position in the receiver's rq */
    an_map lr_max;                  /* key3(src, uid, 0): latest receive post so far */
    an_map lr_refs;                 /* same key: completed sends of that call still
                                       waiting for their receiver's post time */
    an_map groups;                  /* key3(comm, seq, 1): collective instance -> pool index */
    an_vec gpool;                   /* an_vec of an_coll per instance (an_coll.c) */
    an_vec gfree;
    an_vec waits;                   /* an_wait, wherever they were computed */
    an_vec msgs;                    /* seshat_msg: a heap of the longest (an_msg_keep) */
    unsigned char *absent;          /* [nranks]: no stream (not traced, missing, empty) */
    unsigned char *stream;          /* [nranks]: AN_STREAM_OK, _MISSING or _EMPTY */
    /* Records whose partner has no stream: their wait states are unknown. */
    int64_t unknown_recvs;          /* receives from such a rank (Late Sender unknown) */
    int64_t unknown_sends;          /* rendezvous sends to one (Late Receiver unknown) */
    int64_t unknown_colls;          /* collective calls on a communicator with one */
    an_map contrib;                 /* an_key3(pattern, rank, site) -> ns */
    an_vec contrib_keys;            /* the (pattern, rank, site) triples, insertion order */
    an_vec rma;                     /* an_rma, until the end (an_rma.h) */
} an_local;

/* Opens ranks [lo, hi) of the trace in dir (d->nranks in all). A rank
 * that was not traced, or whose stream is missing or empty, is absent:
 * it has no calls (an_check.h reports why). A stream that ends in a read
 * error ends there, the error kept in read_error. */
void an_local_open(an_local *L, const char *dir, const an_defs *d, int lo, int hi);
/* Reads every call that enters before T into the profile and this
 * window's records; returns how many calls; *next = the earliest enter
 * time not read yet (INT64_MAX when every owned rank is done). */
int64_t an_local_window(an_local *L, int64_t T, int64_t *next);
void an_local_free(an_local *L);

/* Record that `rank` waited in its call at local site `site` (a wait
 * state of `pattern`) from E until cause_time for cause_rank. */
void an_wait_add(an_local *L, int rank, int site, int pattern, int64_t E, int cause_rank,
                 int64_t cause_time);

/* Keep m in the heap h (of seshat_msg) if it is among the
 * SESHAT_MSG_LINES longest; the order is total, so the messages kept do
 * not depend on the number of analyzer processes. */
void an_msg_keep(an_vec *h, const seshat_msg *m);

/* Add ns of a pattern to (rank, local site): any process may add for any
 * rank (collectives are evaluated away from their members). */
void an_contrib_add(an_local *L, int pattern, int rank, int site, int64_t ns);
/* Move ns of pattern `from` at (rank, site), added here or on another
 * process, to its child pattern `to` (the sums meet on the root). */
void an_contrib_move(an_local *L, int from, int to, int rank, int site, int64_t ns);

#endif

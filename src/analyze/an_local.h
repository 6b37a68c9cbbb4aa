/* an_local.h - the first pass over the ranks an analyzer process owns:
 * each stream is read once, call by call, into the time profile per call
 * site and the communication records the replay exchanges (sends, receives,
 * collective entries), which are far fewer than the events. */
#ifndef SESHAT_AN_LOCAL_H
#define SESHAT_AN_LOCAL_H

#include <stdint.h>

#include "analyze/an_util.h"

typedef struct an_send {            /* shipped to the receiver's owner */
    int32_t src, dst, rendezvous, idx;    /* idx: position in the sender's list */
    int64_t comm, tag, seq, E, bytes;
} an_send;

typedef struct an_recv {            /* stays with the receiver's owner */
    int32_t src, dst, site, blocking;
    int64_t comm, tag, seq;
    int64_t P;                      /* when the receive was posted */
    int64_t cE, cX, uid;            /* the call in which it completed */
    int64_t E_send;                 /* filled by the matching; -1 = unmatched */
} an_recv;

typedef struct an_sdone {           /* where a send completed, at its sender */
    int32_t site, blocking;
    int64_t cE, cX, uid;
} an_sdone;

typedef struct an_coll {            /* shipped to the collective's owner */
    int32_t kind, root, size, me, rank, site;   /* root, me: ranks in the communicator */
    int64_t comm, seq, bytes, E, X;
} an_coll;

typedef struct an_wait {            /* a wait and who ended it, for the critical path */
    int32_t rank, cause_rank;
    int64_t E, cause_time;          /* the wait ran from E to cause_time */
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
    an_vec sdone;                   /* an_sdone per send, same order as the sends */
} an_rank;

/* Everything one analyzer process holds after the first pass. */
typedef struct an_local {
    int nranks;                     /* trace ranks in all */
    int lo, hi;                     /* owned: [lo, hi) */
    an_rank *ranks;                 /* [hi - lo] */
    an_vec sends, recvs, colls;     /* an_send, an_recv, an_coll of the owned ranks */
    an_vec waits;                   /* an_wait, wherever they were computed */
    an_map contrib;                 /* an_key3(pattern, rank, site) -> ns */
    an_vec contrib_keys;            /* the (pattern, rank, site) triples, insertion order */
} an_local;

/* Reads ranks [lo, hi) of the trace in dir. Exits with a message naming
 * the file on a broken trace. */
void an_local_read(an_local *L, const char *dir, int nranks, int lo, int hi);
void an_local_free(an_local *L);

/* Record that `rank` waited from E until cause_time for cause_rank. */
void an_wait_add(an_local *L, int rank, int64_t E, int cause_rank, int64_t cause_time);

/* Add ns of a pattern to (rank, local site): any process may add for any
 * rank (collectives are evaluated away from their members). */
void an_contrib_add(an_local *L, int pattern, int rank, int site, int64_t ns);

#endif

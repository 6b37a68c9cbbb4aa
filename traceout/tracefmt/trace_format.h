/* trace_format.h - the seshat trace record format (docs/trace-format.md).
 *
 * A stream is a sequence of standard LZ4 frames (with content checksums);
 * each frame decompresses to whole records. A record is
 *     kind (varint) | length (varint) | payload (length bytes)
 * so a reader skips kinds it does not know. Integers in payloads are
 * unsigned LEB128 varints; timestamps are deltas from the previous
 * timestamp of the stream (virtual time never goes backwards). */
#ifndef SESHAT_TRACE_FORMAT_H
#define SESHAT_TRACE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#define SESHAT_TRACE_MAGIC "SESHATTR"
#define SESHAT_TRACE_VERSION 1

enum seshat_rec_kind {
    SESHAT_REC_HEADER = 1,   /* magic[8], version, rank, nranks */
    SESHAT_REC_ENTER = 2,    /* call id, dt, call site index */
    SESHAT_REC_EXIT = 3,     /* call id, dt */
    SESHAT_REC_SEND = 4,     /* peer (world), tag, comm id, bytes, protocol, request id */
    SESHAT_REC_RECV = 5,     /* peer (world), tag, comm id, bytes, request id */
    SESHAT_REC_COLL = 6,     /* collective kind, comm id, root, bytes, request id */
    SESHAT_REC_COMM = 7,     /* comm id, size, world rank of each member */
    SESHAT_REC_CALLSITE = 8, /* index, return address */
    SESHAT_REC_END = 9,      /* events written (enter + exit), final time */
    SESHAT_REC_MSGLOG = 10,  /* model rank message log: Seshat's nine fields */
    SESHAT_REC_COMPLETE = 11,/* request id: a nonblocking operation completed */
    SESHAT_REC_PAYLOAD = 12, /* the message just sent, packed (trace.payload) */
    SESHAT_REC_POST = 13,    /* request id: a nonblocking receive was posted */
    SESHAT_REC_RMA = 14,     /* one-sided transfer or synchronization: op, target (world),
                                comm id, bytes out (a lock: its type), bytes back, request id,
                                done (ns after the call's ENTER), window number */
    SESHAT_REC_SAMPLE = 15,  /* call site index (a sampled call path), count: before an
                                ENTER, samples of the compute interval it ends */
    SESHAT_REC_IO = 16       /* MPI-IO access: file, op, flags, bytes, request id, wait (zigzag
                                ns from the record's time to the access's start), cost (ns);
                                open and delete: then the opening communicator's id (zigzag,
                                -1: the rank alone) and the file's name (the payload's rest) */
};

/* SESHAT_REC_IO's op and flags (docs/trace-format.md). */
enum seshat_io_op {
    SESHAT_IO_READ = 0, SESHAT_IO_WRITE = 1, SESHAT_IO_OPEN = 2, SESHAT_IO_CLOSE = 3,
    SESHAT_IO_SYNC = 4,      /* File_sync */
    SESHAT_IO_RESIZE = 5,    /* File_set_size, File_preallocate */
    SESHAT_IO_DELETE = 6
};
enum {
    SESHAT_IO_COLLECTIVE = 1,   /* every member of the file's communicator takes part */
    SESHAT_IO_NONBLOCKING = 2,  /* the access ends when its request completes */
    SESHAT_IO_PENDING = 4       /* wait and cost unknown when recorded (a nonblocking
                                   collective's: its request's completion is its end) */
};
#define SESHAT_IO_NOPS 7
static inline const char *seshat_io_op_name(uint64_t op)
{
    static const char *const n[SESHAT_IO_NOPS] = { "read", "write", "open", "close", "sync",
                                                   "resize", "delete" };
    return op < SESHAT_IO_NOPS ? n[op] : "?";
}

/* SESHAT_REC_RMA's op: what the origin called (docs/trace-format.md). */
enum seshat_rma_op {
    SESHAT_RMA_PUT = 0,      /* Put, Rput */
    SESHAT_RMA_GET = 1,      /* Get, Rget */
    SESHAT_RMA_ACC = 2,      /* Accumulate, Raccumulate */
    SESHAT_RMA_GET_ACC = 3,  /* Get_accumulate, Rget_accumulate */
    SESHAT_RMA_FOP = 4,      /* Fetch_and_op */
    SESHAT_RMA_CAS = 5,      /* Compare_and_swap */
    /* Synchronizations (the analyzer's one-sided wait states), one record
     * per partner (target: its world rank; a fence's is the rank's own). */
    SESHAT_RMA_FENCE = 16,   /* Win_fence */
    SESHAT_RMA_POST = 17,    /* Win_post: one per origin of its group */
    SESHAT_RMA_START = 18,   /* Win_start: one per target of its group */
    SESHAT_RMA_COMPLETE = 19,/* Win_complete: one per target of the access epoch */
    SESHAT_RMA_WAIT = 20,    /* Win_wait, Win_test that succeeded: one per origin */
    SESHAT_RMA_LOCK = 21,    /* a lock granted in this call (Win_lock, or the first transfer
                                to the target under Win_lock_all): bytes out = type
                                (enum seshat_rma_lock), done = when it was granted */
    SESHAT_RMA_UNLOCK = 22   /* a lock released (Win_unlock, Win_unlock_all: one per target
                                it held): done = when it was released */
};
enum seshat_rma_lock { SESHAT_RMA_LOCK_SHARED = 1, SESHAT_RMA_LOCK_EXCLUSIVE = 2 };
/* Whether op is a synchronization rather than a transfer. */
static inline int seshat_rma_is_sync(uint64_t op) { return op >= SESHAT_RMA_FENCE; }
/* Whether op returns data to the origin. */
static inline int seshat_rma_fetches(int op) { return op != SESHAT_RMA_PUT && op != SESHAT_RMA_ACC; }

/* Most bytes a varint takes. */
#define SESHAT_VARINT_MAX 10

static inline size_t seshat_put_varint(uint8_t *p, uint64_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        p[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    p[n++] = (uint8_t)v;
    return n;
}

/* Reads a varint from [*p, end); returns 0 and advances *p, or -1 if it
 * runs past the end or is longer than 10 bytes. */
static inline int seshat_get_varint(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
    uint64_t x = 0;
    for (int shift = 0; shift < 70 && *p < end; shift += 7) {
        uint8_t b = *(*p)++;
        x |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *v = x;
            return 0;
        }
    }
    return -1;
}

/* Signed values (tags may be MPI_ANY_TAG, roots MPI_ROOT): zigzag. */
static inline uint64_t seshat_zigzag(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }
static inline int64_t seshat_unzigzag(uint64_t v) { return (int64_t)(v >> 1) ^ -(int64_t)(v & 1); }

#endif

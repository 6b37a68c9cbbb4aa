/* calib_measure.h - the MPI side of seshat-calibrate: ping-pong across
 * sizes, a send's CPU overhead and the main collectives, timed with
 * MPI_Wtime (so under seshat it reports virtual time: the same program
 * measures the machine natively and the model through seshat). */
#ifndef SESHAT_CALIB_MEASURE_H
#define SESHAT_CALIB_MEASURE_H

#include <stddef.h>
#include <stdint.h>

typedef struct calib_plan {
    int64_t max_size;   /* largest ping-pong size (powers of 2 from 8) */
    int batches;        /* timed batches per size; the fastest counts */
    int collectives;    /* also time barrier, bcast, allreduce, alltoall(v) */
    int64_t coll_max;   /* largest buffer a collective may use, bytes */
} calib_plan;

#define CALIB_COLL_SIZES 6     /* sizes measured per collective, at most */
#define CALIB_MAX_RANKS 64

/* Runs inside MPI_Init/Finalize on every rank; rank 0 writes lines
 * "KIND BYTES NANOSECONDS" to `out`: pingpong (one-way), send_call, and
 * per collective its block size as seshat's schedule sees it (bcast,
 * allreduce: the buffer; alltoall, alltoallv: one peer's block). Returns 0, or -1 with a message. */
int calib_measure(const calib_plan *plan, const char *out, char *err, size_t errlen);

#endif

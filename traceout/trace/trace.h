/* trace.h - recording inside libseshat: one stream per application rank
 * (traceout/tracefmt/ format), the model ranks' message logs, and the definitions
 * file. All of it runs inside MPI calls, where virtual time is stopped, so
 * tracing never changes the reported times. */
#ifndef SESHAT_TRACE_H
#define SESHAT_TRACE_H

#include <mpi.h>
#include <stdint.h>

#include "config/config.h"
#include "common/vtime.h"

/* Non-zero while this rank records (read on every call: keep it cheap). */
extern int seshat_tracing;
/* Hold recording off (1) and back as it was (0): seshat's own start-up
 * calls through the wrappers (the clock's compensation) are not the
 * program's. */
void seshat_trace_hold(int hold);

/* Collective over the real world, before the split: rank 0 creates the
 * directory and tells everyone; `is_app` ranks open their stream, model
 * ranks their message log. A failure turns tracing off with one message. */
void seshat_trace_start(const seshat_config *cfg, MPI_Comm world, int world_rank, int napp,
                        int is_app);

void seshat_trace_enter(int call, seshat_vtime t, void *site);
void seshat_trace_exit(int call, seshat_vtime t);
/* trace.sample: the call paths sampled in the compute interval ending at
 * t (before its MPI call's enter), each with how often it was seen. */
void seshat_trace_samples(const uintptr_t (*paths)[8], const uint32_t *count, int n,
                          seshat_vtime t);
void seshat_trace_send(int peer, int tag, int comm, int64_t bytes, int proto, uint32_t req);
void seshat_trace_recv(int peer, int tag, int comm, int64_t bytes, uint32_t req);
void seshat_trace_coll(int kind, int comm, int root, int64_t bytes, uint32_t req, int64_t sent,
                       int64_t received);
void seshat_trace_complete(uint32_t req);
/* A one-sided transfer or synchronization (op: enum seshat_rma_op) with
 * world rank `target` on window number `win` of communicator `comm`; `req`
 * its request (R calls) or 0; `done_after`: ns from the call's ENTER until
 * the target has it (a fetch: until the reply is at the origin; a lock:
 * until it was granted; an unlock: until the lock was released). */
void seshat_trace_rma(int op, int target, int comm, int64_t out, int64_t back, uint32_t req,
                      int64_t done_after, int64_t win);
/* An MPI-IO access or metadata operation (op: enum seshat_io_op, flags:
 * SESHAT_IO_*) on this rank's file `file` (its number in order of
 * opening, from 1; 0 unknown): it starts at `start` and costs `cost` ns;
 * `req` its request (nonblocking) or 0; `name` the file's (open, delete)
 * or NULL, and then `comm` the id of the communicator that opened it
 * (-1: this rank alone). */
void seshat_trace_io(int file, int op, int flags, int64_t bytes, uint32_t req,
                     seshat_vtime start, int64_t cost, int comm, const char *name);
/* A nonblocking or persistent receive was posted (its request id). */
void seshat_trace_post(uint32_t req);
/* trace.payload: the data of the message just sent (packed). */
void seshat_trace_payload(const void *buf, int count, MPI_Datatype type, MPI_Comm comm);
void seshat_trace_comm(int id, int size, const int *world);
/* Model ranks: one message-log line (Seshat's nine fields). */
void seshat_trace_msglog(int type, int64_t model_ns, int src, int dst, int64_t send_vt,
                         int64_t net_ns, int tag, int coll, int64_t bytes);

/* Application ranks, collective over `app` (in MPI_Finalize): close the
 * stream; rank 0 writes the definitions file, marked complete or not. */
void seshat_trace_stop(MPI_Comm app, seshat_vtime t_end);
/* Model ranks, at shutdown. */
void seshat_trace_stop_log(void);
/* The run's trace directory, "" when not tracing. */
const char *seshat_trace_dirname(void);
/* Async-signal-safe best effort (fatal signals, MPI_Abort). */
void seshat_trace_emergency(void);

#endif

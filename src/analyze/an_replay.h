/* an_replay.h - the exchange between analyzer processes: each wait state
 * is computed where its constituents meet. A send record travels to the
 * process owning its receiver (Late Sender, Wrong Order); the receiver's
 * post time travels back to the sender's owner for rendezvous and
 * synchronous sends (Late Receiver); every member's entry of a collective
 * travels to the process owning that collective (the N x N, barrier,
 * broadcast, reduce and scan patterns). */
#ifndef SESHAT_AN_REPLAY_H
#define SESHAT_AN_REPLAY_H

#include <mpi.h>

#include "analyze/an_local.h"

/* The process that owns trace rank r (blocks of consecutive ranks). */
int an_owner(int rank, int nranks, int nprocs);
/* The block of ranks process p owns: [*lo, *hi). */
void an_block(int p, int nranks, int nprocs, int *lo, int *hi);

/* Collective over comm, once per window: pairs this window's records with
 * the waiting ones and adds the wait states that became complete to L;
 * `final` (after the last window) settles what is left. */
void an_replay_p2p(an_local *L, MPI_Comm comm, int final);
void an_replay_coll(an_local *L, MPI_Comm comm, int final);

/* Sends items[i] (each `size` bytes) to process dest[i]; returns what this
 * process received (malloc'ed) and its count in *nout. */
void *an_exchange(const void *items, size_t n, size_t size, const int *dest, MPI_Comm comm,
                  size_t *nout);

/* Gathers n fixed-size records from every process to process 0: returns
 * them there (malloc'ed, in process order; count in *nout), NULL elsewhere. */
void *an_gather(const void *items, size_t n, size_t size, MPI_Comm comm, size_t *nout);

#endif

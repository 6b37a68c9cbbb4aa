/* wake.h - a wake-up channel between the processes of one node: a
 * process that has nothing to do sleeps in the kernel (a futex on a word
 * of shared memory) and the process that hands it work wakes it, instead
 * of the sleeper finding out at the end of a timed nap
 * (docs/performance.md, "Under load").
 *
 * One shared-memory segment per node, one cache-line slot per local
 * process: a sequence word that every wake increments and a flag that
 * says its owner sleeps (so a wake costs an atomic increment and a load,
 * and a system call only when the peer really sleeps).
 *
 * Use: mark = seshat_wake_mark() at the end of a poll that found
 * nothing; the next poll; if it found nothing too, seshat_wake_sleep(mark,
 * timeout). A wake after the mark was taken is never lost.
 *
 * Until seshat_wake_attach succeeded (and after it failed) the channel is
 * off: seshat_wake_peer does nothing and seshat_wake_sleep is a plain
 * timed sleep, so everything behaves as without the channel. One process
 * = one sleeper: the thread that calls MPI. */
#ifndef SESHAT_COMMON_WAKE_H
#define SESHAT_COMMON_WAKE_H

#include <mpi.h>
#include <stdint.h>

/* Collective over every process of `world` (application ranks and model
 * ranks alike, before they part): creates and maps the node's segment.
 * Uses the real MPI calls (seshat_real), never the interposed names.
 * 0: the channel is on; -1: off (nothing left behind). */
int seshat_wake_attach(MPI_Comm world);

/* Wake process `world_rank` (a rank of the communicator given to
 * seshat_wake_attach) if it is on this node; nothing otherwise. Cheap
 * when the peer does not sleep; any thread. */
void seshat_wake_peer(int world_rank);

/* The same, but a kick: "look whether I did something for you", which the
 * woken process can tell from a wake (seshat_wake_count). */
void seshat_wake_kick(int world_rank);

/* Is process `world_rank` on this node (and the channel on)? */
int seshat_wake_local(int world_rank);

/* This process's sequence word now: the mark to sleep against. */
uint32_t seshat_wake_mark(void);

/* Sleep until a wake after `mark` or `timeout_ns` has passed. 1: woken
 * (or a wake had already come); 0: timed out. */
int seshat_wake_sleep(uint32_t mark, int64_t timeout_ns);

/* How many wakes (kicks not counted) came between two marks. A wake adds
 * 1 to the word, a kick 1 << 16. */
static inline uint32_t seshat_wake_count(uint32_t from, uint32_t to)
{
    return (to - from) & 0xffffu;
}

/* Is the channel on? */
int seshat_wake_on(void);

/* How many of this node's processes sleep on the channel now (0 when it
 * is off); `ctx` is unused (the idle policy's callback). */
int seshat_wake_sleepers(void *ctx);

#endif

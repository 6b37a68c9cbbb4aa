/* idle.c - spin, then nap (idle.h). A run of empty polls is one MPI
 * call's wait (it ends when the call leaves); once it has lasted the spin
 * window the rank naps, the naps doubling from the shortest to the
 * longest while the run goes on. A nap is a sleep on the node's wake-up
 * channel (common/wake.h): it ends when a peer hands this rank a message
 * and wakes it, or at the nap's end, so the worst case is a plain timed
 * nap (without the channel: a nanosleep). The rank wakes with the
 * scheduler's credit for having slept and so runs before CPU-bound
 * processes that have not.
 *
 * Who wakes whom: a call that handed a message to a peer of the node (or
 * completed a receive from one: Open MPI may have sent it a completion)
 * wakes it at its first empty poll, at its first naps and when it leaves
 * (idle_peer); a
 * collective wakes its members. What seshat does not see - Open MPI's own
 * protocol steps, a rendezvous' clear-to-send, the pieces of a collective
 * - is covered by a kick: at the first nap of a run, and at a nap after a
 * wake that was followed by some work (Open MPI handled something), the
 * rank wakes the destinations of its recent rendezvous sends (the ones
 * that wait for the receiver) and the collective's members; eager
 * messages need no kick, so a program that sends only those (CG class A)
 * kicks only in collectives. Kicks count apart from wakes (wake.h), so a
 * rank that a kick woke for nothing does not kick back.
 *
 * Naps pay only when other processes want the cores: on a machine where
 * this job is alone a nap that nobody ends only adds latency. So by
 * default (SESHAT_IDLE=auto) a rank naps only while the kernel's count of
 * runnable tasks exceeds this job's processes on the node;
 * SESHAT_IDLE=nap always naps, =spin never (docs/performance.md). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "common/idle_policy.h"
#include "common/realclock.h"
#include "common/wake.h"
#include "rank/idle.h"

/* Defaults (measured, docs/performance.md "Under load"). */
enum {
    IDLE_SPIN_NS = 100000,      /* empty polls for this long before a nap */
    IDLE_NAP_MIN_NS = 20000,    /* the first nap */
    IDLE_NAP_MAX_NS = 500000,   /* the longest: at most this much latency added */
    IDLE_WORK_NS = 2000,        /* more than this from a wake to the next poll: work done */
    IDLE_PEERS = 8,             /* recent rendezvous destinations kept for kicks */
};

int seshat_idle_pending;

/* One per process: only the thread that calls MPI polls (seshat_depth). */
static struct {
    seshat_idle_policy policy;  /* SESHAT_IDLE: may this process nap now? */
    int64_t spin, nap_min, nap_max;   /* spin < 0: never nap */
    int in_run;                 /* this call has polled empty */
    int64_t run_start;          /* this run of empty polls: its first poll */
    int64_t nap;                /* the next nap */
    int64_t woke;               /* the last nap was ended by a wake at this time (0: not) */
    int kicked;                 /* this run has kicked */
    int run_naps;               /* naps in this run */
    uint32_t mark;              /* own wake word after the last poll */
    int recent[IDLE_PEERS], nrecent, next_recent;   /* peers for kicks */
    int due[IDLE_PEERS], ndue;  /* the call's peers: owed a wake */
    int fresh;                  /* peers added since they were last woken */
    const int *group;           /* the collective in progress: its members */
    int ngroup, group_due;
    int stats;                  /* SESHAT_IDLE_STATS */
    int peers;                  /* SESHAT_WAKE_PEERS: the ranks wake each other */
    long long polls, naps, woken, kicks;
} idle = { .policy = { .mode = SESHAT_IDLE_AUTO, .loadavg = -1 }, .spin = IDLE_SPIN_NS, .nap_min = IDLE_NAP_MIN_NS,
           .nap_max = IDLE_NAP_MAX_NS,
           .nap = IDLE_NAP_MIN_NS };

static int64_t now_ns(void)
{
    struct timespec ts;
    seshat_real_clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* SESHAT_IDLE_STATS: a process that polled (an application rank) says
 * how its naps ended. */
static void print_stats(void)
{
    const char *r = getenv("OMPI_COMM_WORLD_RANK");
    if (idle.polls)
        fprintf(stderr, "seshat: idle: rank %s: %lld naps, %lld woken, %lld timed out, "
                "%lld kicks\n", r ? r : "?", idle.naps, idle.woken, idle.naps - idle.woken,
                idle.kicks);
}

void seshat_idle_init(void)
{
    seshat_idle_policy_init(&idle.policy);
    idle.policy.sleepers = seshat_wake_sleepers;
    idle.spin = seshat_idle_env_ns("SESHAT_IDLE_SPIN", IDLE_SPIN_NS);
    idle.nap_max = seshat_idle_env_ns("SESHAT_IDLE_NAP", IDLE_NAP_MAX_NS);
    idle.nap_min = seshat_idle_env_ns("SESHAT_IDLE_NAP_MIN", IDLE_NAP_MIN_NS);
    if (idle.nap_min < 1000)
        idle.nap_min = 1000;
    if (idle.nap_max < idle.nap_min)
        idle.nap_max = idle.nap_min;
    /* naps as short as asked, not rounded up by the default 50 us slack */
    if (idle.spin >= 0)
        prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
    /* On by default: on a quiet machine beside 2 CPU-bound processes
     * CG.A.16 took 7.6 s with the ranks waking each other, 9.0 s with
     * timed naps (native Open MPI alone 7.4 s); equal quiet and beside 10
     * (docs/performance.md). SESHAT_WAKE_PEERS=0 turns them off. */
    const char *w = getenv("SESHAT_WAKE_PEERS");
    idle.peers = !w || !*w || strcmp(w, "0");
    const char *s = getenv("SESHAT_IDLE_STATS");
    if (s && *s && strcmp(s, "0") && !idle.stats) {
        idle.stats = 1;
        atexit(print_stats);
    }
}

/* ---- wakes owed and kicks ---- */

static void wake_group(void (*wake)(int))
{
    for (int i = 0; i < idle.ngroup; i++)
        wake(idle.group[i]);
}

/* The call's peers: what it handed to Open MPI is out, or (a blocking
 * send that missed Open MPI's fast box completes only once the receiver
 * takes it) waits for them to take it. */
static void wake_due(void)
{
    for (int i = 0; i < idle.ndue; i++)
        seshat_wake_peer(idle.due[i]);
    if (idle.group_due)
        wake_group(seshat_wake_peer);
    idle.group_due = 0;
    idle.fresh = 0;
}

static void kick(void)
{
    if (!idle.nrecent && !idle.ngroup)
        return;
    for (int i = 0; i < idle.nrecent; i++)
        seshat_wake_kick(idle.recent[i]);
    wake_group(seshat_wake_kick);
    idle.kicks++;
}

static int known(const int *set, int n, int peer)
{
    for (int i = 0; i < n; i++)
        if (set[i] == peer)
            return 1;
    return 0;
}

void seshat_idle_peer(int peer, int kick)
{
    if (!idle.peers || !seshat_wake_local(peer))
        return;
    if (idle.ndue == IDLE_PEERS) {   /* a call with many peers: wake, start again */
        wake_due();
        idle.ndue = 0;
    }
    if (!known(idle.due, idle.ndue, peer))
        idle.due[idle.ndue++] = peer;
    idle.fresh = 1;
    if (!kick || known(idle.recent, idle.nrecent, peer)) {
    } else if (idle.nrecent < IDLE_PEERS) {
        idle.recent[idle.nrecent++] = peer;
    } else {   /* the oldest makes way */
        idle.recent[idle.next_recent] = peer;
        idle.next_recent = (idle.next_recent + 1) % IDLE_PEERS;
    }
    seshat_idle_pending = 1;
}

void seshat_idle_group(const int *world, int n)
{
    if (!idle.peers || !seshat_wake_on())
        return;
    idle.group = world;
    idle.ngroup = n;
    idle.group_due = 1;
    seshat_idle_pending = 1;
}

void seshat_idle_wake_pending(void)
{
    idle.group_due = idle.group != NULL;   /* the members may wait for our last piece */
    wake_due();
    idle.ndue = 0;
    idle.group = NULL;
    idle.ngroup = 0;
    idle.in_run = 0;
    seshat_idle_pending = 0;
}

/* ---- the poll ---- */

/* Kick at the first nap of a run, and after a wake (not a kick: two
 * ranks that kick each other for nothing would never sleep) that work
 * followed. */
static int kick_due(int64_t t)
{
    return !idle.kicked || (idle.woke && t - idle.woke > IDLE_WORK_NS);
}

/* The call's peers are woken again at its first naps: a blocking send
 * that missed Open MPI's fast box waits for its receiver to take it. Only
 * the first two: two ranks whose calls each owe the other a wake would
 * otherwise wake each other at every nap while both wait for a third. */
enum { IDLE_DUE_NAPS = 2 };

static void nap(int64_t t)
{
    if (idle.run_naps++ < IDLE_DUE_NAPS)
        wake_due();
    if (kick_due(t))
        kick();
    idle.kicked = 1;
    idle.naps++;
    uint32_t mark = idle.mark;
    idle.woke = 0;
    if (seshat_wake_sleep(mark, idle.nap)) {
        idle.woken++;
        /* a message may mean work: a kick only when this rank does some */
        if (seshat_wake_count(mark, seshat_wake_mark()))
            idle.woke = now_ns();
    }
    /* the naps grow while the call waits, woken or not: a wake ends a nap
     * whatever its length (restarting from the shortest after each wake
     * doubled CG.A.16's naps, each a wake-up for nothing) */
    idle.nap = idle.nap * 2 < idle.nap_max ? idle.nap * 2 : idle.nap_max;
}

int seshat_idle_yield(void)
{
    int64_t t = now_ns();   /* one clock read per poll (and one after a wake) */
    idle.polls++;
    if (!idle.in_run) {
        idle.in_run = 1;
        idle.run_start = t;
        idle.nap = idle.nap_min;
        idle.kicked = 0;
        idle.run_naps = 0;
        idle.woke = 0;
        seshat_idle_pending = 1;   /* the call's end ends the run */
    }
    if (idle.fresh || idle.group_due)
        wake_due();
    if (idle.spin < 0 || t - idle.run_start < idle.spin || !seshat_idle_policy_nap(&idle.policy, t))
        syscall(SYS_sched_yield);
    else
        nap(t);
    /* a wake from now on ends the next nap at once: none is lost between
     * the next poll and that nap (wake.h) */
    idle.mark = seshat_wake_mark();
    return 0;
}

/* clock_calib.c - the virtual clock's compensation (docs/models.md,
 * "Compensation"), timed through the wrappers themselves: what a compute
 * interval costs seshat is its wrapper's exit path after the clock's mark
 * and the next wrapper's entry path before its read, and that costs most
 * right after a blocking receive that waited for another rank (the caches
 * and predictors the exit and entry paths need are cold then: 50-70 ns
 * measured here, against 25-30 ns for bare brackets after the same
 * receive). So the application ranks ping-pong in pairs (0-1, 2-3, ...;
 * an odd one out with itself) through the exported MPI_Send and MPI_Recv,
 * as a program calls them, on a communicator seshat does not model (the
 * wrappers bracket the real calls and do nothing else), and the interval
 * from each receive to the next send is a sample. The first of a pair
 * stops after SESHAT_CLOCK_PAIRS round trips or 20 ms and says so in its
 * message; tracing and the profile are held off meanwhile. */
#include "interpose/interpose.h"
#include "rank/clock_src.h"

#define SESHAT_CLOCK_PAIRS 2000
#define SESHAT_CLOCK_BUDGET_NS 20000000

typedef int (*send_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
typedef int (*recv_fn)(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Status *);

/* Whether to go on: checked every 16 round trips, outside the samples. */
static int go_on(int i, int64_t t0)
{
    return i < SESHAT_CLOCK_PAIRS && ((i & 15) || seshat_wall_ns() - t0 < SESHAT_CLOCK_BUDGET_NS);
}

/* The first of a pair (or one alone): sends `go`, then receives. */
static void lead(send_fn snd, recv_fn rcv, int partner, int alone, MPI_Comm c)
{
    int64_t t0 = seshat_wall_ns();
    int go = 1, v = 0;
    for (int i = 1;; i++) {
        snd(&go, 1, MPI_INT, partner, 0, c);
        if (!go)
            break;
        rcv(&v, 1, MPI_INT, partner, 0, c, MPI_STATUS_IGNORE);
        go = go_on(i, t0);
        if (i & 15)
            seshat_clock_sample_next();
    }
    if (alone) /* its own last `go` */
        rcv(&v, 1, MPI_INT, partner, 0, c, MPI_STATUS_IGNORE);
}

static void follow(send_fn snd, recv_fn rcv, int partner, MPI_Comm c)
{
    int go = 1, v = 0;
    for (int i = 0;; i++) {
        if (i > 0)
            snd(&v, 1, MPI_INT, partner, 0, c);
        rcv(&go, 1, MPI_INT, partner, 0, c, MPI_STATUS_IGNORE);
        if (!go)
            break;
        seshat_clock_sample_next();
    }
}

void seshat_clock_compensate(void)
{
    if (seshat_rt.cfg.clock == SESHAT_CLOCK_NONE || !seshat_rt.cfg.clock_compensation)
        return;
    /* through the exported symbols, as the program calls them */
    send_fn volatile snd = MPI_Send;
    recv_fn volatile rcv = MPI_Recv;
    MPI_Comm c;
    int me, n;
    seshat_real.Comm_dup(seshat_rt.app, &c);
    seshat_real.Comm_rank(c, &me);
    seshat_real.Comm_size(c, &n);
    int partner = (me ^ 1) < n ? me ^ 1 : me;
    seshat_trace_hold(1);
    seshat_profile_hold(1);
    seshat_clock_sample_begin();
    if (partner == me || !(me & 1))
        lead(snd, rcv, partner, partner == me, c);
    else
        follow(snd, rcv, partner, c);
    seshat_clock_sample_end();
    seshat_profile_hold(0);
    seshat_trace_hold(0);
    seshat_real.Comm_free(&c);
}

/* an_scenarios.c - wait states of known size for seshat-analyze. Virtual
 * compute comes from MPI_Pcontrol(5309, seconds) (run with clock = none),
 * so every wait is exact. D = 1 ms. Usage: an_scenarios NAME
 *   late_sender      rank 1 computes 2D, then sends; rank 0 receives at once
 *   wrong_order      rank 0 takes a late message (2D) first, then one sent
 *                    at 0: from another rank (3 ranks) and from the same one
 *   late_receiver    rank 0 MPI_Ssend at 0; rank 1 computes 3D, then
 *                    receives; then the same with a 1 MiB MPI_Send, then
 *                    with MPI_Issend + MPI_Wait
 *   collectives      rank r computes r*D before a barrier, an allreduce, an
 *                    alltoall and a reduce (root 0); the root computes 3D
 *                    before a bcast; rank r computes (p-1-r)*D before a scan
 *   waitall          rank 0 posts receives from ranks 1..3 and waits for all;
 *                    rank r computes r*D before sending
 *   matched_elsewhere  rank 0 posts MPI_Irecv from rank 1, sends 64 KiB
 *                    to rank 2 (MPI matches the receive during that send,
 *                    in real time), then MPI_Wait; rank 1 computes 2D
 *                    before sending: the Late Sender is the MPI_Wait's
 *   wildcard_any     RandomAccess's pattern (hpcc): rank 0 takes rank 1's
 *                    message (tag 2, sent after 2D) with MPI_Irecv(1,
 *                    MPI_ANY_TAG) + MPI_Waitany, then polls MPI_Testany
 *                    on an MPI_Irecv(MPI_ANY_SOURCE, MPI_ANY_TAG) that can
 *                    only match rank 2's message (tag 1, sent at 0): the
 *                    Waitany's Late Sender is Wrong Order, different
 *                    sources (3 ranks; rank 1 tag 2 and rank 2 tag 1 are
 *                    the first messages of their channels on purpose;
 *                    not part of all)
 *   vcoll            alltoallv, gatherv, scatterv, allgatherv with blocks
 *                    that differ by rank (for the what-if replay)
 *   all              every scenario above, one after another (4 ranks)
 * An optional second argument multiplies every compute (0.5: a CPU twice
 * as fast; the rerun a CPU what-if is checked against); a third names the
 * one scenario it applies to (a switch that changes one phase, for
 * seshat-analyze --compare). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define D 1e-3
static int rank, size;
static char big[1 << 20];
static double compute_scale = 1.0;
static const char *phase = "", *scaled_phase;

static void compute(double s)
{
    if (s > 0)
        MPI_Pcontrol(5309, s * (!scaled_phase || !strcmp(phase, scaled_phase) ? compute_scale : 1));
}

__attribute__((noinline)) static void late_sender(void) /* a frame: tests name it */
{
    int x = 0;
    if (rank == 1) {
        compute(2 * D);
        MPI_Send(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    } else if (rank == 0) {
        MPI_Recv(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

static void wrong_order(void)
{
    int x = 0;
    /* Different sources: rank 1 late, rank 2 on time; rank 0 takes 1 first. */
    if (rank == 1) {
        compute(2 * D);
        MPI_Send(&x, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Send(&x, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    } else if (rank == 0) {
        MPI_Recv(&x, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, 2, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    /* Same source: rank 1 sends tag 4 at once, tag 3 after 2D; rank 0
     * takes tag 3 first. */
    if (rank == 1) {
        MPI_Send(&x, 1, MPI_INT, 0, 4, MPI_COMM_WORLD);
        compute(2 * D);
        MPI_Send(&x, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    } else if (rank == 0) {
        MPI_Recv(&x, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, 1, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

static void late_receiver(void)
{
    int x = 0;
    if (rank == 0) {
        MPI_Ssend(&x, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
    } else if (rank == 1) {
        compute(3 * D);
        MPI_Recv(&x, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Send(big, sizeof big, MPI_BYTE, 1, 6, MPI_COMM_WORLD);
    } else if (rank == 1) {
        compute(3 * D);
        MPI_Recv(big, sizeof big, MPI_BYTE, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Request r;
        MPI_Issend(&x, 1, MPI_INT, 1, 8, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        compute(3 * D);
        MPI_Recv(&x, 1, MPI_INT, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

/* Line everyone up again without a blocking barrier (which would be a
 * wait state of its own in the checks). */
static void realign(void)
{
    MPI_Request r;
    MPI_Ibarrier(MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
}

__attribute__((noinline)) static void collectives(void) /* a frame: tests name it */
{
    double v = rank, w;
    compute(rank * D);
    MPI_Barrier(MPI_COMM_WORLD);
    compute(rank * D);
    MPI_Allreduce(&v, &w, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    compute(rank * D);
    MPI_Alltoall(big, 8, MPI_BYTE, big + 4096, 8, MPI_BYTE, MPI_COMM_WORLD);
    compute(rank * D);
    MPI_Reduce(&v, &w, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    realign();
    compute(rank == 0 ? 3 * D : 0);
    MPI_Bcast(&v, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    realign();
    compute((size - 1 - rank) * D);
    MPI_Scan(&v, &w, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void waitall(void)
{
    int x[4] = { 0 };
    MPI_Request r[3];
    if (rank == 0) {
        for (int i = 1; i < 4; i++)
            MPI_Irecv(&x[i], 1, MPI_INT, i, 7, MPI_COMM_WORLD, &r[i - 1]);
        MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
    } else if (rank < 4) {
        compute(rank * D);
        MPI_Send(&x[0], 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
    }
}

static void matched_elsewhere(void)
{
    int x = 0;
    if (rank == 0) {
        MPI_Request r;
        MPI_Irecv(&x, 1, MPI_INT, 1, 9, MPI_COMM_WORLD, &r);
        MPI_Send(big, 65536, MPI_BYTE, 2, 9, MPI_COMM_WORLD);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        compute(2 * D);
        MPI_Send(&x, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Recv(big, 65536, MPI_BYTE, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

static void wildcard_any(void)
{
    int x = 0, idx, done = 0;
    MPI_Request r;
    if (rank == 0) {
        MPI_Irecv(&x, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &r);
        MPI_Waitany(1, &r, &idx, MPI_STATUS_IGNORE);
        MPI_Irecv(&x, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &r);
        while (!done)
            MPI_Testany(1, &r, &idx, &done, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        compute(2 * D);
        MPI_Send(&x, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Send(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
}

static void vcoll(void)
{
    int cnt[64], dsp[64], total = 0;
    for (int i = 0; i < size && i < 64; i++) {
        cnt[i] = 1000 * (i + 1) + 100 * rank;   /* what I exchange with rank i */
        dsp[i] = total;
        total += cnt[i];
    }
    int rcnt[64], rdsp[64], rtotal = 0;
    for (int i = 0; i < size && i < 64; i++) {
        rcnt[i] = 1000 * (rank + 1) + 100 * i;   /* what rank i sends me */
        rdsp[i] = rtotal;
        rtotal += rcnt[i];
    }
    compute(rank * D);
    MPI_Alltoallv(big, cnt, dsp, MPI_BYTE, big + (1 << 19), rcnt, rdsp, MPI_BYTE, MPI_COMM_WORLD);
    int mine = 500 * (rank + 1), all[64], adsp[64], t = 0;
    for (int i = 0; i < size && i < 64; i++) {
        all[i] = 500 * (i + 1);
        adsp[i] = t;
        t += all[i];
    }
    MPI_Gatherv(big, mine, MPI_BYTE, big + (1 << 19), all, adsp, MPI_BYTE, 0, MPI_COMM_WORLD);
    MPI_Scatterv(big, all, adsp, MPI_BYTE, big + (1 << 19), mine, MPI_BYTE, 0, MPI_COMM_WORLD);
    MPI_Allgatherv(big, mine, MPI_BYTE, big + (1 << 19), all, adsp, MPI_BYTE, MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *what = argc > 1 ? argv[1] : "all";
    if (argc > 2)
        compute_scale = atof(argv[2]);
    if (argc > 3)
        scaled_phase = argv[3];
    int all = !strcmp(what, "all");
    if (all || !strcmp(what, "late_sender"))
        phase = "late_sender", late_sender();
    if (all)
        MPI_Barrier(MPI_COMM_WORLD);
    if (all || !strcmp(what, "wrong_order"))
        phase = "wrong_order", wrong_order();
    if (all)
        MPI_Barrier(MPI_COMM_WORLD);
    if (all || !strcmp(what, "late_receiver"))
        phase = "late_receiver", late_receiver();
    if (all)
        MPI_Barrier(MPI_COMM_WORLD);
    if (all || !strcmp(what, "collectives"))
        phase = "collectives", collectives();
    if (all)
        MPI_Barrier(MPI_COMM_WORLD);
    if (all || !strcmp(what, "waitall"))
        phase = "waitall", waitall();
    if (all)
        MPI_Barrier(MPI_COMM_WORLD);
    if (all || !strcmp(what, "matched_elsewhere"))
        phase = "matched_elsewhere", matched_elsewhere();
    if (all)
        MPI_Barrier(MPI_COMM_WORLD);
    if (!strcmp(what, "wildcard_any"))   /* not in all: its Testany polls follow real time */
        wildcard_any();
    /* Defined below main: the tests name lines of the code above. */
    void by_name(const char *what);
    by_name(what);
    if (all || !strcmp(what, "vcoll"))
        phase = "vcoll", vcoll();
    MPI_Finalize();
    return 0;
}

/* Not part of all (root causes and POP; run by name):
 *   chain            rank 0 computes W = 2D more than the others (all
 *                    compute D), then a chain of messages 0 -> 1 -> ... ->
 *                    p-1: the delay W costs (p-1) W
 *   coll_delay       everyone computes D, rank 2 2D more, then an
 *                    allreduce: rank 2's W = 2D costs (p-1) W, all short-term
 *   two_causes       rank 0 computes 2D before sending to rank 1, rank 2
 *                    computes 3D before sending to rank 3 (4 ranks)
 *   hidden_lr        rank 0 MPI_Ssend to rank 1, which computes W = 2D
 *                    before receiving (Late Receiver), then sends to rank
 *                    2, which waits (Late Sender): rank 1's W costs 2W
 *   pipeline         rank r receives from r-1, computes D, sends to r+1:
 *                    balanced (POP load balance 1) but serialized (1/p)
 *   scaling          strong scaling with known computation: W = 12D split
 *                    evenly, D/2 every rank repeats, D on rank 0 alone,
 *                    then an allreduce: u_0 = W/p + 3D/2, u_r = W/p + D/2,
 *                    total W + D + p D/2 (POP computation scalability)
 *   chain_even, coll_delay_even  the same without the slow phase (the
 *                    extra 2D): the reruns that counterfactual replays of
 *                    chain and coll_delay must predict */
static int slow = 1;   /* 0 in the _even variants */
static void chain(void)
{
    int x = 0;
    compute(D + (rank == 0 && slow ? 2 * D : 0));
    if (rank > 0)
        MPI_Recv(&x, 1, MPI_INT, rank - 1, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank < size - 1)
        MPI_Send(&x, 1, MPI_INT, rank + 1, 10, MPI_COMM_WORLD);
}

static void coll_delay(void)
{
    double v = rank, w;
    compute(D + (rank == 2 && slow ? 2 * D : 0));
    MPI_Allreduce(&v, &w, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void two_causes(void)
{
    int x = 0;
    if (rank == 0 || rank == 2) {
        compute(rank == 0 ? 2 * D : 3 * D);
        MPI_Send(&x, 1, MPI_INT, rank + 1, 11, MPI_COMM_WORLD);
    } else if (rank == 1 || rank == 3) {
        MPI_Recv(&x, 1, MPI_INT, rank - 1, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

static void hidden_lr(void)
{
    int x = 0;
    if (rank == 0) {
        MPI_Ssend(&x, 1, MPI_INT, 1, 12, MPI_COMM_WORLD);
        MPI_Send(&x, 1, MPI_INT, 2, 12, MPI_COMM_WORLD);
    } else if (rank == 1) {
        compute(2 * D);
        MPI_Recv(&x, 1, MPI_INT, 0, 12, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 2) {
        MPI_Recv(&x, 1, MPI_INT, 0, 12, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

static void pipeline(void)
{
    int x = 0;
    if (rank > 0)
        MPI_Recv(&x, 1, MPI_INT, rank - 1, 13, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    compute(D);
    if (rank < size - 1)
        MPI_Send(&x, 1, MPI_INT, rank + 1, 13, MPI_COMM_WORLD);
}

static void scaling(void)
{
    double v = rank, w;
    compute(12 * D / size + D / 2 + (rank == 0 ? D : 0));
    MPI_Allreduce(&v, &w, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

void by_name(const char *what)
{
    if (!strcmp(what, "chain_even") || !strcmp(what, "coll_delay_even")) {
        slow = 0;
        what = what[1] == 'h' ? "chain" : "coll_delay";
    }
    if (!strcmp(what, "chain"))
        chain();
    if (!strcmp(what, "coll_delay"))
        coll_delay();
    if (!strcmp(what, "two_causes"))
        two_causes();
    if (!strcmp(what, "hidden_lr"))
        hidden_lr();
    if (!strcmp(what, "pipeline"))
        pipeline();
    if (!strcmp(what, "scaling"))
        scaling();
}

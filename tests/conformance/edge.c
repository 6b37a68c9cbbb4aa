/* conformance-np: 3 (ranks tests/mpi/run_conformance.sh starts) */
/* edge.c - MPI-3.1 chapter 3's corner cases: MPI_PROC_NULL in every
 * point-to-point form (3.11), null and inactive requests in every
 * completion call (3.7.3, 3.7.5), zero-count and self messages, matched
 * probes with MPI_ANY_SOURCE from several senders, a nonblocking barrier
 * overlapped with messages it must not block, a send that is cancelled
 * (or not, as Open MPI decides), and MPI_Comm_split with MPI_UNDEFINED. */
#include "conf.h"

static int rank, size;

static void status_line(const char *what, const MPI_Status *st)
{
    int count = -1, cancelled = -1;
    MPI_Get_count(st, MPI_INT, &count);
    MPI_Test_cancelled(st, &cancelled);
    out("%s: source %d tag %d count %d cancelled %d", what, st->MPI_SOURCE, st->MPI_TAG, count,
        cancelled);
}

static void proc_null(void)
{
    int v = rank, flag = -1;
    MPI_Status st;
    MPI_Request rq;
    MPI_Send(&v, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD);
    MPI_Ssend(&v, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD);
    MPI_Recv(&v, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &st);
    status_line("recv proc_null", &st);
    MPI_Irecv(&v, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &rq);
    MPI_Wait(&rq, &st);
    status_line("irecv proc_null", &st);
    MPI_Isend(&v, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &rq);
    MPI_Test(&rq, &flag, &st);
    out("isend proc_null test flag %d null %d", flag, rq == MPI_REQUEST_NULL);
    MPI_Sendrecv(&v, 1, MPI_INT, MPI_PROC_NULL, 2, &v, 1, MPI_INT, MPI_PROC_NULL, 2,
                 MPI_COMM_WORLD, &st);
    status_line("sendrecv proc_null", &st);
    MPI_Probe(MPI_PROC_NULL, 3, MPI_COMM_WORLD, &st);
    status_line("probe proc_null", &st);
    MPI_Iprobe(MPI_PROC_NULL, 3, MPI_COMM_WORLD, &flag, &st);
    out("iprobe proc_null flag %d", flag);
    MPI_Message msg;
    MPI_Mprobe(MPI_PROC_NULL, 3, MPI_COMM_WORLD, &msg, &st);
    out("mprobe proc_null no_proc %d", msg == MPI_MESSAGE_NO_PROC);
    MPI_Mrecv(&v, 1, MPI_INT, &msg, &st);
    status_line("mrecv no_proc", &st);
    MPI_Improbe(MPI_PROC_NULL, 3, MPI_COMM_WORLD, &flag, &msg, &st);
    MPI_Imrecv(&v, 1, MPI_INT, &msg, &rq);
    MPI_Wait(&rq, &st);
    status_line("improbe+imrecv no_proc", &st);
    MPI_Send_init(&v, 1, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, &rq);
    for (int i = 0; i < 2; i++) {
        MPI_Start(&rq);
        MPI_Wait(&rq, &st);
    }
    out("persistent proc_null still a request %d", rq != MPI_REQUEST_NULL);
    MPI_Request_free(&rq);
}

static void null_and_inactive(void)
{
    MPI_Request r[3];
    MPI_Status st, sts[3];
    int v = 0, idx = -2, flag = -1, outcount = -2, idxs[3];
    int w[2] = { 0, 0 };
    r[0] = MPI_REQUEST_NULL;
    MPI_Recv_init(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &r[1]);   /* inactive */
    r[2] = MPI_REQUEST_NULL;
    MPI_Wait(&r[0], &st);
    status_line("wait null", &st);
    MPI_Wait(&r[1], &st);
    status_line("wait inactive", &st);
    MPI_Waitany(3, r, &idx, &st);
    out("waitany all null/inactive: index undefined %d", idx == MPI_UNDEFINED);
    MPI_Testany(3, r, &idx, &flag, &st);
    out("testany all null/inactive: flag %d index undefined %d", flag, idx == MPI_UNDEFINED);
    MPI_Waitsome(3, r, &outcount, idxs, sts);
    out("waitsome all null/inactive: outcount undefined %d", outcount == MPI_UNDEFINED);
    MPI_Testsome(3, r, &outcount, idxs, sts);
    out("testsome all null/inactive: outcount undefined %d", outcount == MPI_UNDEFINED);
    MPI_Waitall(3, r, sts);
    MPI_Testall(3, r, &flag, sts);
    out("testall all null/inactive: flag %d", flag);
    MPI_Request_get_status(r[0], &flag, &st);
    out("request_get_status null: flag %d", flag);
    MPI_Request_get_status(r[1], &flag, &st);
    out("request_get_status inactive: flag %d", flag);
    /* one live request among null and inactive ones */
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Irecv(&w[0], 1, MPI_INT, left, 6, MPI_COMM_WORLD, &r[2]);
    MPI_Send(&rank, 1, MPI_INT, right, 6, MPI_COMM_WORLD);
    MPI_Waitsome(3, r, &outcount, idxs, sts);
    out("waitsome mixed: outcount %d index %d got %d", outcount, idxs[0], w[0]);
    MPI_Irecv(&w[1], 1, MPI_INT, left, 7, MPI_COMM_WORLD, &r[0]);
    MPI_Send(&rank, 1, MPI_INT, right, 7, MPI_COMM_WORLD);
    MPI_Waitany(3, r, &idx, &st);
    out("waitany mixed: index %d source %d", idx, st.MPI_SOURCE);
    MPI_Request_free(&r[1]);
}

static void zero_and_self(void)
{
    MPI_Status st;
    MPI_Request rq;
    int v = 7 + rank, w = -1;
    /* zero-count message to the right */
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Sendrecv(NULL, 0, MPI_INT, right, 8, NULL, 0, MPI_INT, left, 8, MPI_COMM_WORLD, &st);
    status_line("zero count", &st);
    /* to oneself, on the world and on MPI_COMM_SELF */
    MPI_Irecv(&w, 1, MPI_INT, rank, 9, MPI_COMM_WORLD, &rq);
    MPI_Send(&v, 1, MPI_INT, rank, 9, MPI_COMM_WORLD);
    MPI_Wait(&rq, &st);
    out("self on world got %d source %d", w, st.MPI_SOURCE);
    MPI_Isend(&v, 1, MPI_INT, 0, 10, MPI_COMM_SELF, &rq);
    MPI_Recv(&w, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_SELF, &st);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    out("self on comm_self got %d source %d tag %d", w, st.MPI_SOURCE, st.MPI_TAG);
    MPI_Sendrecv_replace(&v, 1, MPI_INT, 0, 11, 0, 11, MPI_COMM_SELF, &st);
    out("sendrecv_replace on self %d", v);
}

/* Rank 0 takes one message from each other rank with Mprobe(ANY_SOURCE),
 * then Improbe(ANY_SOURCE) for a second round. */
static void mprobe_any(void)
{
    if (rank != 0) {
        int v[3] = { rank, rank * 2, rank * 3 };
        MPI_Send(v, rank, MPI_INT, 0, 12, MPI_COMM_WORLD);
        MPI_Send(v, 3, MPI_INT, 0, 13, MPI_COMM_WORLD);
        return;
    }
    int seen = 0, sum = 0;
    for (int i = 1; i < size; i++) {
        MPI_Message msg;
        MPI_Status st;
        int count, v[3];
        MPI_Mprobe(MPI_ANY_SOURCE, 12, MPI_COMM_WORLD, &msg, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        MPI_Mrecv(v, count, MPI_INT, &msg, &st);
        seen |= 1 << st.MPI_SOURCE;
        sum += count == st.MPI_SOURCE;
    }
    out("mprobe any: sources %#x counts right %d", seen, sum);
    seen = 0;
    for (int i = 1; i < size; i++) {
        MPI_Message msg;
        MPI_Status st;
        MPI_Request rq;
        int flag = 0, v[3];
        while (!flag)
            MPI_Improbe(MPI_ANY_SOURCE, 13, MPI_COMM_WORLD, &flag, &msg, &st);
        MPI_Imrecv(v, 3, MPI_INT, &msg, &rq);
        MPI_Wait(&rq, &st);
        seen |= (v[2] == 3 * st.MPI_SOURCE) << st.MPI_SOURCE;
    }
    out("improbe any: sources %#x", seen);
}

/* The barrier is pending while a message it must not wait for moves:
 * rank 0 sends to the last rank only after entering the barrier, and the
 * last rank receives it before waiting for the barrier. */
static void ibarrier_overlap(void)
{
    MPI_Request rq;
    int v = 0;
    MPI_Ibarrier(MPI_COMM_WORLD, &rq);
    if (rank == 0)
        MPI_Send(&size, 1, MPI_INT, size - 1, 14, MPI_COMM_WORLD);
    if (rank == size - 1)
        MPI_Recv(&v, 1, MPI_INT, 0, 14, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int flag = 0;
    MPI_Test(&rq, &flag, MPI_STATUS_IGNORE);   /* may or may not be done */
    if (!flag)
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
    out("ibarrier overlapped: got %d", v);
}

/* Cancelling a send: Open MPI decides whether it is cancelled (ob1 does
 * not cancel sends); the receiver posts a receive for it, and cancels
 * that too if the sender reports its send cancelled. */
static void cancel_send(void)
{
    int big[4096], cancelled = 0, go = 1;
    MPI_Status st;
    MPI_Request rq;
    if (rank == 1) {
        for (int i = 0; i < 4096; i++)
            big[i] = i;
        MPI_Issend(big, 4096, MPI_INT, 0, 15, MPI_COMM_WORLD, &rq);
        MPI_Cancel(&rq);
        MPI_Send(&go, 1, MPI_INT, 0, 16, MPI_COMM_WORLD);
        MPI_Wait(&rq, &st);
        MPI_Test_cancelled(&st, &cancelled);
        MPI_Send(&cancelled, 1, MPI_INT, 0, 17, MPI_COMM_WORLD);
        out("send cancelled %d", cancelled);
    } else if (rank == 0) {
        MPI_Recv(&go, 1, MPI_INT, 1, 16, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        big[4095] = -1;
        MPI_Irecv(big, 4096, MPI_INT, 1, 15, MPI_COMM_WORLD, &rq);
        MPI_Recv(&cancelled, 1, MPI_INT, 1, 17, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (cancelled)
            MPI_Cancel(&rq);
        MPI_Wait(&rq, &st);
        MPI_Test_cancelled(&st, &go);
        out("receive of it cancelled %d, last %d", go, go ? -1 : big[4095]);
    }
}

static void split_undefined(void)
{
    MPI_Comm c;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 1 ? MPI_UNDEFINED : 0, 0, &c);
    int n = -1;
    if (c != MPI_COMM_NULL) {
        MPI_Comm_size(c, &n);
        MPI_Barrier(c);
        MPI_Comm_free(&c);
    }
    out("split undefined: null %d size %d", n < 0, n);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    rank = conf_rank;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    proc_null();
    null_and_inactive();
    zero_and_self();
    MPI_Barrier(MPI_COMM_WORLD);
    mprobe_any();
    MPI_Barrier(MPI_COMM_WORLD);
    ibarrier_overlap();
    cancel_send();
    split_undefined();
    conf_done();
    return 0;
}

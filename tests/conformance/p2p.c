/* conformance-np: 2 (ranks tests/mpi/run_conformance.sh starts) */
/* p2p.c - MPI-3.1 chapter 3 (point-to-point) and 4.2 (pack): every send
 * mode blocking, nonblocking and persistent, probes and matched probes,
 * cancel, Request_free, Waitany/Waitsome, Sendrecv_replace, Pack/Unpack,
 * and generalized requests (12.2). */
#include "conf.h"

static int query_fn(void *extra, MPI_Status *st)
{
    (void)extra;
    MPI_Status_set_elements(st, MPI_INT, 3);
    MPI_Status_set_cancelled(st, 0);
    st->MPI_SOURCE = MPI_UNDEFINED;
    st->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}
static int free_fn(void *extra) { (void)extra; return MPI_SUCCESS; }
static int cancel_fn(void *extra, int complete) { (void)extra; (void)complete; return MPI_SUCCESS; }

int main(int argc, char **argv)
{
    int rank, peer, v[4] = { 0 }, w[4] = { 0 };
    conf_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    peer = 1 - rank;
    static char bbuf[1 << 16];
    MPI_Buffer_attach(bbuf, sizeof bbuf);
    MPI_Request rq[8];
    MPI_Status st;

    /* every mode, blocking and nonblocking; the receiver posts first so
     * ready sends are legal */
    for (int k = 0; k < 8; k++) {
        int x = 100 * k + rank;
        if (rank == 1) {
            MPI_Irecv(&v[0], 1, MPI_INT, 0, k, MPI_COMM_WORLD, &rq[0]);
            MPI_Barrier(MPI_COMM_WORLD);
            MPI_Wait(&rq[0], &st);
            out("mode %d got %d tag %d", k, v[0], st.MPI_TAG);
        } else {
            MPI_Barrier(MPI_COMM_WORLD);
            switch (k) {
            case 0: MPI_Send(&x, 1, MPI_INT, 1, k, MPI_COMM_WORLD); break;
            case 1: MPI_Bsend(&x, 1, MPI_INT, 1, k, MPI_COMM_WORLD); break;
            case 2: MPI_Ssend(&x, 1, MPI_INT, 1, k, MPI_COMM_WORLD); break;
            case 3: MPI_Rsend(&x, 1, MPI_INT, 1, k, MPI_COMM_WORLD); break;
            case 4: MPI_Isend(&x, 1, MPI_INT, 1, k, MPI_COMM_WORLD, &rq[0]); MPI_Wait(&rq[0], MPI_STATUS_IGNORE); break;
            case 5: MPI_Ibsend(&x, 1, MPI_INT, 1, k, MPI_COMM_WORLD, &rq[0]); MPI_Wait(&rq[0], MPI_STATUS_IGNORE); break;
            case 6: MPI_Issend(&x, 1, MPI_INT, 1, k, MPI_COMM_WORLD, &rq[0]); MPI_Wait(&rq[0], MPI_STATUS_IGNORE); break;
            default: MPI_Irsend(&x, 1, MPI_INT, 1, k, MPI_COMM_WORLD, &rq[0]); MPI_Wait(&rq[0], MPI_STATUS_IGNORE); break;
            }
        }
    }
    /* persistent: every send mode, Startall, three rounds */
    int x = 0;
    if (rank == 0) {
        MPI_Send_init(&x, 1, MPI_INT, 1, 20, MPI_COMM_WORLD, &rq[0]);
        MPI_Bsend_init(&x, 1, MPI_INT, 1, 21, MPI_COMM_WORLD, &rq[1]);
        MPI_Ssend_init(&x, 1, MPI_INT, 1, 22, MPI_COMM_WORLD, &rq[2]);
        MPI_Rsend_init(&x, 1, MPI_INT, 1, 23, MPI_COMM_WORLD, &rq[3]);
    } else {
        for (int i = 0; i < 4; i++)
            MPI_Recv_init(&w[i], 1, MPI_INT, 0, 20 + i, MPI_COMM_WORLD, &rq[i]);
    }
    for (int round = 0; round < 3; round++) {
        x = 10 * round + 1;
        if (rank == 1)
            MPI_Startall(4, rq);
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0)
            for (int i = 0; i < 4; i++)
                MPI_Start(&rq[i]);
        MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
        if (rank == 1)
            out("persistent round %d got %d %d %d %d", round, w[0], w[1], w[2], w[3]);
    }
    for (int i = 0; i < 4; i++)
        MPI_Request_free(&rq[i]);
    /* probes */
    if (rank == 0) {
        int a[3] = { 1, 2, 3 };
        for (int t = 30; t < 34; t++)
            MPI_Send(a, 3, MPI_INT, 1, t, MPI_COMM_WORLD);
    } else {
        int count, a[3];
        MPI_Message msg;
        MPI_Probe(0, 30, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        MPI_Recv(a, 3, MPI_INT, 0, 30, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        out("probe count %d tag %d", count, st.MPI_TAG);
        MPI_Mprobe(0, 31, MPI_COMM_WORLD, &msg, &st);
        MPI_Mrecv(a, 3, MPI_INT, &msg, &st);
        out("mprobe tag %d got %d", st.MPI_TAG, a[2]);
        MPI_Mprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &msg, &st);
        MPI_Imrecv(a, 3, MPI_INT, &msg, &rq[0]);
        MPI_Wait(&rq[0], &st);
        out("imrecv tag %d", st.MPI_TAG);
        MPI_Recv(a, 3, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        out("recv any tag %d", st.MPI_TAG);
    }
    /* cancel an unmatched receive; free a completed-later send */
    int cancelled = 0, y = 5, z = 0;
    MPI_Irecv(&z, 1, MPI_INT, peer, 99, MPI_COMM_WORLD, &rq[0]);
    MPI_Cancel(&rq[0]);
    MPI_Wait(&rq[0], &st);
    MPI_Test_cancelled(&st, &cancelled);
    out("cancel: cancelled %d", cancelled);
    MPI_Isend(&y, 1, MPI_INT, peer, 40, MPI_COMM_WORLD, &rq[0]);
    MPI_Request_free(&rq[0]);
    MPI_Recv(&z, 1, MPI_INT, peer, 40, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    out("request_free send arrived %d", z);
    /* Waitany, Waitsome over several receives */
    int r4[4] = { 0 }, idx, n, idxs[4];
    for (int i = 0; i < 4; i++)
        MPI_Irecv(&r4[i], 1, MPI_INT, peer, 50 + i, MPI_COMM_WORLD, &rq[i]);
    for (int i = 3; i >= 0; i--) {
        int s = 1000 * rank + i;
        MPI_Send(&s, 1, MPI_INT, peer, 50 + i, MPI_COMM_WORLD);
    }
    int seen = 0;
    MPI_Waitany(4, rq, &idx, &st);
    seen++;
    while (seen < 4) {
        MPI_Waitsome(4, rq, &n, idxs, MPI_STATUSES_IGNORE);
        seen += n;
    }
    out("waitany/waitsome got %d %d %d %d", r4[0], r4[1], r4[2], r4[3]);
    /* Sendrecv_replace, Pack/Unpack */
    int rep[2] = { rank, rank + 10 };
    MPI_Sendrecv_replace(rep, 2, MPI_INT, peer, 60, peer, 60, MPI_COMM_WORLD, &st);
    out("sendrecv_replace got %d %d", rep[0], rep[1]);
    int psize, pos = 0, unp[2];
    char packed[64];
    MPI_Pack_size(2, MPI_INT, MPI_COMM_WORLD, &psize);
    MPI_Pack(rep, 2, MPI_INT, packed, sizeof packed, &pos, MPI_COMM_WORLD);
    MPI_Send(packed, pos, MPI_PACKED, peer, 61, MPI_COMM_WORLD);
    MPI_Recv(packed, sizeof packed, MPI_PACKED, peer, 61, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    pos = 0;
    MPI_Unpack(packed, sizeof packed, &pos, unp, 2, MPI_INT, MPI_COMM_WORLD);
    out("pack size at least 8: %d, unpacked %d %d", psize >= 8, unp[0], unp[1]);
    /* a generalized request, completed by the program before its wait */
    MPI_Request g;
    MPI_Grequest_start(query_fn, free_fn, cancel_fn, NULL, &g);
    MPI_Grequest_complete(g);
    MPI_Wait(&g, &st);
    int count;
    MPI_Get_count(&st, MPI_INT, &count);
    out("grequest count %d null %d", count, g == MPI_REQUEST_NULL);
    void *b;
    int bs;
    MPI_Buffer_detach(&b, &bs);
    conf_done();
    return 0;
}

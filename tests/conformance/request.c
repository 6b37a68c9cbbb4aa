/* conformance-np: 2 (ranks tests/mpi/run_conformance.sh starts) */
/* request.c - MPI-3.1 chapter 3.7 (completion and query of requests) and
 * 12.2 (generalized requests). Every polling call must make progress:
 * rank 1's synchronous send completes only once rank 0's receive matched,
 * and its next message is what rank 0 polls for, so a poll that does not
 * progress rank 0's other requests never ends. Run with 2 ranks. */
#include "conf.h"

enum poll_kind { P_GET_STATUS, P_TEST, P_TESTANY, P_TESTSOME, P_TESTALL, P_IPROBE, P_IMPROBE, P_N };
static const char *poll_name[P_N] = { "request_get_status", "test", "testany", "testsome",
                                      "testall", "iprobe", "improbe" };

/* Rank 0 polls for message B while message A (synchronous, sent first)
 * sits matched in the background. */
static void poll_progress(enum poll_kind k, int rank)
{
    int a = 0, b = 0, flag = 0, polls = 0;
    MPI_Request ra, rb;
    MPI_Status st;
    if (rank == 1) {
        int x = 11 + k, y = 22 + k;
        MPI_Ssend(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
        MPI_Send(&y, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        out("poll %s sent", poll_name[k]);
        return;
    }
    MPI_Irecv(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &ra);
    if (k == P_IPROBE || k == P_IMPROBE) {
        MPI_Message msg;
        while (!flag) {
            if (k == P_IPROBE)
                MPI_Iprobe(1, 2, MPI_COMM_WORLD, &flag, &st);
            else
                MPI_Improbe(1, 2, MPI_COMM_WORLD, &flag, &msg, &st);
            polls++;
        }
        if (k == P_IPROBE)
            MPI_Recv(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        else
            MPI_Mrecv(&b, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
    } else {
        MPI_Irecv(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &rb);
        int idx, n;
        while (!flag) {
            switch (k) {
            case P_GET_STATUS: MPI_Request_get_status(rb, &flag, &st); break;
            case P_TEST: MPI_Test(&rb, &flag, &st); break;
            case P_TESTANY: MPI_Testany(1, &rb, &idx, &flag, &st); break;
            case P_TESTSOME: MPI_Testsome(1, &rb, &n, &idx, &st); flag = n > 0; break;
            default: MPI_Testall(1, &rb, &flag, &st); break;
            }
            polls++;
        }
        if (k == P_GET_STATUS)   /* the request is still the program's */
            MPI_Wait(&rb, MPI_STATUS_IGNORE);
    }
    MPI_Wait(&ra, MPI_STATUS_IGNORE);
    out("poll %s got %d %d source %d tag %d null %d", poll_name[k], a, b, st.MPI_SOURCE,
        st.MPI_TAG, k == P_IPROBE || k == P_IMPROBE || rb == MPI_REQUEST_NULL);
}

int main(int argc, char **argv)
{
    int rank;
    conf_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int k = 0; k < P_N; k++)
        poll_progress(k, rank);
    conf_done();
    return 0;
}

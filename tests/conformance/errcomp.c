/* conformance-np: 2 (ranks tests/mpi/run_conformance.sh starts) */
/* errcomp.c - MPI-3.1 3.7.5 and 8.3: errors reported by completion calls
 * under MPI_ERRORS_RETURN. A truncated receive fails with MPI_ERR_TRUNCATE
 * from Recv, Wait, Test and Sendrecv; the multiple-completion calls
 * (Waitall, Testall, Waitsome, Testsome) return MPI_ERR_IN_STATUS with the
 * error in that request's status, and Waitany returns the error itself. */
#include "conf.h"

static int cls(int rc)
{
    int c = -1;
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &c);
    else
        c = MPI_SUCCESS;
    return c;
}

static const char *name(int c)
{
    return c == MPI_SUCCESS ? "success" : c == MPI_ERR_TRUNCATE ? "truncate"
         : c == MPI_ERR_IN_STATUS ? "in_status" : c == MPI_ERR_PENDING ? "pending" : "other";
}

/* Rank 1 sends, for each case, a 4-int message with tag 2k (too long for
 * the receive) and a 1-int one with tag 2k+1. */
#define CASES 8    /* on pre-posted requests */
#define MORE 6     /* on their own */

static void sender(void)
{
    int v[4] = { 1, 2, 3, 4 };
    for (int k = 0; k < CASES + MORE; k++) {
        MPI_Send(v, 4, MPI_INT, 0, 2 * k, MPI_COMM_WORLD);
        MPI_Send(v, 1, MPI_INT, 0, 2 * k + 1, MPI_COMM_WORLD);
    }
    MPI_Sendrecv(v, 4, MPI_INT, 0, 99, v, 1, MPI_INT, 0, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* Each case takes the truncated message (tag 2k) and the good one. */
static void more(void)
{
    int a[2], big[4], rc, flag, idx;
    MPI_Request r[2];
    MPI_Status st;
    MPI_Message msg;
    for (int k = CASES; k < CASES + MORE; k++) {
        int t = 2 * k;
        switch (k - CASES) {
        case 0:
            MPI_Irecv(a, 2, MPI_INT, 1, t, MPI_COMM_WORLD, &r[0]);
            r[1] = MPI_REQUEST_NULL;
            do
                rc = MPI_Testany(2, r, &idx, &flag, &st);
            while (!flag && rc == MPI_SUCCESS);
            out("testany: %s index %d", name(cls(rc)), idx);
            break;
        case 1:
            rc = MPI_Recv(a, 2, MPI_INT, 1, t, MPI_COMM_WORLD, &st);
            out("recv: %s source %d tag %d", name(cls(rc)), st.MPI_SOURCE, st.MPI_TAG - t);
            break;
        case 2:
            MPI_Mprobe(1, t, MPI_COMM_WORLD, &msg, &st);
            rc = MPI_Mrecv(a, 2, MPI_INT, &msg, &st);
            out("mrecv: %s", name(cls(rc)));
            break;
        case 3:
            MPI_Irecv(a, 2, MPI_INT, 1, t, MPI_COMM_WORLD, &r[0]);
            do
                MPI_Request_get_status(r[0], &flag, &st);
            while (!flag);
            rc = MPI_Wait(&r[0], &st);
            out("request_get_status then wait: %s", name(cls(rc)));
            break;
        case 4:
            MPI_Recv_init(a, 2, MPI_INT, 1, t, MPI_COMM_WORLD, &r[0]);
            MPI_Start(&r[0]);
            rc = MPI_Wait(&r[0], &st);
            out("persistent: %s still a request %d", name(cls(rc)), r[0] != MPI_REQUEST_NULL);
            MPI_Request_free(&r[0]);
            break;
        case 5:   /* a bad destination: nothing is posted, as natively */
            rc = MPI_Sendrecv(big, 1, MPI_INT, 1000, 0, a, 2, MPI_INT, 1, t + 1, MPI_COMM_WORLD, &st);
            out("sendrecv to a bad rank: %s", name(cls(rc)));
            break;
        }
        rc = MPI_Recv(big, 4, MPI_INT, 1, t + 1, MPI_COMM_WORLD, &st);
        out("case %d then: %s count ok %d", k, name(cls(rc)), st.MPI_TAG == t + 1);
        if (k - CASES == 5) {
            rc = MPI_Recv(big, 4, MPI_INT, 1, t, MPI_COMM_WORLD, &st);
            out("case %d and: %s", k, name(cls(rc)));
        }
    }
}

static void receiver(void)
{
    int a[2], b[2], rc, idx, flag, outcount, idxs[2];
    MPI_Request r[2];
    MPI_Status st, sts[2];
    for (int k = 0; k < CASES; k++) {
        MPI_Irecv(a, 2, MPI_INT, 1, 2 * k, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(b, 2, MPI_INT, 1, 2 * k + 1, MPI_COMM_WORLD, &r[1]);
        sts[0].MPI_ERROR = sts[1].MPI_ERROR = -7;
        switch (k) {
        case 0:
            rc = MPI_Wait(&r[0], &st);
            out("wait: %s status %s", name(cls(rc)), name(cls(st.MPI_ERROR)));
            MPI_Wait(&r[1], MPI_STATUS_IGNORE);
            break;
        case 1:
            do
                rc = MPI_Test(&r[0], &flag, &st);
            while (!flag && rc == MPI_SUCCESS);
            out("test: %s", name(cls(rc)));
            MPI_Wait(&r[1], MPI_STATUS_IGNORE);
            break;
        case 2:
            MPI_Wait(&r[1], MPI_STATUS_IGNORE);   /* both have arrived */
            rc = MPI_Waitall(2, r, sts);
            out("waitall: %s statuses %s %s", name(cls(rc)), name(cls(sts[0].MPI_ERROR)),
                name(cls(sts[1].MPI_ERROR)));
            break;
        case 3:
            MPI_Wait(&r[1], MPI_STATUS_IGNORE);
            do
                rc = MPI_Testall(2, r, &flag, sts);
            while (!flag && rc == MPI_SUCCESS);
            out("testall: %s status %s", name(cls(rc)), name(cls(sts[0].MPI_ERROR)));
            break;
        case 4:
            MPI_Wait(&r[1], MPI_STATUS_IGNORE);
            rc = MPI_Waitany(2, r, &idx, &st);
            out("waitany: %s index %d", name(cls(rc)), idx);
            break;
        case 5:
            MPI_Wait(&r[1], MPI_STATUS_IGNORE);
            rc = MPI_Waitsome(2, r, &outcount, idxs, sts);
            out("waitsome: %s outcount %d status %s", name(cls(rc)), outcount,
                name(cls(sts[0].MPI_ERROR)));
            break;
        case 6:
            MPI_Wait(&r[1], MPI_STATUS_IGNORE);
            do
                rc = MPI_Testsome(2, r, &outcount, idxs, sts);
            while (outcount == 0 && rc == MPI_SUCCESS);
            out("testsome: %s outcount %d status %s", name(cls(rc)), outcount,
                name(cls(sts[0].MPI_ERROR)));
            break;
        case 7:
            MPI_Request_free(&r[0]);   /* its error goes nowhere */
            rc = MPI_Wait(&r[1], &st);
            out("wait after a freed truncated request: %s", name(cls(rc)));
            break;
        }
        /* what a failed request leaves behind */
        out("case %d requests null %d %d", k, r[0] == MPI_REQUEST_NULL, r[1] == MPI_REQUEST_NULL);
        for (int i = 0; i < 2; i++)
            if (r[i] != MPI_REQUEST_NULL) {
                MPI_Cancel(&r[i]);
                MPI_Wait(&r[i], MPI_STATUS_IGNORE);
            }
    }
    more();
    int v[4] = { 0 };
    rc = MPI_Sendrecv(v, 1, MPI_INT, 1, 99, a, 2, MPI_INT, 1, 99, MPI_COMM_WORLD, &st);
    out("sendrecv: %s", name(cls(rc)));
    rc = MPI_Recv(a, 1, MPI_INT, 5, 0, MPI_COMM_WORLD, &st);
    out("recv from invalid rank: %s", name(cls(rc)));
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (conf_rank == 1)
        sender();
    else
        receiver();
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    conf_done();
    return 0;
}

/* rma_calls.c - MPI_Win_test, the one one-sided call with a wrapper of
 * its own: under contention a notice the model has not sent yet makes the
 * test fail without the real call. The other one-sided calls are
 * generated with their model hooks from src/mpi/calls.spec (src/rank/rma.c;
 * docs/models.md, "One-sided communication"). */
#include "interpose/interpose.h"
#include "rank/progress.h"
#include "rank/rma.h"

/* Done once the real test says so: the completion times are then sent. */
int PMPI_Win_test(MPI_Win win, int *flag)
{
    int outer = seshat_enter(SESHAT_CALL_Win_test);
    if (outer && !seshat_rma_test_ready(win)) {   /* contention: a notice still to come */
        *flag = 0;
        seshat_progress_nothing_yet(1);
        seshat_leave(SESHAT_CALL_Win_test);
        return MPI_SUCCESS;
    }
    int rc = seshat_real.Win_test(win, flag);
    if (outer) {
        if (rc == MPI_SUCCESS && *flag)
            seshat_rma_wait(win);
        seshat_leave(SESHAT_CALL_Win_test);
    }
    return rc;
}
int MPI_Win_test(MPI_Win win, int *flag) __attribute__((alias("PMPI_Win_test")));

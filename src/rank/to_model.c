/* to_model.c - a report and its wake-up (to_model.h). The wake goes
 * between posting the send and waiting for it: a blocking send that does
 * not fit Open MPI's per-peer fast box completes only once the receiver
 * has taken the message, so a wake after it would come only once the
 * model rank had woken by itself, at the end of its sleep's time-out. */
#include "common/wake.h"
#include "rank/core.h"
#include "rank/to_model.h"

void seshat_to_model(const void *buf, int bytes, int model, int tag, const char *what)
{
    MPI_Request req;
    seshat_ctl(seshat_real.Isend(buf, bytes, MPI_BYTE, model, tag, seshat_rt.control, &req), what);
    seshat_wake_peer(model);
    seshat_ctl(seshat_real.Wait(&req, MPI_STATUS_IGNORE), what);
}

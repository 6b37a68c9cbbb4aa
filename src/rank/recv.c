/* recv.c - the receive steps that never wait: post, match, advance.
 * What differs between the paths is behind path.h; the waits are
 * p2p.c's (through the progress engine). */
#include "rank/idle.h"
#include "rank/path.h"
#include "trace/trace.h"

void seshat_recv_begin(seshat_op *op, seshat_comm *c, int source, int tag)
{
    op->is_send = 0;
    op->active = 1;
    op->comm = c;
    op->peer = source;
    op->tag = tag;
    op->matched = 0;
    op->stage = SESHAT_RECV_POSTED;
    op->t_post = seshat_clock_now();
    if (seshat_tracing)
        seshat_trace_post(op->req_id);
}

/* Progress a matched receive; once done no one needs to serve it. */
int seshat_recv_poll(seshat_op *op)
{
    int done = op->stage >= SESHAT_RECV_KNOWN || seshat_rt.path->recv_advance(op);
    if (done)
        seshat_req_track_unmatched(op, 0);
    return done;
}

void seshat_recv_match(seshat_op *op, const MPI_Status *st)
{
    int cancelled = 0;
    seshat_real.Test_cancelled(st, &cancelled);
    op->status = *st;
    op->matched = 1;
    seshat_watch_progress();
    op->stage = SESHAT_RECV_KNOWN;
    if (cancelled || st->MPI_SOURCE == MPI_PROC_NULL) {
        seshat_req_track_unmatched(op, 0);
        op->arrival = -1;
        return;
    }
    seshat_rt.path->recv_matched(op);
    /* the sender may wait for Open MPI's completion (a rendezvous' FIN)
     * or seshat's reply, both out now */
    seshat_idle_peer(op->comm->peer_world[st->MPI_SOURCE], 0);
    seshat_recv_poll(op);   /* what the answers at hand tell */
    if (seshat_tracing) {
        int count = 0;
        seshat_real.Get_count(st, MPI_BYTE, &count);
        seshat_trace_recv(op->comm->peer_world[st->MPI_SOURCE], st->MPI_TAG, op->comm->id, count,
                          op->req_id);
    }
}

/* loggp.c - the analytic LogGP model with an eager/rendezvous switch.
 * The formulas are documented in docs/models.md; tests assert them. */
#include <stdio.h>

#include "model/chooser.h"
#include "model/model.h"

struct loggp {
    seshat_chooser ch;    /* eager limit, latency + bandwidth, segments */
    int64_t overhead_ns, gap_ns;
};
_Static_assert(sizeof(struct loggp) <= SESHAT_MODEL_STATE_BYTES, "loggp state fits in a model");

static const struct loggp *st(const seshat_model *m) { return SESHAT_MODEL_CSTATE(struct loggp, m); }

static seshat_vtime max_vt(seshat_vtime a, seshat_vtime b) { return a > b ? a : b; }

static seshat_vtime wire_ns(const seshat_model *m, int64_t bytes)
{
    const seshat_line *l = seshat_chooser_line(&st(m)->ch, bytes);
    return seshat_model_wire(m, l->latency_ns, l->bandwidth_Bps, bytes);
}

static enum seshat_proto loggp_proto(const seshat_model *m, int64_t bytes, int synchronous)
{
    return seshat_chooser_proto(&st(m)->ch, bytes, synchronous);
}

/* The NIC is busy for max(g, bytes x G). */
static seshat_vtime loggp_inject(const seshat_model *m, seshat_vtime now, int64_t bytes, int src,
                                 int dst, seshat_vtime *nic_free)
{
    (void)src, (void)dst;
    const seshat_line *l = seshat_chooser_line(&st(m)->ch, bytes);
    return seshat_model_link_inject(m, now, st(m)->gap_ns, l->bandwidth_Bps, bytes, nic_free);
}

static seshat_p2p_times loggp_p2p(const seshat_model *m, const seshat_msg *msg, seshat_vtime posted)
{
    seshat_p2p_times t;
    seshat_vtime sent = msg->t_inject + seshat_model_cpu(m, st(m)->overhead_ns);
    if (msg->proto == SESHAT_PROTO_EAGER) {
        t.arrival = sent + wire_ns(m, msg->bytes);
        t.sender_done = sent;
        return t;
    }
    /* Rendezvous: request-to-send reaches the receiver, the receiver's
     * clear-to-send goes back once the receive is posted, then the data.
     * The handshake takes the base line's latency. */
    const seshat_line *base = &st(m)->ch.line[0];
    seshat_vtime lat = seshat_model_wire(m, base->latency_ns, base->bandwidth_Bps, 0);
    seshat_vtime handshake = max_vt(sent + lat, posted);
    seshat_vtime data_start = handshake + lat;
    t.arrival = data_start + wire_ns(m, msg->bytes);
    t.sender_done = t.arrival;
    return t;
}

static seshat_vtime loggp_recv_done(const seshat_model *m, seshat_vtime t_call, seshat_vtime arrival)
{
    return max_vt(t_call, arrival) + seshat_model_cpu(m, st(m)->overhead_ns);
}

static int loggp_init(seshat_model *m, const seshat_config *cfg, char *err, size_t errlen)
{
    struct loggp *s = SESHAT_MODEL_STATE(struct loggp, m);
    if (seshat_chooser_init(&s->ch, cfg, err, errlen) != 0)
        return -1;
    s->overhead_ns = cfg->overhead_ns;
    s->gap_ns = cfg->gap_ns;
    m->proto = loggp_proto;
    m->inject = loggp_inject;
    m->p2p = loggp_p2p;
    m->recv_done = loggp_recv_done;
    m->send_overhead = seshat_model_cpu(m, s->overhead_ns);
    return 0;
}

static const char *const loggp_keys[] = { "network.latency", "network.bandwidth",
                                          "network.segments", NULL };

const seshat_model_desc seshat_model_loggp = {
    .name = "loggp",
    .help = "analytic LogGP: latency + bytes/bandwidth, overheads, gap, eager/rendezvous",
    .keys = loggp_keys,
    .caps = 0,
    .init = loggp_init,
};

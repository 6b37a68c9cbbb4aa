/* loggp.c - the analytic LogGP model with an eager/rendezvous switch.
 * The formulas are documented in docs/models.md; tests assert them. */
#include <math.h>
#include <stdio.h>

#include "model/model.h"
#include "model/simgrid.h"

static seshat_vtime max_vt(seshat_vtime a, seshat_vtime b) { return a > b ? a : b; }

/* The [network] segments piece for `bytes`, -1 for the base line. */
static int piece(const seshat_model *m, int64_t bytes)
{
    int i = m->nsegments - 1;
    while (i >= 0 && bytes < m->segment[i].from)
        i--;
    return i;
}

static double per_byte(const seshat_model *m, int64_t bytes)
{
    int i = piece(m, bytes);
    return i < 0 ? m->ns_per_byte : m->segment[i].ns_per_byte;
}

static seshat_vtime wire_ns(const seshat_model *m, int64_t bytes)
{
    int i = piece(m, bytes);
    double lat = i < 0 ? m->latency_ns : m->segment[i].latency_ns;
    /* Rounded once, so every rank computes the same integer. */
    return (seshat_vtime)llround(lat + (double)bytes * per_byte(m, bytes));
}

static enum seshat_proto loggp_proto(const seshat_model *m, int64_t bytes, int synchronous)
{
    return (synchronous || bytes > m->eager_limit) ? SESHAT_PROTO_RENDEZVOUS : SESHAT_PROTO_EAGER;
}

static seshat_vtime loggp_inject(const seshat_model *m, seshat_vtime now, int64_t bytes,
                                 seshat_vtime *nic_free)
{
    seshat_vtime start = max_vt(now, *nic_free);
    seshat_vtime busy = (seshat_vtime)llround((double)bytes * per_byte(m, bytes));
    *nic_free = start + max_vt(m->gap_ns, busy);
    return start;
}

static seshat_p2p_times loggp_p2p(const seshat_model *m, const seshat_msg *msg, seshat_vtime posted)
{
    seshat_p2p_times t;
    seshat_vtime sent = msg->t_inject + m->overhead_ns;
    if (msg->proto == SESHAT_PROTO_EAGER) {
        t.arrival = sent + wire_ns(m, msg->bytes);
        t.sender_done = sent;
        return t;
    }
    /* Rendezvous: request-to-send reaches the receiver, the receiver's
     * clear-to-send goes back once the receive is posted, then the data. */
    seshat_vtime lat = (seshat_vtime)llround(m->latency_ns);
    seshat_vtime handshake = max_vt(sent + lat, posted);
    seshat_vtime data_start = handshake + lat;
    t.arrival = data_start + wire_ns(m, msg->bytes);
    t.sender_done = t.arrival;
    return t;
}

static seshat_vtime loggp_recv_done(const seshat_model *m, seshat_vtime t_call, seshat_vtime arrival)
{
    return max_vt(t_call, arrival) + m->overhead_ns;
}

int seshat_model_init(seshat_model *m, const seshat_config *cfg, char *err, size_t errlen)
{
    if (cfg->model == SESHAT_MODEL_SIMGRID)
        return seshat_sg_model_init(m, cfg, err, errlen);
    m->name = "loggp";
    m->help = "analytic LogGP: latency + bytes/bandwidth, overheads, gap, eager/rendezvous";
    m->proto = loggp_proto;
    m->inject = loggp_inject;
    m->p2p = loggp_p2p;
    m->recv_done = loggp_recv_done;
    m->latency_ns = (double)cfg->latency_ns * cfg->latency_factor;
    m->ns_per_byte = 1e9 / (cfg->bandwidth_Bps * cfg->bandwidth_factor);
    m->overhead_ns = cfg->overhead_ns;
    m->send_overhead = cfg->overhead_ns;
    m->gap_ns = cfg->gap_ns;
    m->eager_limit = cfg->eager_limit;
    seshat_net_segment seg[SESHAT_MAX_SEGMENTS];
    m->nsegments = seshat_segments_parse(cfg->segments, seg, SESHAT_MAX_SEGMENTS);
    if (m->nsegments < 0) {
        snprintf(err, errlen, "network.segments = \"%s\": malformed", cfg->segments);
        return -1;
    }
    for (int i = 0; i < m->nsegments; i++) {
        m->segment[i].from = seg[i].from;
        m->segment[i].latency_ns = (double)seg[i].latency_ns * cfg->latency_factor;
        m->segment[i].ns_per_byte = 1e9 / (seg[i].bandwidth_Bps * cfg->bandwidth_factor);
    }
    m->impl = NULL;
    return 0;
}

/* model_flat.c - a network model in one file, as netmodel/model/flat.c would
 * be (docs/design.md, "Adding a network model"): every message costs a
 * fixed latency, network.latency, whatever its size; overhead o per send
 * and per receive; rendezvous above network.eager_limit (a handshake of
 * two latencies). tests/unit/test_model_add.c registers and checks it. */
#include "model/chooser.h"
#include "model/model.h"

struct flat { seshat_chooser ch; int64_t o; };
_Static_assert(sizeof(struct flat) <= SESHAT_MODEL_STATE_BYTES, "flat state fits in a model");
#define ST(m) SESHAT_MODEL_CSTATE(struct flat, m)

static enum seshat_proto flat_proto(const seshat_model *m, int64_t n, int sync)
{
    return seshat_chooser_proto(&ST(m)->ch, n, sync);
}

static seshat_vtime flat_inject(const seshat_model *m, seshat_vtime now, int64_t n, int src,
                                int dst, seshat_vtime *nic)
{
    (void)m, (void)n, (void)src, (void)dst;
    return *nic = now > *nic ? now : *nic;
}

static seshat_p2p_times flat_p2p(const seshat_model *m, const seshat_msg *msg,
                                 seshat_vtime posted)
{
    seshat_vtime sent = msg->t_inject + seshat_model_cpu(m, ST(m)->o);
    seshat_vtime lat = seshat_model_wire(m, ST(m)->ch.line[0].latency_ns, 1e300, 0);
    if (msg->proto == SESHAT_PROTO_EAGER)
        return (seshat_p2p_times){ sent + lat, sent };
    seshat_vtime t = (sent + lat > posted ? sent + lat : posted) + 2 * lat;
    return (seshat_p2p_times){ t, t };
}

static seshat_vtime flat_recv_done(const seshat_model *m, seshat_vtime t, seshat_vtime arr)
{
    return (t > arr ? t : arr) + seshat_model_cpu(m, ST(m)->o);
}

static int flat_init(seshat_model *m, const seshat_config *cfg, char *err, size_t len)
{
    struct flat *s = SESHAT_MODEL_STATE(struct flat, m);
    if (seshat_chooser_init(&s->ch, cfg, err, len))
        return -1;
    s->o = cfg->overhead_ns;
    m->proto = flat_proto, m->inject = flat_inject, m->p2p = flat_p2p;
    m->recv_done = flat_recv_done;
    m->send_overhead = seshat_model_cpu(m, s->o);
    return 0;
}

static const char *const flat_keys[] = { "network.latency", NULL };

const seshat_model_desc seshat_model_flat = {
    .name = "flat", .help = "a fixed latency per message", .keys = flat_keys, .init = flat_init,
};

/* model.h - the network model interface.
 *
 * A model is a table of functions chosen by name from [network] model.
 * Costs are in virtual nanoseconds. Models here are stateless per message:
 * the same call gives the same answer wherever it runs, which is what lets
 * the direct path (receiver evaluates) and the relay path (model rank
 * evaluates) agree exactly. Sender-local state (the NIC's gap) lives in the
 * caller and is passed in. */
#ifndef SESHAT_MODEL_H
#define SESHAT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"

typedef int64_t seshat_vtime; /* virtual nanoseconds since MPI_Init */

/* How a point-to-point message travels. */
enum seshat_proto { SESHAT_PROTO_EAGER = 0, SESHAT_PROTO_RENDEZVOUS = 1 };

/* What the model needs to time one message. */
typedef struct seshat_msg {
    int64_t bytes;
    seshat_vtime t_inject;    /* when the sender's NIC starts (after gap) */
    enum seshat_proto proto;
    /* World ranks of the two ends, for models that know where ranks sit
     * (simgrid); -1 when a collective schedule times comm-relative steps. */
    int src, dst;
} seshat_msg;

typedef struct seshat_p2p_times {
    seshat_vtime arrival;     /* last byte at the receiver */
    seshat_vtime sender_done; /* when the send completes at the sender */
} seshat_p2p_times;

typedef struct seshat_model {
    const char *name;
    const char *help;
    /* Protocol for `bytes`; `synchronous` sends always rendezvous. */
    enum seshat_proto (*proto)(const struct seshat_model *m, int64_t bytes, int synchronous);
    /* Injection start of a `bytes` send posted at `now`; the sender's NIC
     * is then busy for max(g, bytes x G): advances *nic_free. */
    seshat_vtime (*inject)(const struct seshat_model *m, seshat_vtime now, int64_t bytes,
                           seshat_vtime *nic_free);
    /* Times of one message; `posted` is when the receiver posted the
     * matching receive (used by rendezvous only). */
    seshat_p2p_times (*p2p)(const struct seshat_model *m, const seshat_msg *msg,
                            seshat_vtime posted);
    /* When a receive called at `t_call` completes for a message arriving
     * at `arrival`. */
    seshat_vtime (*recv_done)(const struct seshat_model *m, seshat_vtime t_call,
                              seshat_vtime arrival);
    /* Sender CPU overhead charged when a send is posted. */
    seshat_vtime send_overhead;

    /* LogGP parameters, already scaled by the what-if factors. */
    double latency_ns;
    double ns_per_byte;
    int64_t overhead_ns;
    int64_t gap_ns;
    int64_t eager_limit;
    /* [network] segments: pieces with their own latency and ns/byte for
     * messages of at least `from` bytes (what-if factors applied). */
    int nsegments;
    struct { int64_t from; double latency_ns, ns_per_byte; } segment[SESHAT_MAX_SEGMENTS];

    /* The simgrid model's private state (netmodel/simgrid/sg_model.h), NULL
     * for loggp. */
    void *impl;
} seshat_model;

/* Build the model named in cfg. Returns 0, or -1 with a message. */
int seshat_model_init(seshat_model *m, const seshat_config *cfg, char *err, size_t errlen);



/* When a message first becomes visible to the receiver (Probe): the data
 * for an eager message, the request-to-send for a rendezvous one. */
static inline seshat_vtime seshat_model_visible(const seshat_model *m, const seshat_msg *msg)
{
    seshat_msg hdr = *msg;
    if (msg->proto == SESHAT_PROTO_RENDEZVOUS) {
        hdr.bytes = 0;
        hdr.proto = SESHAT_PROTO_EAGER;
    }
    return m->p2p(m, &hdr, 0).arrival;
}
#endif

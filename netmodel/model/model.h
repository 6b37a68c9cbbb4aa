/* model.h - the network model interface: functions, capabilities and an
 * opaque state. Nothing here belongs to one model.
 *
 * A model is chosen by name from [network] model. models.def lists the
 * models (registry.c); each model file owns its name, help, config keys
 * and state (docs/design.md, "Adding a network model"). Callers ask for
 * capabilities (caps), never for a model by name. Costs are in virtual
 * nanoseconds. Models are stateless per message: the same call gives the
 * same answer wherever it runs, which is what lets the direct path
 * (receiver evaluates) and the relay path (model rank evaluates) agree
 * exactly. Sender-local state (the NIC's gap) lives in the caller.
 *
 * What-if factors act here, the same for every model: the interface holds
 * them (m->f), a model times every wire crossing with seshat_model_wire
 * and every CPU-side cost with seshat_model_cpu, which apply them, and a
 * collective's schedule times with seshat_model_scaled's copy. */
#ifndef SESHAT_MODEL_H
#define SESHAT_MODEL_H

#include <math.h>
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

/* What a model can do besides timing messages. */
enum seshat_model_caps {
    /* Per rank pair parameters only model ranks can compute: model ranks
     * load them (seshat_model_load) and answer (seshat_model_route),
     * application ranks fetch them (seshat_model_set_fetch). */
    SESHAT_MODEL_CAP_ROUTES = 1u << 0,
    /* network.contention = on: messages share links (netmodel/server/contention.c). */
    SESHAT_MODEL_CAP_CONTENTION = 1u << 1,
};

/* [network]'s what-if factors (docs/models.md, "What-if factors"). */
typedef struct seshat_model_factors {
    double latency;    /* latency_factor: every latency x this */
    double bandwidth;  /* bandwidth_factor: every bandwidth x this */
    double cost;       /* inside a collective's schedule its factor
                          (collective_factor x [collectives] factors), else 1:
                          every cost x this */
} seshat_model_factors;

/* A model's own state lives inline (copies, such as a scaled model, carry
 * it); a model that needs more keeps a pointer here. */
#define SESHAT_MODEL_STATE_BYTES 512

struct seshat_model_desc;

typedef struct seshat_model {
    const struct seshat_model_desc *desc; /* registry entry: name, help, keys */
    const char *name;                     /* desc->name */
    unsigned caps;                        /* enum seshat_model_caps */
    seshat_model_factors f;

    /* Protocol for `bytes`; `synchronous` sends always rendezvous. */
    enum seshat_proto (*proto)(const struct seshat_model *m, int64_t bytes, int synchronous);
    /* Injection start of a `bytes` send from world rank src to dst (-1:
     * unknown, a schedule's comm-relative step) posted at `now`; advances
     * *nic_free to when the sender's link can start the next one: every
     * model serializes a rank's sends on its link (docs/models.md). */
    seshat_vtime (*inject)(const struct seshat_model *m, seshat_vtime now, int64_t bytes,
                           int src, int dst, seshat_vtime *nic_free);
    /* Times of one message; `posted` is when the receiver posted the
     * matching receive (used by rendezvous only). */
    seshat_p2p_times (*p2p)(const struct seshat_model *m, const seshat_msg *msg,
                            seshat_vtime posted);
    /* When a receive called at `t_call` completes for a message arriving
     * at `arrival`. */
    seshat_vtime (*recv_done)(const struct seshat_model *m, seshat_vtime t_call,
                              seshat_vtime arrival);
    /* Sender CPU overhead charged when a send is posted; the message
     * leaves the sender at t_inject + send_overhead (f.cost applied). */
    seshat_vtime send_overhead;
    seshat_vtime send_overhead_base;      /* the same at cost 1 (registry.c) */

    _Alignas(max_align_t) unsigned char state[SESHAT_MODEL_STATE_BYTES];
} seshat_model;

/* Application ranks of a CAP_ROUTES model: how to ask a model rank for
 * the parameters of (src, dst); `ctx` is the caller's. */
typedef void (*seshat_model_fetch_fn)(void *ctx, int src, int dst, double out[2]);

/* One registry entry: all a model file exports (registry.c). */
typedef struct seshat_model_desc {
    const char *name;          /* [network] model = name */
    const char *help;          /* one line */
    const char *const *keys;   /* the config keys it reads besides the common
                                  ones (overhead, gap, eager_limit, factors) */
    unsigned caps;             /* enum seshat_model_caps */
    /* Fill m's functions and state from cfg (every rank; loads nothing;
     * m->f is set). Returns 0, or -1 with a one-line message naming the key. */
    int (*init)(seshat_model *m, const seshat_config *cfg, char *err, size_t errlen);
    /* CAP_ROUTES only (else NULL): */
    int (*load)(seshat_model *m, int napp, char *err, size_t errlen);
    void (*route)(const seshat_model *m, int src, int dst, double out[2]);
    void (*set_fetch)(seshat_model *m, int napp, seshat_model_fetch_fn fetch, void *ctx);
    void (*free)(seshat_model *m);  /* NULL: nothing to free */
} seshat_model_desc;

/* ---- the registry (registry.c) ---- */

/* A table of models: seshat_models holds the lines of models.def; a test
 * may build its own from the same lines plus one (tests/unit/test_model_add.c). */
typedef struct seshat_model_registry {
    const seshat_model_desc *const *models;
    int count;
} seshat_model_registry;
extern const seshat_model_registry seshat_models;

int seshat_model_count(void);                                 /* seshat_models's */
const seshat_model_desc *seshat_model_at(int i);              /* NULL past the end */
const seshat_model_desc *seshat_model_find(const char *name); /* NULL if none */
const seshat_model_desc *seshat_model_find_in(const seshat_model_registry *r, const char *name);

/* Whether cfg's network.model is one of r's and its settings need no
 * capability the model lacks (contention = on: CAP_CONTENTION). 0, or -1
 * with one line naming the key, the value and the models that would do. */
int seshat_model_check_in(const seshat_model_registry *r, const seshat_config *cfg, char *err,
                          size_t errlen);

/* Build the model named by cfg (network.model), with cfg's factors, from
 * seshat_models (seshat_model_init) or from r. Returns 0, or -1 with a
 * message (seshat_model_check_in's, or the model's own). */
int seshat_model_init(seshat_model *m, const seshat_config *cfg, char *err, size_t errlen);
int seshat_model_init_in(const seshat_model_registry *r, seshat_model *m,
                         const seshat_config *cfg, char *err, size_t errlen);
/* Messages share links (network.contention = on, a CAP_CONTENTION model):
 * the relay path with promises and the conservative backend. */
int seshat_model_contended(const seshat_model *m, const seshat_config *cfg);
/* CAP_ROUTES (no-ops otherwise): see enum seshat_model_caps. */
int seshat_model_load(seshat_model *m, int napp, char *err, size_t errlen);
void seshat_model_route(const seshat_model *m, int src, int dst, double out[2]);
void seshat_model_set_fetch(seshat_model *m, int napp, seshat_model_fetch_fn fetch, void *ctx);
/* Frees what init and load allocated (the model is unusable after). */
void seshat_model_free(seshat_model *m);

/* The copy a collective's schedule times with: every cost x f (latency,
 * bytes' time, overheads, gap), whatever the model. Shares what m's state
 * points to: free m only. */
seshat_model seshat_model_scaled(const seshat_model *m, double f);

/* ---- for model files ---- */

/* The model's state, as the model file's own type. */
#define SESHAT_MODEL_STATE(type, m) ((type *)(void *)(m)->state)
#define SESHAT_MODEL_CSTATE(type, m) ((const type *)(const void *)(m)->state)

/* One wire crossing under the factors: `bytes` over a line of latency
 * lat_ns and bandwidth bw_Bps (as configured), rounded once, so every rank
 * computes the same integer. */
static inline seshat_vtime seshat_model_wire(const seshat_model *m, double lat_ns, double bw_Bps,
                                             int64_t bytes)
{
    double per_byte = 1e9 / (bw_Bps * m->f.bandwidth) * m->f.cost;
    return (seshat_vtime)llround(lat_ns * m->f.latency * m->f.cost + (double)bytes * per_byte);
}

/* The same for a model that times whole transfers (t0_ns: no bytes,
 * tn_ns: `bytes` of them): latency part t0, byte part tn - t0. Exactly
 * tn_ns x cost when latency and bandwidth factors are 1. */
static inline seshat_vtime seshat_model_wire_timed(const seshat_model *m, double t0_ns,
                                                   double tn_ns)
{
    double x = tn_ns + t0_ns * (m->f.latency - 1) + (tn_ns - t0_ns) * (1 / m->f.bandwidth - 1);
    return (seshat_vtime)llround(x * m->f.cost);
}

/* A CPU-side cost (overhead, gap) under f.cost. */
static inline seshat_vtime seshat_model_cpu(const seshat_model *m, int64_t ns)
{
    return (seshat_vtime)((double)ns * m->f.cost + 0.5);
}

/* Injection on the sender's link, the same in every model: a send starts
 * when the link is free and holds it for max(g, its bytes at the link's
 * bandwidth bw_Bps), so a rank's simultaneous sends leave one after
 * another. Returns the start; advances *nic_free. */
static inline seshat_vtime seshat_model_link_inject(const seshat_model *m, seshat_vtime now,
                                                    int64_t gap_ns, double bw_Bps, int64_t bytes,
                                                    seshat_vtime *nic_free)
{
    seshat_vtime start = now > *nic_free ? now : *nic_free;
    seshat_vtime gap = seshat_model_cpu(m, gap_ns);
    seshat_vtime busy = bw_Bps > 0 ? seshat_model_wire(m, 0, bw_Bps, bytes) : 0;
    *nic_free = start + (gap > busy ? gap : busy);
    return start;
}

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

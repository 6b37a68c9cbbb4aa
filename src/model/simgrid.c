/* sg_model.c - the simgrid model, uncongested: every message is timed as
 * if alone on its route. Formulas (docs/models.md): eager arrival =
 * t_inject + o + wire(src, dst, bytes); rendezvous as in loggp with the
 * route's latency for the handshake. wire = latency + bytes / bottleneck
 * bandwidth from the route (CM02), or SimGrid's own time for one isolated
 * transfer (other models, relay path only). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simgrid/sg_loader.h"
#include "simgrid.h"
#include "simgrid/sg_placement.h"

static const char *const sg_models[] = { "CM02", "SMPI", "LV08", "IB" };

struct sg_state {
    const seshat_config *cfg;
    const seshat_sg_api *sg;     /* model ranks only */
    int *host;                   /* world rank -> host index (model ranks) */
    int napp;
    int exact;                   /* time each message with SimGrid itself */
    seshat_sg_fetch_fn fetch;    /* application ranks only */
    /* Route cache: row per receiver, allocated on first use (a rank on the
     * direct path mostly times messages to itself), napp x {lat_ns,
     * ns_per_byte} each; lat < 0 = unknown. */
    double **cache;
    int64_t lookahead;           /* contention: computed once, at load; 0 unknown */
    int la_a, la_b;              /* the pair that has it */
};

static seshat_vtime max_vt(seshat_vtime a, seshat_vtime b) { return a > b ? a : b; }

/* Collective steps carry world ranks; neighborhood collectives and
 * intercommunicator schedules do not (yet) and get the route between world
 * ranks 0 and 1, a documented simplification. */
static void pair_of(const struct sg_state *st, const seshat_msg *msg, int *a, int *b)
{
    *a = msg->src;
    *b = msg->dst;
    if (*a < 0 || *b < 0 || *a >= st->napp || *b >= st->napp) {
        *a = 0;
        *b = st->napp > 1 ? 1 : 0;
    }
}

static const double *route_of(const seshat_model *m, int a, int b)
{
    struct sg_state *st = m->impl;
    if (!st->cache[b]) {
        st->cache[b] = malloc(2 * (size_t)st->napp * sizeof **st->cache);
        for (int i = 0; i < 2 * st->napp; i++)
            st->cache[b][i] = -1;
    }
    double *c = st->cache[b] + 2 * a;
    if (c[0] < 0) {
        if (st->sg)
            seshat_sg_model_route(m, a, b, c);
        else
            st->fetch(a, b, c);
    }
    return c;
}

static seshat_vtime wire_ns(const seshat_model *m, int a, int b, int64_t bytes)
{
    struct sg_state *st = m->impl;
    /* Application ranks have no SimGrid: what they time themselves
     * (neighborhood collectives) uses the route parameters. */
    if (st->exact && st->sg)
        return (seshat_vtime)llround(st->sg->transfer(st->host[a], st->host[b], (double)bytes) *
                                     1e9);
    const double *r = route_of(m, a, b);
    return (seshat_vtime)llround(r[0] + (double)bytes * r[1]);
}

static enum seshat_proto sg_proto(const seshat_model *m, int64_t bytes, int synchronous)
{
    return (synchronous || bytes > m->eager_limit) ? SESHAT_PROTO_RENDEZVOUS : SESHAT_PROTO_EAGER;
}

/* The route, not the NIC, bounds a transfer here: only the gap spaces sends. */
static seshat_vtime sg_inject(const seshat_model *m, seshat_vtime now, int64_t bytes,
                              seshat_vtime *nic_free)
{
    (void)bytes;
    seshat_vtime start = max_vt(now, *nic_free);
    *nic_free = start + m->gap_ns;
    return start;
}

static seshat_p2p_times sg_p2p(const seshat_model *m, const seshat_msg *msg, seshat_vtime posted)
{
    int a, b;
    pair_of(m->impl, msg, &a, &b);
    seshat_p2p_times t;
    seshat_vtime sent = msg->t_inject + m->overhead_ns;
    if (msg->proto == SESHAT_PROTO_EAGER) {
        t.arrival = sent + wire_ns(m, a, b, msg->bytes);
        t.sender_done = sent;
        return t;
    }
    seshat_vtime lat = wire_ns(m, a, b, 0);
    seshat_vtime handshake = max_vt(sent + lat, posted);
    t.arrival = handshake + lat + wire_ns(m, a, b, msg->bytes);
    t.sender_done = t.arrival;
    return t;
}

static seshat_vtime sg_recv_done(const seshat_model *m, seshat_vtime t_call, seshat_vtime arrival)
{
    return max_vt(t_call, arrival) + m->overhead_ns;
}

int seshat_sg_model_init(seshat_model *m, const seshat_config *cfg, char *err, size_t errlen)
{
    if (cfg->sg_contention && cfg->path != SESHAT_PATH_RELAY) {
        snprintf(err, errlen, "network.contention = on needs network.path = relay (its default "
                 "then): messages that share links are timed by the model rank");
        return -1;
    }
    if (cfg->sg_contention && cfg->sim_ranks != 1) {
        snprintf(err, errlen, "network.contention = on runs one SimGrid engine: simulator.ranks "
                 "must be 1 (it is %d)", cfg->sim_ranks);
        return -1;
    }
    if (cfg->sg_contention && (cfg->sg_model == 1 || cfg->sg_model == 3)) {
        snprintf(err, errlen, "network.contention = on supports simgrid_model = CM02 or LV08 (%s "
                 "has size-dependent latency factors; use it with contention = off)",
                 sg_models[cfg->sg_model]);
        return -1;
    }
    if (!cfg->platform[0]) {
        snprintf(err, errlen, "network.model = simgrid needs network.platform = FILE.xml");
        return -1;
    }
    if (cfg->sg_model != 0 && cfg->path != SESHAT_PATH_RELAY) {
        snprintf(err, errlen, "network.simgrid_model = %s needs network.path = relay (the direct "
                 "path times from route parameters, exact for CM02 only)",
                 sg_models[cfg->sg_model]);
        return -1;
    }
    if (access(cfg->platform, R_OK) != 0) {
        snprintf(err, errlen, "network.platform = %s: cannot read the file", cfg->platform);
        return -1;
    }
    struct sg_state *st = calloc(1, sizeof *st);
    st->cfg = cfg;
    st->exact = cfg->sg_model != 0;
    m->impl = st;
    m->name = "simgrid";
    m->help = "SimGrid routes: latency + bytes/bottleneck bandwidth per rank pair, uncongested";
    m->proto = sg_proto;
    m->inject = sg_inject;
    m->p2p = sg_p2p;
    m->recv_done = sg_recv_done;
    m->overhead_ns = cfg->overhead_ns;
    m->send_overhead = cfg->overhead_ns;
    m->gap_ns = cfg->gap_ns;
    m->eager_limit = cfg->eager_limit;
    return 0;
}

void seshat_sg_model_free(seshat_model *m)
{
    struct sg_state *st = m->impl;
    if (!st)
        return;
    for (int b = 0; st->cache && b < st->napp; b++)
        free(st->cache[b]);
    free(st->cache);
    free(st->host);
    free(st);
    m->impl = NULL;
}

static void cache_new(struct sg_state *st, int napp)
{
    st->napp = napp;
    st->cache = calloc((size_t)napp, sizeof *st->cache);
}

int seshat_sg_model_load(seshat_model *m, int napp, char *err, size_t errlen)
{
    const seshat_sg_api *sg = seshat_sg_load_bridge(err, errlen);
    return sg ? seshat_sg_model_load_api(m, napp, sg, err, errlen) : -1;
}

int seshat_sg_model_load_api(seshat_model *m, int napp, const seshat_sg_api *sg, char *err,
                             size_t errlen)
{
    struct sg_state *st = m->impl;
    char why[400];
    if (sg->init(st->cfg->platform, sg_models[st->cfg->sg_model], st->cfg->sg_cfg,
                 st->cfg->sg_contention, why,
                 sizeof why) != 0) {
        snprintf(err, errlen, "SimGrid rejected network.platform = %s (simgrid_model = %s, "
                 "simgrid_cfg = '%s'): %s", st->cfg->platform, sg_models[st->cfg->sg_model],
                 st->cfg->sg_cfg, why);
        return -1;
    }
    st->sg = sg;
    st->host = malloc((size_t)napp * sizeof *st->host);
    if (seshat_sg_place(sg, st->cfg->sg_placement, napp, st->host, err, errlen) != 0)
        return -1;
    cache_new(st, napp);
    int a = 0, b = 0;
    if (st->cfg->sg_contention && seshat_sg_model_lookahead(m, &a, &b) <= 0) {
        snprintf(err, errlen, "network.contention = on needs a positive latency between every two "
                 "ranks (it is the lookahead), but ranks %d and %d (hosts %s, %s) have none: place "
                 "one rank per host, or give the platform's loopback a latency",
                 a, b, sg->host_name(st->host[a]), sg->host_name(st->host[b]));
        return -1;
    }
    return 0;
}

int64_t seshat_sg_model_lookahead(const seshat_model *m, int *pa, int *pb)
{
    struct sg_state *st = m->impl;
    if (st->lookahead > 0) {
        *pa = st->la_a;
        *pb = st->la_b;
        return st->lookahead;
    }
    double best = -1, f = st->sg->latency_factor();
    for (int a = 0; a < st->napp; a++)
        for (int b = 0; b < st->napp; b++) {
            double r[2];
            if (a == b)
                continue;
            seshat_sg_model_route(m, a, b, r);
            if (best < 0 || r[0] * f < best) {
                best = r[0] * f;
                *pa = a;
                *pb = b;
            }
        }
    st->la_a = *pa;
    st->la_b = *pb;
    return st->lookahead = best < 0 ? 1000000000 : llround(best);
}

void seshat_sg_model_set_fetch(seshat_model *m, int napp, seshat_sg_fetch_fn fetch)
{
    struct sg_state *st = m->impl;
    st->fetch = fetch;
    cache_new(st, napp);
}

void seshat_sg_model_route(const seshat_model *m, int src, int dst, double out[2])
{
    struct sg_state *st = m->impl;
    double lat = 0, bw = 1;
    if (src < 0 || dst < 0 || src >= st->napp || dst >= st->napp ||
        st->sg->route(st->host[src], st->host[dst], &lat, &bw) != 0) {
        out[0] = 0;
        out[1] = 0;
        return;
    }
    out[0] = lat * 1e9;
    out[1] = 1e9 / bw;
}

const seshat_sg_api *seshat_sg_model_api(const seshat_model *m)
{
    return ((const struct sg_state *)m->impl)->sg;
}

int seshat_sg_model_host(const seshat_model *m, int rank)
{
    return ((const struct sg_state *)m->impl)->host[rank];
}

/* simgrid.c - the simgrid model, uncongested: every message, once it has
 * left its sender, is timed as if alone on its route. Formulas
 * (docs/models.md): eager arrival = t_inject + o + wire(src, dst, bytes);
 * rendezvous as in loggp with the route's latency for the handshake.
 * wire = latency + bytes / bottleneck bandwidth from the route (CM02), or
 * SimGrid's own time for one isolated transfer (other models, relay path
 * only); a rank's sends leave one after another on its link (sg_inject);
 * the what-if factors act through seshat_model_wire /
 * seshat_model_wire_timed as for any model. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/chooser.h"
#include "model/simgrid.h"
#include "model/simgrid/sg_loader.h"
#include "model/simgrid/sg_placement.h"

static const char *const sg_models[SESHAT_SG_NKINDS] = {
    [SESHAT_SG_CM02] = "CM02", [SESHAT_SG_SMPI] = "SMPI", [SESHAT_SG_LV08] = "LV08",
    [SESHAT_SG_IB] = "IB",
};

/* What every copy shares (allocated at init, freed by seshat_sg_model_free). */
struct sg_state {
    const seshat_config *cfg;
    const seshat_sg_api *sg;     /* model ranks only */
    int *host;                   /* world rank -> host index (model ranks) */
    int napp;
    int exact;                   /* time each message with SimGrid itself */
    seshat_model_fetch_fn fetch; /* application ranks only */
    void *fetch_ctx;
    /* Route cache: row per receiver, allocated on first use (a rank on the
     * direct path mostly times messages to itself), napp x {lat_ns,
     * bandwidth B/s} each; lat < 0 = unknown. */
    double **cache;
    double (*disk)[2][2];        /* io.model = simgrid, model ranks: [rank][op] {key, B/s} */
    int64_t lookahead;           /* contention: computed once, at load; 0 unknown */
    int la_a, la_b;              /* the pair that has it */
};

/* The model's inline state (model.h): copies carry it. */
struct simgrid {
    struct sg_state *st;
    seshat_chooser ch;           /* the eager limit (routes replace its lines) */
    int64_t overhead_ns, gap_ns;
};
_Static_assert(sizeof(struct simgrid) <= SESHAT_MODEL_STATE_BYTES, "simgrid state fits in a model");

static const struct simgrid *sgm(const seshat_model *m)
{
    return SESHAT_MODEL_CSTATE(struct simgrid, m);
}
static struct sg_state *state(const seshat_model *m) { return sgm(m)->st; }

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
    struct sg_state *st = state(m);
    if (!st->cache[b]) {
        st->cache[b] = malloc(2 * (size_t)st->napp * sizeof **st->cache);
        if (!st->cache[b]) {
            fprintf(stderr, "seshat: out of memory (simgrid route cache)\n");
            exit(1);
        }
        for (int i = 0; i < 2 * st->napp; i++)
            st->cache[b][i] = -1;
    }
    double *c = st->cache[b] + 2 * a;
    if (c[0] < 0) {
        if (st->sg)
            seshat_sg_model_route(m, a, b, c);
        else
            st->fetch(st->fetch_ctx, a, b, c);
    }
    return c;
}

static seshat_vtime wire_ns(const seshat_model *m, int a, int b, int64_t bytes)
{
    struct sg_state *st = state(m);
    /* Application ranks have no SimGrid: what they time themselves
     * (neighborhood collectives) uses the route parameters. */
    if (st->exact && st->sg) {
        int ha = st->host[a], hb = st->host[b];
        double tn = st->sg->transfer(ha, hb, (double)bytes) * 1e9;
        int plain = m->f.latency == 1 && m->f.bandwidth == 1;
        double t0 = plain ? 0 : st->sg->transfer(ha, hb, 0) * 1e9;
        return seshat_model_wire_timed(m, t0, tn);
    }
    const double *r = route_of(m, a, b);
    if (r[1] <= 0)   /* no route: free, as SimGrid reports it */
        return 0;
    return seshat_model_wire(m, r[0], r[1], bytes);
}

static enum seshat_proto sg_proto(const seshat_model *m, int64_t bytes, int synchronous)
{
    return seshat_chooser_proto(&sgm(m)->ch, bytes, synchronous);
}

/* Uncongested, a rank's sends still share its link: they leave one after
 * another, each holding it for its bytes at the route's bottleneck
 * bandwidth (or the gap, if longer), as under LogGP. Under contention
 * SimGrid shares the links itself: only the gap spaces sends. */
static seshat_vtime sg_inject(const seshat_model *m, seshat_vtime now, int64_t bytes, int src,
                              int dst, seshat_vtime *nic_free)
{
    struct sg_state *st = state(m);
    double bw = 0;
    if (!st->cfg->sg_contention) {
        seshat_msg pair = { bytes, now, SESHAT_PROTO_EAGER, src, dst };
        int a, b;
        pair_of(st, &pair, &a, &b);
        bw = route_of(m, a, b)[1];
    }
    return seshat_model_link_inject(m, now, sgm(m)->gap_ns, bw, bytes, nic_free);
}

static seshat_p2p_times sg_p2p(const seshat_model *m, const seshat_msg *msg, seshat_vtime posted)
{
    int a, b;
    pair_of(state(m), msg, &a, &b);
    seshat_p2p_times t;
    seshat_vtime sent = msg->t_inject + seshat_model_cpu(m, sgm(m)->overhead_ns);
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
    return max_vt(t_call, arrival) + seshat_model_cpu(m, sgm(m)->overhead_ns);
}

/* Settings that cannot work, each with the key to change. */
static int sg_check(const seshat_config *cfg, char *err, size_t errlen)
{
    if (cfg->sg_contention && cfg->path != SESHAT_PATH_RELAY) {
        snprintf(err, errlen, "network.contention = on needs network.path = relay (its default "
                 "then): messages that share links are timed by the model rank");
        return -1;
    }
    if (cfg->sg_contention && cfg->sim_ranks != 1) {
        snprintf(err, errlen, "network.contention = on runs one SimGrid engine: simulator.ranks "
                 "must be 1 or per-node (it is %s%d)", cfg->sim_per_node ? "per-node:" : "",
                 cfg->sim_ranks);
        return -1;
    }
    if (cfg->sg_contention && (cfg->sg_model == SESHAT_SG_SMPI || cfg->sg_model == SESHAT_SG_IB)) {
        snprintf(err, errlen, "network.contention = on supports simgrid_model = CM02 or LV08 (%s "
                 "has size-dependent latency factors; use it with contention = off)",
                 sg_models[cfg->sg_model]);
        return -1;
    }
    if (!cfg->platform[0]) {
        snprintf(err, errlen, "network.model = simgrid needs network.platform = FILE.xml");
        return -1;
    }
    if (cfg->sg_model != SESHAT_SG_CM02 && cfg->path != SESHAT_PATH_RELAY) {
        snprintf(err, errlen, "network.simgrid_model = %s needs network.path = relay (the direct "
                 "path times from route parameters, exact for CM02 only)",
                 sg_models[cfg->sg_model]);
        return -1;
    }
    if (access(cfg->platform, R_OK) != 0) {
        snprintf(err, errlen, "network.platform = %s: cannot read the file", cfg->platform);
        return -1;
    }
    return 0;
}

static int sg_init(seshat_model *m, const seshat_config *cfg, char *err, size_t errlen)
{
    _Static_assert(sizeof sg_models / sizeof *sg_models == SESHAT_SG_NKINDS, "a name per kind");
    if (cfg->sg_model < 0 || cfg->sg_model >= SESHAT_SG_NKINDS) {
        snprintf(err, errlen, "network.simgrid_model: unknown model #%d", (int)cfg->sg_model);
        return -1;
    }
    if (sg_check(cfg, err, errlen) != 0)
        return -1;
    struct simgrid *g = SESHAT_MODEL_STATE(struct simgrid, m);
    if (seshat_chooser_init(&g->ch, cfg, err, errlen) != 0)
        return -1;
    g->st = calloc(1, sizeof *g->st);
    if (!g->st) {
        snprintf(err, errlen, "network.model = simgrid: out of memory");
        return -1;
    }
    g->st->cfg = cfg;
    g->st->exact = cfg->sg_model != SESHAT_SG_CM02;
    g->overhead_ns = cfg->overhead_ns;
    g->gap_ns = cfg->gap_ns;
    m->proto = sg_proto;
    m->inject = sg_inject;
    m->p2p = sg_p2p;
    m->recv_done = sg_recv_done;
    m->send_overhead = seshat_model_cpu(m, g->overhead_ns);
    return 0;
}

void seshat_sg_model_free(seshat_model *m)
{
    struct simgrid *g = SESHAT_MODEL_STATE(struct simgrid, m);
    struct sg_state *st = g->st;
    if (!st)
        return;
    for (int b = 0; st->cache && b < st->napp; b++)
        free(st->cache[b]);
    free(st->cache);
    free(st->disk);
    free(st->host);
    free(st);
    g->st = NULL;
}

static int cache_new(struct sg_state *st, int napp)
{
    st->napp = napp;
    st->cache = calloc((size_t)napp, sizeof *st->cache);
    return st->cache ? 0 : -1;
}

static int load_disks(struct sg_state *st, int napp, char *err, size_t errlen);

int seshat_sg_model_load(seshat_model *m, int napp, char *err, size_t errlen)
{
    const seshat_sg_api *sg = seshat_sg_load_bridge(err, errlen);
    return sg ? seshat_sg_model_load_api(m, napp, sg, err, errlen) : -1;
}

int seshat_sg_model_load_api(seshat_model *m, int napp, const seshat_sg_api *sg, char *err,
                             size_t errlen)
{
    struct sg_state *st = state(m);
    const seshat_config *cfg = st->cfg;
    char why[400];
    if (sg->init(cfg->platform, sg_models[cfg->sg_model], cfg->sg_cfg, cfg->sg_contention, why,
                 sizeof why) != 0) {
        snprintf(err, errlen, "SimGrid rejected network.platform = %s (simgrid_model = %s, "
                 "simgrid_cfg = '%s'): %s", cfg->platform, sg_models[cfg->sg_model],
                 cfg->sg_cfg, why);
        return -1;
    }
    st->sg = sg;
    st->host = malloc((size_t)napp * sizeof *st->host);
    if (!st->host || cache_new(st, napp) != 0) {
        snprintf(err, errlen, "network.model = simgrid: out of memory for %d ranks", napp);
        return -1;
    }
    if (seshat_sg_place(sg, cfg->sg_placement, napp, st->host, err, errlen) != 0 ||
        load_disks(st, napp, err, errlen) != 0)
        return -1;
    int a = 0, b = 0;
    if (cfg->sg_contention && seshat_sg_model_lookahead(m, &a, &b) <= 0) {
        double r[2];
        seshat_sg_model_route(m, a, b, r);
        if (r[0] * sg->latency_factor() * m->f.latency >= 0.5)
            snprintf(err, errlen, "network.contention = on needs a positive latency for every "
                     "transfer (it is the lookahead), but network.collective_factor x the "
                     "smallest [collectives] factor = %g brings the route of ranks %d and %d "
                     "below 1ns: raise the factor", seshat_config_coll_factor_min(cfg), a, b);
        else
            snprintf(err, errlen, "network.contention = on needs a positive latency between "
                     "every two ranks (it is the lookahead), but ranks %d and %d (hosts %s, %s) "
                     "have none: place one rank per host, or give the platform's loopback a "
                     "latency", a, b, sg->host_name(st->host[a]), sg->host_name(st->host[b]));
        return -1;
    }
    return 0;
}

int64_t seshat_sg_model_lookahead(const seshat_model *m, int *pa, int *pb)
{
    struct sg_state *st = state(m);
    if (st->lookahead > 0) {
        *pa = st->la_a;
        *pb = st->la_b;
        return st->lookahead;
    }
    double best = -1, f = st->sg->latency_factor() * m->f.latency;
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
    /* a collective's step takes its factor, below 1 too (cn_coll.c) */
    return st->lookahead = best < 0 ? 1000000000
                                    : llround(best * seshat_config_coll_factor_min(st->cfg));
}

static void sg_set_fetch(seshat_model *m, int napp, seshat_model_fetch_fn fetch, void *ctx)
{
    struct sg_state *st = state(m);
    st->fetch = fetch;
    st->fetch_ctx = ctx;
    if (cache_new(st, napp) != 0) {
        fprintf(stderr, "seshat: out of memory (simgrid route cache, %d ranks)\n", napp);
        exit(1);
    }
}

void seshat_sg_model_route(const seshat_model *m, int src, int dst, double out[2])
{
    struct sg_state *st = state(m);
    double lat = 0, bw = 0;
    if ((dst == SESHAT_SG_DISK_READ || dst == SESHAT_SG_DISK_WRITE) && st->disk && src >= 0 &&
        src < st->napp) {   /* the route to the rank's disk */
        out[0] = st->disk[src][dst == SESHAT_SG_DISK_WRITE][0];
        out[1] = st->disk[src][dst == SESHAT_SG_DISK_WRITE][1];
        return;
    }
    if (src < 0 || dst < 0 || src >= st->napp || dst >= st->napp ||
        st->sg->route(st->host[src], st->host[dst], &lat, &bw) != 0) {
        out[0] = 0;
        out[1] = 0;
        return;
    }
    out[0] = lat * 1e9;
    out[1] = bw;
}

void seshat_sg_model_disk(const seshat_model *m, int rank, int write, double out[2])
{
    struct sg_state *st = state(m);
    int dst = write ? SESHAT_SG_DISK_WRITE : SESHAT_SG_DISK_READ;
    if (st->sg)
        seshat_sg_model_route(m, rank, dst, out);
    else
        st->fetch(st->fetch_ctx, rank, dst, out);
}

/* io.model = simgrid: each rank's disk timed by SimGrid, before any flow
 * runs (the engine runs each lone access to its end). The effective
 * bandwidth is that of a 1 GB access. */
static int load_disks(struct sg_state *st, int napp, char *err, size_t errlen)
{
    if (st->cfg->io_model != SESHAT_IO_SIMGRID)
        return 0;
    if (!st->sg->disk_io || !(st->disk = calloc((size_t)napp, sizeof *st->disk))) {
        snprintf(err, errlen, "io.model = simgrid: out of memory, or a bridge without disks");
        return -1;
    }
    for (int r = 0; r < napp; r++)
        for (int op = 0; op < 2; op++) {
            double t = st->sg->disk_io(st->host[r], 1e9, op);
            if (t <= 0) {
                snprintf(err, errlen, "io.model = simgrid: host %s of rank %d has no <disk> in "
                         "network.platform = %s", st->sg->host_name(st->host[r]), r,
                         st->cfg->platform);
                return -1;
            }
            st->disk[r][op][0] = st->host[r];
            st->disk[r][op][1] = 1e9 / t;
        }
    return 0;
}

const seshat_sg_api *seshat_sg_model_api(const seshat_model *m) { return state(m)->sg; }

int seshat_sg_model_host(const seshat_model *m, int rank) { return state(m)->host[rank]; }

static const char *const sg_keys[] = { "network.platform", "network.simgrid_model",
                                       "network.simgrid_cfg", "network.contention",
                                       "network.placement", NULL };

const seshat_model_desc seshat_model_simgrid = {
    .name = "simgrid",
    .help = "SimGrid routes: latency + bytes/bottleneck bandwidth per rank pair, uncongested",
    .keys = sg_keys,
    .caps = SESHAT_MODEL_CAP_ROUTES | SESHAT_MODEL_CAP_CONTENTION,
    .init = sg_init,
    .load = seshat_sg_model_load,
    .route = seshat_sg_model_route,
    .set_fetch = sg_set_fetch,
    .free = seshat_sg_model_free,
};

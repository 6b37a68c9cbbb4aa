/* sg_bridge.h - the C surface of libseshat-simgrid.so, the only code that
 * links SimGrid. libsimgrid exports SMPI's MPI_* symbols, so this object is
 * dlopen'ed with RTLD_LOCAL by model ranks (and seshat-sgroute) only; it is
 * never linked into, or loaded by, an application rank.
 *
 * Everything is reached through one table, looked up by name with dlsym.
 * Hosts are indices into the platform's host list (see host_name). */
#ifndef SESHAT_SG_BRIDGE_H
#define SESHAT_SG_BRIDGE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct seshat_sg_api {
    /* Load `platform` under network model `model` (CM02, SMPI, LV08, IB)
     * with extra "name:value" options separated by spaces. Returns 0, or
     * -1 with a one-line message (SimGrid's exceptions are caught).
     * `contention`: flows are started with start_flow and SimGrid's
     * latency factor is set to 0 (the caller adds each route's latency
     * before the flow starts, which gives the lookahead; the model's own
     * factor is kept for latency_factor). */
    int (*init)(const char *platform, const char *model, const char *cfg, int contention,
                char *err, size_t errlen);
    int (*host_count)(void);
    const char *(*host_name)(int host);       /* in SimGrid's list order */
    int (*host_index)(const char *name);      /* -1 if no such host */
    /* Route from host a to host b: summed latency (s) and the smallest
     * link bandwidth (B/s), as the route query reports them. */
    int (*route)(int a, int b, double *latency_s, double *bandwidth_Bps);
    /* Time (s) SimGrid takes for one `bytes` transfer a -> b alone on the
     * network, under the chosen model. */
    double (*transfer)(int a, int b, double bytes);

    /* Contention mode: one engine shared by every flow. */
    double (*latency_factor)(void);           /* the model's, before init zeroed it */
    /* Start `bytes` from host a to host b now (the engine's clock); its
     * completion is reported by take_done with `id`. */
    int (*start_flow)(int a, int b, double bytes, long long id);
    void (*run_until)(double t_s);            /* advance the engine's clock to t */
    /* Flows completed since the last call, in completion order: up to
     * `max` ids and times (s). Returns how many. */
    int (*take_done)(long long *ids, double *times, int max);
    /* As run_until, but stop at the first completion before t, if any;
     * returns the engine's clock (s). For a caller that must start a flow
     * the moment another one ends. */
    double (*run_step)(double t_s);
    /* Time (s) SimGrid's disk model takes for one `bytes` read (write 0)
     * or write (1) alone on the first disk of host h; -1 if h has none.
     * Runs the engine: before any flow. */
    double (*disk_io)(int h, double bytes, int write);
} seshat_sg_api;

/* The symbol the loaders look up. */
const seshat_sg_api *seshat_sg_bridge(void);

#ifdef __cplusplus
}
#endif
#endif

/* cn_coll.h - collectives under contention (cn_coll.c): a collective's
 * schedule run member by member with every transfer a flow of an engine
 * it does not know. The engine (contention.c) hands it what it needs as
 * callbacks with a context pointer, and tells it when a flow is done. */
#ifndef SESHAT_CN_COLL_H
#define SESHAT_CN_COLL_H

#include <stdint.h>

#include "config/config.h"
#include "model/model.h"
#include "wire/wire.h"

typedef struct cn_engine {
    /* Queue a transfer that enters the network at `start` (route latency
     * already added: SimGrid only shares bandwidth); its bytes' time x
     * `cost` (the collective's factor). `ref` comes back through
     * cn_colls_flow_done. */
    void (*flow_add)(void *ctx, int64_t start, int src, int dst, int64_t bytes, double cost,
                     void *ref);
    /* Route latency between two application ranks, ns, the model's factor
     * and `cost` applied, rounded once. */
    int64_t (*lat_cost)(void *ctx, int src, int dst, double cost);
    /* Send an answer to application rank dst (accounted for its promise). */
    void (*emit)(void *ctx, int dst, const seshat_answer *a);
    void *ctx;
    const seshat_model *model;    /* the loaded simgrid model */
    const seshat_config *cfg;     /* each collective's factor */
} cn_engine;

typedef struct cn_colls cn_colls;
cn_colls *cn_colls_new(const cn_engine *engine);
void cn_colls_free(cn_colls *cc);
void cn_colls_entry(cn_colls *cc, const seshat_coll_entry *e);
void cn_colls_flow_done(cn_colls *cc, void *ref, int64_t t);
/* Whether a schedule is running: its completions start new flows at once,
 * so the engine may then advance by at most one lookahead per step. */
int cn_colls_running(const cn_colls *cc);
/* Whether a member holds eager sends back until its earlier ones end:
 * the engine then stops at every completion (they start at its time). */
int cn_colls_holding(const cn_colls *cc);

#endif

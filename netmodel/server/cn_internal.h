/* cn_internal.h - what contention.c (ranks, messages, engine) and
 * cn_coll.c (collective schedules) share. Not a public surface. */
#ifndef SESHAT_CN_INTERNAL_H
#define SESHAT_CN_INTERNAL_H

#include "server/contention.h"

enum cn_flow_kind { CN_EAGER, CN_RDV, CN_COLL };

/* Queue a transfer that enters the network at `start` (route latency
 * already added: SimGrid only shares bandwidth); its bytes' time x `cost`
 * (a collective's factor, else 1). `ref` comes back to the kind's
 * completion handler. */
void cn_flow_add(seshat_cn *cn, int64_t start, int src, int dst, int64_t bytes, double cost,
                 enum cn_flow_kind kind, void *ref);
/* Route latency between two application ranks, ns (the model's factor
 * applied); cn_lat_cost: x `cost` as well, rounded once. */
int64_t cn_lat(seshat_cn *cn, int src, int dst);
int64_t cn_lat_cost(seshat_cn *cn, int src, int dst, double cost);
const seshat_config *cn_config(const seshat_cn *cn);
/* Send an answer to application rank dst (accounted for its promise). */
void cn_emit(seshat_cn *cn, int dst, const seshat_answer *a);
const seshat_model *cn_model(const seshat_cn *cn);

/* Collectives (cn_coll.c). */
typedef struct cn_colls cn_colls;
cn_colls *cn_colls_new(seshat_cn *cn);
void cn_colls_free(cn_colls *cc);
void cn_colls_entry(cn_colls *cc, const seshat_coll_entry *e);
void cn_colls_flow_done(cn_colls *cc, void *ref, int64_t t);
/* Whether a schedule is running: its completions start new flows at once,
 * so the engine may then advance by at most one lookahead per step. */
int cn_colls_running(const cn_colls *cc);

#endif

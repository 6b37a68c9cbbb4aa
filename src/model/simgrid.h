/* sg_model.h - [network] model = simgrid, uncongested (contention = off).
 *
 * Each message costs what its route says under the chosen SimGrid model.
 * SimGrid itself lives only in model ranks (sg_load dlopens
 * libseshat-simgrid.so with RTLD_LOCAL). Application ranks on the direct
 * path time messages from route parameters (latency, ns per byte) that a
 * model rank hands out per rank pair (cached); that is exact for CM02 only,
 * so other SimGrid models require path = relay. */
#ifndef SESHAT_SG_MODEL_H
#define SESHAT_SG_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

/* Fill the function table (every rank; loads nothing). Refuses settings
 * that cannot work: contention = on, a non-CM02 model on the direct path. */
int seshat_sg_model_init(seshat_model *m, const seshat_config *cfg, char *err, size_t errlen);

/* Model ranks: load SimGrid, the platform and the placement of `napp`
 * application ranks. Returns 0, or -1 with a one-line message. */
int seshat_sg_model_load(seshat_model *m, int napp, char *err, size_t errlen);

/* The same with a given bridge table (tests/unit/test_cn_protocol.c runs
 * the contention engine on a fake one, without SimGrid). */
struct seshat_sg_api;
int seshat_sg_model_load_api(seshat_model *m, int napp, const struct seshat_sg_api *sg,
                             char *err, size_t errlen);

/* Application ranks: how to ask a model rank for the route of (src, dst);
 * fills out[0] = latency (ns), out[1] = ns per byte. */
typedef void (*seshat_sg_fetch_fn)(int src, int dst, double out[2]);
void seshat_sg_model_set_fetch(seshat_model *m, int napp, seshat_sg_fetch_fn fetch);

/* Model ranks: the route parameters of (src, dst), as the fetch hands them. */
void seshat_sg_model_route(const seshat_model *m, int src, int dst, double out[2]);

/* Model ranks, contention mode (netmodel/contention.c): the loaded
 * bridge and the host index of an application rank. */
struct seshat_sg_api;
const struct seshat_sg_api *seshat_sg_model_api(const seshat_model *m);
int seshat_sg_model_host(const seshat_model *m, int rank);
/* Frees what init and load allocated (the model is unusable after; NULL
 * impl is fine). Model ranks keep theirs for the run; tests make many. */
void seshat_sg_model_free(seshat_model *m);
/* The smallest route latency between two ranks, ns (the model's latency
 * factor applied), and that pair; 1 s with a single rank. Computed once. */
int64_t seshat_sg_model_lookahead(const seshat_model *m, int *a, int *b);

#endif

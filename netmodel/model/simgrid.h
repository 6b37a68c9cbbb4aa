/* simgrid.h - [network] model = simgrid: what model ranks and the
 * contention backend need beyond model.h.
 *
 * Each message costs what its route says under the chosen SimGrid model.
 * SimGrid itself lives only in model ranks (seshat_sg_model_load dlopens
 * libseshat-simgrid.so with RTLD_LOCAL). Application ranks on the direct
 * path time messages from route parameters (latency ns, bandwidth B/s)
 * that a model rank hands out per rank pair (cached); that is exact for
 * CM02 only, so other SimGrid models require path = relay. */
#ifndef SESHAT_SG_MODEL_H
#define SESHAT_SG_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

/* network.simgrid_model, in the order of its config choices. */
enum seshat_sg_kind { SESHAT_SG_CM02, SESHAT_SG_SMPI, SESHAT_SG_LV08, SESHAT_SG_IB,
                      SESHAT_SG_NKINDS };

extern const seshat_model_desc seshat_model_simgrid;

/* Model ranks: load SimGrid, the platform and the placement of `napp`
 * application ranks. Returns 0, or -1 with a one-line message. */
int seshat_sg_model_load(seshat_model *m, int napp, char *err, size_t errlen);

/* The same with a given bridge table (tests/unit/test_cn_protocol.c runs
 * the contention engine on a fake one, without SimGrid). */
struct seshat_sg_api;
int seshat_sg_model_load_api(seshat_model *m, int napp, const struct seshat_sg_api *sg,
                             char *err, size_t errlen);

/* Model ranks: the route of (src, dst) as a fetch hands it: out[0] =
 * latency (ns), out[1] = bottleneck bandwidth (B/s), before the factors;
 * 0, 0 if there is none. dst SESHAT_SG_DISK_READ or _WRITE: the disk of
 * src's host (io.model = simgrid): out[0] = its key (the host index),
 * out[1] = its bandwidth for that op as SimGrid's disk model gives it. */
enum { SESHAT_SG_DISK_READ = -2, SESHAT_SG_DISK_WRITE = -3 };
void seshat_sg_model_route(const seshat_model *m, int src, int dst, double out[2]);
/* Any rank: rank's disk for a read (write 0) or a write, as above
 * (application ranks ask a model rank). */
void seshat_sg_model_disk(const seshat_model *m, int rank, int write, double out[2]);

/* Model ranks, contention mode (netmodel/server/contention.c): the loaded
 * bridge and the host index of an application rank. */
const struct seshat_sg_api *seshat_sg_model_api(const seshat_model *m);
int seshat_sg_model_host(const seshat_model *m, int rank);
/* Frees what init and load allocated (the model is unusable after). */
void seshat_sg_model_free(seshat_model *m);
/* The smallest latency a transfer can have, ns: the smallest route
 * latency between two ranks (SimGrid's latency factor and
 * network.latency_factor applied) times the smallest collective factor
 * when that is below 1 (seshat_config_coll_factor_min), and that pair;
 * 1 s with a single rank. Computed once. */
int64_t seshat_sg_model_lookahead(const seshat_model *m, int *a, int *b);

#endif

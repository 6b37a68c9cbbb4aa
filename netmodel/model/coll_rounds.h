/* coll_rounds.h - the round engine under coll_sched.c (internal). A round
 * is a set of transfers that run concurrently: every receiver posts at the
 * round's start, every sender injects its sends one after another. */
#ifndef SESHAT_COLL_ROUNDS_H
#define SESHAT_COLL_ROUNDS_H

#include "model/model.h"

typedef struct seshat_rounds seshat_rounds;

/* t[] holds each rank's clock; it is updated in place after every round. */
seshat_rounds *seshat_rounds_new(const seshat_model *m, int p, seshat_vtime *t);
void seshat_rounds_send(seshat_rounds *r, int src, int dst, int64_t bytes);
/* Translate the ranks later sends name through map (NULL: identity): runs
 * an algorithm on a subgroup. */
void seshat_rounds_map(seshat_rounds *r, const int *map);
/* World rank of every member, so route-aware models (simgrid) time each
 * step on its real route; NULL (the default): unknown. */
void seshat_rounds_world(seshat_rounds *r, const int *world);
void seshat_rounds_end(seshat_rounds *r);     /* run the queued transfers */
/* Record instead of timing: every send is handed to fn with its round
 * number (rounds_end only ends the round). Contention mode times the
 * recorded schedule itself (netmodel/server/cn_coll.c). */
typedef void (*seshat_round_fn)(void *ctx, int round, int src, int dst, int64_t bytes);
void seshat_rounds_record(seshat_rounds *r, seshat_round_fn fn, void *ctx);
void seshat_rounds_free(seshat_rounds *r);

#endif

/* contention.h - [network] contention = on: messages share SimGrid's links.
 *
 * Runs in the (single) model rank on the relay path. Every transfer is a
 * SimGrid flow in one engine; the engine only advances as far as no
 * message that could still be reported can change: each application
 * rank's promise (the floor of its reports, or, while it waits for an
 * answer, the earliest answer it can still get) plus the lookahead, the
 * smallest route latency. The protocol and its deadlock-freedom argument:
 * docs/models.md, "Contention". */
#ifndef SESHAT_CONTENTION_H
#define SESHAT_CONTENTION_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "wire/wire.h"

typedef struct seshat_cn seshat_cn;

/* Where answers go: `dst` is the application rank's world rank. */
typedef void (*seshat_cn_send_fn)(void *ctx, int dst, const seshat_answer *a);
/* A point-to-point message's last byte arrived at `arrival` (message log). */
typedef void (*seshat_cn_log_fn)(void *ctx, const seshat_envelope *e, int64_t arrival);

/* `m` is the loaded simgrid model (seshat_sg_model_load has checked
 * that the lookahead is positive); `cfg` gives each collective its
 * factor (seshat_config_coll_factor). */
seshat_cn *seshat_cn_new(const seshat_model *m, const seshat_config *cfg, int napp,
                         seshat_cn_send_fn send, seshat_cn_log_fn log, void *ctx);
void seshat_cn_free(seshat_cn *cn);

/* The messages of wire.h, as the model rank receives them. */
void seshat_cn_envelope(seshat_cn *cn, const seshat_envelope *e);
void seshat_cn_post(seshat_cn *cn, int from, const seshat_post *p);
void seshat_cn_coll(seshat_cn *cn, const seshat_coll_entry *e);
void seshat_cn_block(seshat_cn *cn, int from, const seshat_block *b);
void seshat_cn_fin(seshat_cn *cn, int from);

/* Advance the engine as far as is safe, answering what became final. */
void seshat_cn_advance(seshat_cn *cn);

/* Counters for the end-of-run debug line and the benchmark. */
typedef struct seshat_cn_stats {
    long long flows, steps, answers, late;
    double engine_s;   /* wall time inside SimGrid */
} seshat_cn_stats;
seshat_cn_stats seshat_cn_get_stats(const seshat_cn *cn);
/* One line for the watchdog: the engine's clock, flows, each rank's promise. */
void seshat_cn_describe(const seshat_cn *cn, char *buf, size_t n);

#endif

/* backend.h - how a model rank times what application ranks report on
 * the relay path: one interface, two backends, no backend `if` in
 * server.c.
 *   stateless.c     each message and collective from the model alone
 *                   (contention = off): answers at once;
 *   conservative.c  contention = on: every transfer a flow in one SimGrid
 *                   engine, advanced as far as the ranks' promises allow
 *                   (contention.c, cn_coll.c; docs/models.md, "Contention"). */
#ifndef SESHAT_BACKEND_H
#define SESHAT_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "model/model.h"
#include "wire/wire.h"

/* Where a backend's results go (server.c); `ctx` is the server's. */
typedef struct seshat_backend_io {
    void *ctx;
    /* An answer for application rank `dst` (SESHAT_TAG_ANSWER). */
    void (*answer)(void *ctx, int dst, const seshat_answer *a);
    /* A rendezvous sender's completion time (SESHAT_TAG_REPLY0 + seq). */
    void (*reply)(void *ctx, int dst, int seq, int64_t sender_done);
    /* The message log: `e` took net_ns on the network. */
    void (*log)(void *ctx, const seshat_envelope *e, int64_t net_ns);
} seshat_backend_io;

typedef struct seshat_backend {
    const char *name;
    void *self;
    /* The messages of wire.h, as the model rank receives them. */
    void (*envelope)(void *self, const seshat_envelope *e);
    void (*post)(void *self, int from, const seshat_post *p);
    void (*coll)(void *self, const seshat_coll_entry *e);
    void (*block)(void *self, int from, const seshat_block *b);
    void (*fin)(void *self, int from);
    /* After each message: answer what became final. */
    void (*advance)(void *self);
    /* One line for the watchdog ("" if nothing to say). */
    void (*describe)(const void *self, char *buf, size_t n);
    /* End of the run: the summary line if `summary`, then free. */
    void (*finish)(void *self, int summary);
} seshat_backend;

/* The two backends (server.c picks one); 0, or -1 if out of memory. */
int seshat_backend_stateless(seshat_backend *b, const seshat_model *m, const seshat_config *cfg,
                             const seshat_backend_io *io);
int seshat_backend_conservative(seshat_backend *b, const seshat_model *m,
                                const seshat_config *cfg, int napp, const seshat_backend_io *io);

#endif

/* backend.h - how a model rank times what application ranks report on
 * the relay path: one interface, three backends, no backend `if` in
 * server.c.
 *   stateless.c     each message and collective from the model alone
 *                   (contention = off): answers at once;
 *   conservative.c  contention = on: every transfer a flow in one SimGrid
 *                   engine, advanced as far as the ranks' promises allow
 *                   (contention.c, cn_coll.c; docs/models.md, "Contention");
 *   forward.c       contention = on with per-node model ranks, on every
 *                   model rank but the engine's (world rank N): its node's
 *                   reports go to the engine in batches (docs/cluster.md). */
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
    /* forward.c: send `bytes` of seshat_fwd_item to the engine
     * (SESHAT_TAG_FWD); 1 if another report already waits to be received. */
    void (*forward)(void *ctx, int engine, const void *buf, int bytes);
    int (*pending)(void *ctx);
} seshat_backend_io;

/* One forwarded report: the wire.h message `tag` that application rank
 * `from` sent to its node's model rank. */
typedef struct seshat_fwd_item {
    int32_t tag, from;
    union {
        seshat_envelope e;
        seshat_post p;
        seshat_coll_entry c;
        seshat_block b;
    } u;
} seshat_fwd_item;
/* A batch is sent eagerly, over shared memory as over TCP (64 KiB). */
#define SESHAT_FWD_MAX 48
_Static_assert(SESHAT_FWD_MAX * sizeof(seshat_fwd_item) + SESHAT_PML_HEADER_ROOM <=
                   SESHAT_SHM_EAGER_LIMIT,
               "a forwarded batch is sent eagerly");

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

/* The backends (server.c picks one); 0, or -1 if out of memory. */
int seshat_backend_stateless(seshat_backend *b, const seshat_model *m, const seshat_config *cfg,
                             const seshat_backend_io *io);
int seshat_backend_conservative(seshat_backend *b, const seshat_model *m,
                                const seshat_config *cfg, int napp, const seshat_backend_io *io);
/* forward.c: model rank `me` forwards to the engine's world rank. */
int seshat_backend_forward(seshat_backend *b, int me, int engine, const seshat_backend_io *io);
/* The engine: hand a batch's n items to `be` in order. Returns how many
 * were FIN, or -1 if an item is malformed (rank outside 0..napp-1, tag). */
int seshat_forward_deliver(const seshat_backend *be, const seshat_fwd_item *it, int n, int napp);

#endif

/* ordinals.h - per-key message counters, (peer world rank, communicator
 * id, tag) -> next ordinal. Under contention the model answers messages
 * in arrival order, not send order; the sender numbers each message of a
 * key and the receiver takes the answers of a key in that order, the
 * order in which MPI matches them (non-overtaking). */
#ifndef SESHAT_ORDINALS_H
#define SESHAT_ORDINALS_H

#include <stdint.h>

typedef struct seshat_ordinals seshat_ordinals;

/* The current ordinal of the key (0 for a new one); `bump` advances it. */
int32_t seshat_ordinal(seshat_ordinals **map, int peer, int32_t comm_id, int tag, int bump);
void seshat_ordinals_free(seshat_ordinals **map);

#endif

/* ordinals.c - an open-addressing hash of per-key counters (ordinals.h). */
#include <stdlib.h>

#include "rank/ordinals.h"

struct slot { int peer, tag; int32_t comm_id, next; int used; };

struct seshat_ordinals {
    struct slot *s;
    size_t cap, n;               /* cap: a power of two */
};

static size_t hash(int peer, int32_t comm_id, int tag)
{
    uint64_t h = (uint64_t)(uint32_t)peer * 0x9E3779B97F4A7C15u;
    h ^= (uint64_t)(uint32_t)comm_id * 0xC2B2AE3D27D4EB4Fu;
    h ^= (uint64_t)(uint32_t)tag * 0x165667B19E3779F9u;
    return (size_t)(h ^ (h >> 29));
}

static struct slot *find(struct seshat_ordinals *m, int peer, int32_t comm_id, int tag)
{
    for (size_t i = hash(peer, comm_id, tag) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        struct slot *s = &m->s[i];
        if (!s->used || (s->peer == peer && s->comm_id == comm_id && s->tag == tag))
            return s;
    }
}

static void grow(struct seshat_ordinals *m)
{
    struct seshat_ordinals bigger = { calloc(m->cap * 2, sizeof *m->s), m->cap * 2, m->n };
    for (size_t i = 0; i < m->cap; i++)
        if (m->s[i].used)
            *find(&bigger, m->s[i].peer, m->s[i].comm_id, m->s[i].tag) = m->s[i];
    free(m->s);
    *m = bigger;
}

int32_t seshat_ordinal(seshat_ordinals **map, int peer, int32_t comm_id, int tag, int bump)
{
    struct seshat_ordinals *m = *map;
    if (!m) {
        m = *map = calloc(1, sizeof *m);
        m->cap = 64;
        m->s = calloc(m->cap, sizeof *m->s);
    }
    if (2 * (m->n + 1) > m->cap)
        grow(m);
    struct slot *s = find(m, peer, comm_id, tag);
    if (!s->used) {
        *s = (struct slot){ peer, tag, comm_id, 0, 1 };
        m->n++;
    }
    return bump ? s->next++ : s->next;
}

void seshat_ordinals_free(seshat_ordinals **map)
{
    if (*map)
        free((*map)->s);
    free(*map);
    *map = NULL;
}

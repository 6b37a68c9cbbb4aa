/* comms.c - the communicator table: for every communicator the program
 * uses, an id agreed by its members, the world rank of each peer, and the
 * shadow duplicate that carries direct-path envelopes. */
#include <stdint.h>
#include <stdlib.h>

#include "common/log.h"
#include "core/core.h"
#include "trace/trace.h"

#define NBUCKETS 256

struct entry {
    seshat_comm info;
    struct entry *next;
};

static struct entry *buckets[NBUCKETS];
static struct entry *last_hit;
static int32_t next_id = 1;
static int live;   /* entries, for the warning near Open MPI's limit */

static unsigned bucket_of(MPI_Comm c)
{
    uintptr_t p = (uintptr_t)c;
    return (unsigned)((p >> 4) ^ (p >> 12)) % NBUCKETS;
}

seshat_comm *seshat_comm_lookup(MPI_Comm comm)
{
    if (last_hit && last_hit->info.comm == comm)
        return &last_hit->info;
    for (struct entry *e = buckets[bucket_of(comm)]; e; e = e->next)
        if (e->info.comm == comm) {
            last_hit = e;
            return &e->info;
        }
    return NULL;
}

static int *peer_world_ranks(MPI_Comm comm, int is_inter, int *n)
{
    MPI_Group g, world;
    if (is_inter)
        seshat_real.Comm_remote_group(comm, &g);
    else
        seshat_real.Comm_group(comm, &g);
    seshat_real.Comm_group(seshat_rt.control, &world);
    seshat_real.Group_size(g, n);
    int *ranks = malloc(sizeof(int) * (size_t)*n);
    int *out = malloc(sizeof(int) * (size_t)*n);
    for (int i = 0; i < *n; i++)
        ranks[i] = i;
    seshat_real.Group_translate_ranks(g, *n, ranks, world, out);
    seshat_real.Group_free(&g);
    seshat_real.Group_free(&world);
    free(ranks);
    return out;
}

/* An id all members agree on: the largest next id among them (twice
 * across an intercommunicator, whose allreduce returns the other side's). */
static int32_t agree_id(MPI_Comm comm, int is_inter)
{
    int32_t mine = next_id, agreed;
    seshat_real.Allreduce(&mine, &agreed, 1, MPI_INT32_T, MPI_MAX, comm);
    if (is_inter) {
        mine = agreed > next_id ? agreed : next_id;
        seshat_real.Allreduce(&mine, &agreed, 1, MPI_INT32_T, MPI_MAX, comm);
    }
    next_id = agreed + 1;
    return agreed;
}

static int min_world(MPI_Group g)
{
    MPI_Group world;
    int n, m = -1;
    seshat_real.Comm_group(seshat_rt.control, &world);
    seshat_real.Group_size(g, &n);
    for (int i = 0; i < n; i++) {
        int w;
        seshat_real.Group_translate_ranks(g, 1, &i, world, &w);
        if (m < 0 || w < m)
            m = w;
    }
    seshat_real.Group_free(&world);
    return m;
}

/* Both groups of an intercommunicator in one communicator, the group with
 * the lowest world rank first (every member computes the same order). */
static void merge_groups(seshat_comm *c)
{
    MPI_Group local, remote;
    seshat_real.Comm_group(c->comm, &local);
    seshat_real.Comm_remote_group(c->comm, &remote);
    int high = min_world(local) > min_world(remote), lsize;
    seshat_real.Group_size(local, &lsize);
    seshat_real.Group_free(&local);
    seshat_real.Group_free(&remote);
    seshat_real.Intercomm_merge(c->comm, high, &c->merged);
    seshat_real.Comm_rank(c->merged, &c->merged_rank);
    c->low_size = high ? c->peer_size : lsize;
}

static void add_entry(MPI_Comm comm, int32_t id)
{
    struct entry *e = calloc(1, sizeof *e);
    e->info.comm = comm;
    seshat_real.Comm_test_inter(comm, &e->info.is_inter);
    e->info.id = id;
    e->info.peer_world = peer_world_ranks(comm, e->info.is_inter, &e->info.peer_size);
    seshat_real.Comm_rank(comm, &e->info.my_rank);
    e->info.merged = MPI_COMM_NULL;
    if (e->info.is_inter)
        merge_groups(&e->info);
    /* the shadow carries direct-path envelopes and every path's
     * neighborhood-collective exchanges */
    /* Said before the program's own creations start failing (Open MPI
     * returns MPI_ERR_INTERN then, which names no limit). */
    if (++live == 30000)
        seshat_warn("30000 live communicators: Open MPI allows about 65,000 and seshat keeps "
                    "a shadow of each, so creating more fails from about 32,700 "
                    "(MPI_ERR_INTERN)");
    if (seshat_real.Comm_dup(comm, &e->info.shadow) != MPI_SUCCESS) {
        /* Open MPI's limit on live communicators (ob1: 16-bit context ids,
         * about 65,000); every communicator also has seshat's shadow. */
        seshat_error("cannot create seshat's shadow of communicator %d: Open MPI's limit on "
                     "live communicators is reached (about 65,000, and seshat doubles each of "
                     "the program's: about 32,000 left to it); free communicators no longer "
                     "used", (int)id);
        seshat_real.Abort(MPI_COMM_WORLD, 1);
    }
    seshat_trace_comm(id, e->info.peer_size, e->info.peer_world);
    unsigned b = bucket_of(comm);
    e->next = buckets[b];
    buckets[b] = e;
}

int seshat_comms_init(MPI_Comm app)
{
    add_entry(app, 0);
    add_entry(MPI_COMM_SELF, -1);
    return 0;
}

void seshat_comm_register(MPI_Comm comm)
{
    if (comm == MPI_COMM_NULL || seshat_comm_lookup(comm))
        return;
    int inter;
    seshat_real.Comm_test_inter(comm, &inter);
    add_entry(comm, agree_id(comm, inter));
}

static void free_entry(struct entry *e)
{
    live--;
    if (e->info.shadow != MPI_COMM_NULL)
        seshat_real.Comm_free(&e->info.shadow);
    if (e->info.merged != MPI_COMM_NULL)
        seshat_real.Comm_free(&e->info.merged);
    free(e->info.peer_world);
    free(e);
}

void seshat_comm_unregister(MPI_Comm comm)
{
    for (struct entry **p = &buckets[bucket_of(comm)]; *p; p = &(*p)->next)
        if ((*p)->info.comm == comm) {
            struct entry *e = *p;
            *p = e->next;
            if (last_hit == e)
                last_hit = NULL;
            free_entry(e);
            return;
        }
}

void seshat_comms_fini(void)
{
    for (int b = 0; b < NBUCKETS; b++)
        while (buckets[b]) {
            struct entry *e = buckets[b];
            buckets[b] = e->next;
            free_entry(e);
        }
    last_hit = NULL;
}

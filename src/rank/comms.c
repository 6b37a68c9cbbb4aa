/* comms.c - the communicator table: for every communicator the program
 * uses, an id agreed by its members, the world rank of each peer, and the
 * shadow duplicate that carries direct-path envelopes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "common/log.h"
#include "rank/core.h"
#include "rank/inbox.h"
#include "trace/trace.h"

#define NBUCKETS 256

struct entry {
    seshat_comm info;
    struct entry *next;
};

/* Live communicators at which the program is warned: Open MPI allows
 * about 65,000 and seshat keeps a shadow of each (the warning's text). */
enum { SESHAT_COMMS_WARN = 30000 };

/* This rank's communicator table: one instance per process. */
static struct {
    struct entry *buckets[NBUCKETS];
    struct entry *last_hit;
    int32_t next_id;
    int live;   /* entries, for the warning near Open MPI's limit */
    seshat_wait_req_fn wait;   /* seshat_comms_init's: waits for seshat's own requests */
    void *wait_ctx;
} ct = { .next_id = 1 };

static unsigned bucket_of(MPI_Comm c)
{
    uintptr_t p = (uintptr_t)c;
    return (unsigned)((p >> 4) ^ (p >> 12)) % NBUCKETS;
}

seshat_comm *seshat_comm_lookup(MPI_Comm comm)
{
    if (ct.last_hit && ct.last_hit->info.comm == comm)
        return &ct.last_hit->info;
    for (struct entry *e = ct.buckets[bucket_of(comm)]; e; e = e->next)
        if (e->info.comm == comm) {
            ct.last_hit = e;
            return &e->info;
        }
    return NULL;
}

static int *peer_world_ranks(MPI_Comm comm, int is_inter, int *n)
{
    MPI_Group g, world;
    if (is_inter)
        SESHAT_CHECKED(Comm_remote_group, comm, &g);
    else
        SESHAT_CHECKED(Comm_group, comm, &g);
    SESHAT_CHECKED(Comm_group, seshat_rt.control, &world);
    SESHAT_CHECKED(Group_size, g, n);
    int *ranks = seshat_xmalloc(sizeof(int) * (size_t)*n);
    int *out = seshat_xmalloc(sizeof(int) * (size_t)*n);
    for (int i = 0; i < *n; i++)
        ranks[i] = i;
    SESHAT_CHECKED(Group_translate_ranks, g, *n, ranks, world, out);
    SESHAT_CHECKED(Group_free, &g);
    SESHAT_CHECKED(Group_free, &world);
    free(ranks);
    return out;
}

static int32_t max_over(MPI_Comm comm, int32_t mine)
{
    int32_t agreed;
    MPI_Request rq;
    SESHAT_CHECKED(Iallreduce, &mine, &agreed, 1, MPI_INT32_T, MPI_MAX, comm, &rq);
    seshat_ctl(seshat_rt.wait(&rq, "every member to agree on the new communicator's id"),
               "Wait(communicator id)");
    return agreed;
}

/* An id all members agree on: the largest next id among them (twice
 * across an intercommunicator, whose allreduce returns the other side's).
 * Every member is here once it has passed: the shadow's creation that
 * follows cannot wait for an absent one. */
static int32_t agree_id(MPI_Comm comm, int is_inter)
{
    int32_t agreed = max_over(comm, ct.next_id);
    if (is_inter)
        agreed = max_over(comm, agreed > ct.next_id ? agreed : ct.next_id);
    ct.next_id = agreed + 1;
    return agreed;
}

static int min_world(MPI_Group g)
{
    MPI_Group world;
    int n, m = -1;
    SESHAT_CHECKED(Comm_group, seshat_rt.control, &world);
    SESHAT_CHECKED(Group_size, g, &n);
    for (int i = 0; i < n; i++) {
        int w;
        SESHAT_CHECKED(Group_translate_ranks, g, 1, &i, world, &w);
        if (m < 0 || w < m)
            m = w;
    }
    SESHAT_CHECKED(Group_free, &world);
    return m;
}

/* Both groups of an intercommunicator in one communicator, the group with
 * the lowest world rank first (every member computes the same order). */
static void merge_groups(seshat_comm *c)
{
    MPI_Group local, remote;
    SESHAT_CHECKED(Comm_group, c->comm, &local);
    SESHAT_CHECKED(Comm_remote_group, c->comm, &remote);
    int high = min_world(local) > min_world(remote), lsize;
    SESHAT_CHECKED(Group_size, local, &lsize);
    SESHAT_CHECKED(Group_free, &local);
    SESHAT_CHECKED(Group_free, &remote);
    SESHAT_CHECKED(Intercomm_merge, c->comm, high, &c->merged);
    SESHAT_CHECKED(Comm_rank, c->merged, &c->merged_rank);
    c->low_size = high ? c->peer_size : lsize;
}

/* The comm's topology, recreated on s (same size and order, no reorder). */
static MPI_Comm with_topology(MPI_Comm comm, MPI_Comm s)
{
    int topo = MPI_UNDEFINED, a = 0, b = 0, w = 0;
    MPI_Comm t = MPI_COMM_NULL;
    SESHAT_CHECKED(Topo_test, comm, &topo);
    if (topo == MPI_CART) {
        SESHAT_CHECKED(Cartdim_get, comm, &a);
        int *dims = seshat_xmalloc(sizeof(int) * (size_t)(3 * a + 1)), *periods = dims + a,
            *coords = periods + a;
        SESHAT_CHECKED(Cart_get, comm, a, dims, periods, coords);
        SESHAT_CHECKED(Cart_create, s, a, dims, periods, 0, &t);
        free(dims);
    } else if (topo == MPI_GRAPH) {
        SESHAT_CHECKED(Graphdims_get, comm, &a, &b);
        int *index = seshat_xmalloc(sizeof(int) * (size_t)(a + b + 1)), *edges = index + a;
        SESHAT_CHECKED(Graph_get, comm, a, b, index, edges);
        SESHAT_CHECKED(Graph_create, s, a, index, edges, 0, &t);
        free(index);
    } else if (topo == MPI_DIST_GRAPH) {
        SESHAT_CHECKED(Dist_graph_neighbors_count, comm, &a, &b, &w);
        int *v = seshat_xmalloc(sizeof(int) * (size_t)(2 * (a + b) + 1)), *sw = v + a,
            *dst = sw + a, *dw = dst + b;
        SESHAT_CHECKED(Dist_graph_neighbors, comm, a, v, sw, b, dst, dw);
        SESHAT_CHECKED(Dist_graph_create_adjacent, s, a, v, w ? sw : MPI_UNWEIGHTED, b, dst,
                       w ? dw : MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &t);
        free(v);
    } else {
        return s;
    }
    SESHAT_CHECKED(Comm_free, &s);
    return t;
}

/* The tag of shadow creations on the real world (nothing else of seshat's
 * or the program's creates from it). */
enum { SHADOW_TAG = 29 };

/* A private communicator congruent to comm, with its topology: not a
 * dup, so the program's attribute callbacks never run for it. An
 * intracommunicator's shadow is made from its group on the real world:
 * Open MPI agrees on a new context id for one parent at a time, the
 * parent with the lowest id first, so a creation on comm itself would
 * wait for a Comm_idup another member has not even started (it is still
 * in this creation): the world's id is the lowest. An intercommunicator's
 * is a split of it. */
static MPI_Comm make_shadow(MPI_Comm comm, int is_inter)
{
    MPI_Comm s;
    MPI_Group g;
    int rank, rc;
    if (is_inter) {
        SESHAT_CHECKED(Comm_rank, comm, &rank);
        return seshat_real.Comm_split(comm, 0, rank, &s) == MPI_SUCCESS ? s : MPI_COMM_NULL;
    }
    SESHAT_CHECKED(Comm_group, comm, &g);
    rc = seshat_real.Comm_create_group(MPI_COMM_WORLD, g, SHADOW_TAG, &s);
    SESHAT_CHECKED(Group_free, &g);
    return rc == MPI_SUCCESS ? with_topology(comm, s) : MPI_COMM_NULL;
}

/* A new entry; `shadow` and `merged` are made here when MPI_COMM_NULL. */
static void add_entry_with(MPI_Comm comm, int32_t id, MPI_Comm shadow, MPI_Comm merged)
{
    struct entry *e = seshat_xcalloc(1, sizeof *e);
    e->info.comm = comm;
    SESHAT_CHECKED(Comm_test_inter, comm, &e->info.is_inter);
    e->info.id = id;
    e->info.peer_world = peer_world_ranks(comm, e->info.is_inter, &e->info.peer_size);
    SESHAT_CHECKED(Comm_rank, comm, &e->info.my_rank);
    e->info.merged = merged;
    if (e->info.is_inter && merged == MPI_COMM_NULL)
        merge_groups(&e->info);
    /* the shadow carries direct-path envelopes and every path's
     * neighborhood-collective exchanges */
    /* Said before the program's own creations start failing (Open MPI
     * returns MPI_ERR_INTERN then, which names no limit). */
    if (++ct.live == SESHAT_COMMS_WARN)
        seshat_warn("30000 live communicators: Open MPI allows about 65,000 and seshat keeps "
                    "a shadow of each, so creating more fails from about 32,700 "
                    "(MPI_ERR_INTERN)");
    e->info.shadow = shadow != MPI_COMM_NULL ? shadow : make_shadow(comm, e->info.is_inter);
    if (e->info.shadow == MPI_COMM_NULL) {
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
    e->next = ct.buckets[b];
    ct.buckets[b] = e;
}

static void add_entry(MPI_Comm comm, int32_t id)
{
    add_entry_with(comm, id, MPI_COMM_NULL, MPI_COMM_NULL);
}

/* ---- MPI_Comm_idup: no blocking collective anywhere ----
 * The shadow (and an intercommunicator's merged groups) are idups of the
 * parent's, which carry no program attributes; the id is derived from the
 * parent's id and its idup count, the same on every member, in a range
 * agree_id never reaches (ids there count communicators, < 2^30). */
struct seshat_idup {
    MPI_Comm comm, shadow, merged;
    MPI_Request req[2];
    int32_t id;
    int low_size;
};

static int32_t idup_id(seshat_comm *parent)
{
    uint32_t h = (uint32_t)parent->id * 2654435761u ^ (uint32_t)parent->idups++ * 40503u;
    h ^= h >> 15;
    return (int32_t)(0x40000000u | (h & 0x3fffffffu));
}

void seshat_comm_idup_post(seshat_op *op, seshat_comm *parent, MPI_Comm newcomm)
{
    struct seshat_idup *d = seshat_xcalloc(1, sizeof *d);
    d->comm = newcomm;
    d->id = idup_id(parent);
    d->req[0] = d->req[1] = MPI_REQUEST_NULL;
    d->shadow = d->merged = MPI_COMM_NULL;
    SESHAT_CHECKED(Comm_idup, parent->shadow, &d->shadow, &d->req[0]);
    if (parent->is_inter) {
        SESHAT_CHECKED(Comm_idup, parent->merged, &d->merged, &d->req[1]);
        d->low_size = parent->low_size;
    }
    op->idup = d;
}

void seshat_comm_idup_finish(seshat_op *op)
{
    struct seshat_idup *d = op->idup;
    if (!d)
        return;
    op->idup = NULL;
    for (int i = 0; i < 2; i++)
        seshat_ctl(ct.wait(ct.wait_ctx, &d->req[i]), "Wait(Comm_idup)");
    if (!seshat_comm_lookup(d->comm)) {
        add_entry_with(d->comm, d->id, d->shadow, d->merged);
        seshat_comm *c = seshat_comm_lookup(d->comm);
        if (c->is_inter) {
            SESHAT_CHECKED(Comm_rank, c->merged, &c->merged_rank);
            c->low_size = d->low_size;
        }
    }
    free(d);
}

int seshat_comms_init(MPI_Comm app, seshat_wait_req_fn wait, void *ctx)
{
    ct.wait = wait;
    ct.wait_ctx = ctx;
    SESHAT_CHECKED(Comm_set_name, app, "MPI_COMM_WORLD");
    add_entry(app, 0);
    add_entry(MPI_COMM_SELF, -1);
    return 0;
}

void seshat_comm_register(MPI_Comm comm)
{
    if (comm == MPI_COMM_NULL || seshat_comm_lookup(comm))
        return;
    int inter;
    SESHAT_CHECKED(Comm_test_inter, comm, &inter);
    add_entry(comm, agree_id(comm, inter));
}

static void free_entry(struct entry *e)
{
    seshat_inbox_forget(&e->info);
    ct.live--;
    if (e->info.shadow != MPI_COMM_NULL)
        SESHAT_CHECKED(Comm_free, &e->info.shadow);
    if (e->info.merged != MPI_COMM_NULL)
        SESHAT_CHECKED(Comm_free, &e->info.merged);
    free(e->info.peer_world);
    free(e);
}

void seshat_comm_unregister(MPI_Comm comm)
{
    for (struct entry **p = &ct.buckets[bucket_of(comm)]; *p; p = &(*p)->next)
        if ((*p)->info.comm == comm) {
            struct entry *e = *p;
            *p = e->next;
            if (ct.last_hit == e)
                ct.last_hit = NULL;
            e->info.freed = 1;
            e->info.comm = MPI_COMM_NULL;   /* the handle is not ours any more */
            if (e->info.refs == 0)
                free_entry(e);
            return;
        }
}

_Static_assert(offsetof(struct entry, info) == 0, "an entry starts with its seshat_comm");

void seshat_comm_hold(seshat_comm *c) { c->refs++; }

void seshat_comm_release(seshat_comm *c)
{
    if (--c->refs == 0 && c->freed)
        free_entry((struct entry *)c);
}

void seshat_comms_fini(void)
{
    for (int b = 0; b < NBUCKETS; b++)
        while (ct.buckets[b]) {
            struct entry *e = ct.buckets[b];
            ct.buckets[b] = e->next;
            /* the program's world: freeing it runs the delete callbacks of
             * its attributes, as the real world's finalization does */
            if (e->info.id == 0)
                seshat_real.Comm_free(&e->info.comm);
            free_entry(e);
        }
    ct.last_hit = NULL;
}

/* conformance-np: 3 (ranks tests/mpi/run_conformance.sh starts) */
/* attr.c - MPI-3.1 chapter 6.7 (caching) and 6.8 (naming): the program's
 * world reads as a real one (its name, predefined attributes, group,
 * comparisons, topology), and attribute copy and delete callbacks run
 * exactly as often as natively, on the program's communicators, for
 * communicators it duplicates and frees; seshat's own communicators never
 * run them. */
#include "conf.h"

static int copies, deletes;

static int copy_fn(MPI_Comm old, int key, void *extra, void *in, void *outv, int *flag)
{
    (void)key; (void)extra;
    copies++;
    out("copy callback on world %d self %d", old == MPI_COMM_WORLD, old == MPI_COMM_SELF);
    *(void **)outv = (char *)in + 1;   /* the copy's value is one more */
    *flag = 1;
    return MPI_SUCCESS;
}

static int delete_fn(MPI_Comm c, int key, void *val, void *extra)
{
    (void)key; (void)extra;
    deletes++;
    out("delete callback value %ld on world %d self %d", (long)(intptr_t)val, c == MPI_COMM_WORLD,
        c == MPI_COMM_SELF);
    return MPI_SUCCESS;
}

static void world_identity(void)
{
    char name[MPI_MAX_OBJECT_NAME];
    int len, flag, *v, size, result;
    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    out("world name '%s' len %d", name, len);
    MPI_Comm_get_name(MPI_COMM_SELF, name, &len);
    out("self name '%s' len %d", name, len);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &v, &flag);
    out("universe size flag %d value %d", flag, flag ? *v : -1);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &v, &flag);
    out("appnum flag %d value %d", flag, flag ? *v : -1);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &v, &flag);
    out("wtime_is_global flag %d value %d", flag, flag ? *v : -1);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &v, &flag);
    out("tag_ub flag %d at least 32767 %d", flag, flag && *v >= 32767);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_HOST, &v, &flag);
    out("host flag %d", flag);
    MPI_Attr_get(MPI_COMM_WORLD, MPI_IO, &v, &flag);
    out("io flag %d", flag);
    MPI_Comm_get_attr(MPI_COMM_SELF, MPI_UNIVERSE_SIZE, &v, &flag);
    out("self universe flag %d value %d", flag, flag ? *v : -1);
    int topo;
    MPI_Topo_test(MPI_COMM_WORLD, &topo);
    out("world topology undefined %d", topo == MPI_UNDEFINED);
    MPI_Comm_test_inter(MPI_COMM_WORLD, &flag);
    out("world is inter %d", flag);
    MPI_Comm_compare(MPI_COMM_WORLD, MPI_COMM_WORLD, &result);
    out("compare world world ident %d", result == MPI_IDENT);
    MPI_Comm_compare(MPI_COMM_WORLD, MPI_COMM_SELF, &result);
    out("compare world self unequal %d similar %d", result == MPI_UNEQUAL, result == MPI_SIMILAR);
    MPI_Comm d;
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Comm_compare(MPI_COMM_WORLD, d, &result);
    out("compare world dup congruent %d", result == MPI_CONGRUENT);
    MPI_Comm_get_name(d, name, &len);
    out("dup name '%s'", name);
    MPI_Comm_set_name(d, "mine");
    MPI_Comm_get_name(d, name, &len);
    out("dup renamed '%s'", name);
    MPI_Comm_free(&d);
    MPI_Group wg, sg;
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Group_size(wg, &size);
    MPI_Group_rank(wg, &len);
    out("world group size %d rank %d", size, len);
    MPI_Comm_group(MPI_COMM_SELF, &sg);
    MPI_Group_compare(wg, sg, &result);
    out("group world vs self unequal %d", result == MPI_UNEQUAL);
    int zero = 0, t;
    MPI_Group_translate_ranks(sg, 1, &zero, wg, &t);
    out("self rank in world %d", t);
    MPI_Group_free(&wg);
    MPI_Group_free(&sg);
    MPI_Comm_set_name(MPI_COMM_WORLD, "renamed world");
    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    out("world renamed '%s'", name);
    MPI_Comm_set_name(MPI_COMM_WORLD, "MPI_COMM_WORLD");
}

/* Copy and delete callbacks: on a dup of world, dups of dups, an idup,
 * and on frees; the counts must be native's. */
static void callbacks(void)
{
    int key, key_nocopy, flag;
    void *val;
    MPI_Comm_create_keyval(copy_fn, delete_fn, &key, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_fn, &key_nocopy, NULL);
    MPI_Comm a, b, c;
    MPI_Comm_dup(MPI_COMM_WORLD, &a);
    MPI_Comm_set_attr(a, key, (void *)(intptr_t)100);
    MPI_Comm_set_attr(a, key_nocopy, (void *)(intptr_t)200);
    MPI_Comm_dup(a, &b);
    out("after dup: copies %d deletes %d", copies, deletes);
    MPI_Comm_get_attr(b, key, &val, &flag);
    out("dup has key flag %d value %ld", flag, flag ? (long)(intptr_t)val : -1L);
    MPI_Comm_get_attr(b, key_nocopy, &val, &flag);
    out("dup has nocopy key flag %d", flag);
    MPI_Request rq;
    MPI_Comm_idup(b, &c, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    out("after idup: copies %d deletes %d", copies, deletes);
    MPI_Comm_get_attr(c, key, &val, &flag);
    out("idup has key flag %d value %ld", flag, flag ? (long)(intptr_t)val : -1L);
    MPI_Comm_set_attr(b, key, (void *)(intptr_t)300);   /* replaces: deletes the old */
    out("after set again: copies %d deletes %d", copies, deletes);
    MPI_Comm_delete_attr(b, key);
    out("after delete_attr: copies %d deletes %d", copies, deletes);
    MPI_Comm_free(&c);
    MPI_Comm_free(&b);
    MPI_Comm_free(&a);
    out("after frees: copies %d deletes %d", copies, deletes);
    /* world and self: set, dup world, free the dup */
    MPI_Comm_set_attr(MPI_COMM_WORLD, key, (void *)(intptr_t)1000);
    MPI_Comm_set_attr(MPI_COMM_SELF, key, (void *)(intptr_t)2000);
    MPI_Comm_dup(MPI_COMM_WORLD, &a);
    MPI_Comm_get_attr(a, key, &val, &flag);
    out("world dup has key flag %d value %ld", flag, flag ? (long)(intptr_t)val : -1L);
    MPI_Comm_free(&a);
    /* communicators from split, create, cart_create copy nothing */
    MPI_Comm_split(MPI_COMM_WORLD, 0, 0, &a);
    MPI_Comm_get_attr(a, key, &val, &flag);
    out("split has key flag %d", flag);
    MPI_Comm_free(&a);
    out("before finalize: copies %d deletes %d", copies, deletes);
    MPI_Comm_free_keyval(&key_nocopy);
    out("keyval freed null %d", key_nocopy == MPI_KEYVAL_INVALID);
    /* key stays: world's and self's attributes are deleted at finalize */
    /* the MPI-1 forms */
    int old;
    MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &old, NULL);
    MPI_Attr_put(MPI_COMM_WORLD, old, (void *)(intptr_t)7);
    MPI_Attr_get(MPI_COMM_WORLD, old, &val, &flag);
    out("attr_get flag %d value %ld", flag, flag ? (long)(intptr_t)val : -1L);
    MPI_Attr_delete(MPI_COMM_WORLD, old);
    MPI_Attr_get(MPI_COMM_WORLD, old, &val, &flag);
    out("after attr_delete flag %d", flag);
    MPI_Keyval_free(&old);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    world_identity();
    callbacks();
    MPI_Barrier(MPI_COMM_WORLD);
    out("done");
    MPI_Finalize();
    return 0;
}

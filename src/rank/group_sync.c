/* group_sync.c - contention = on: MPI_Comm_create_group synchronizes its
 * group through the model before the real call (promises.h). The group is
 * no communicator seshat knows, so the synchronization gets a key of its
 * own that every member computes alike: a negative id (communicator ids
 * are >= 0) hashed from the parent's id, the tag and the members' world
 * ranks, its member 0 as leader, and how many such calls this rank made
 * with that id before as the sequence number (each member makes all of
 * them: the call is collective over the group, in order per tag). */
#include <stdlib.h>

#include "rank/ordinals.h"
#include "rank/path.h"
#include "rank/progress.h"
#include "rank/promises.h"

/* Calls made per id: one instance per process (one rank). */
static seshat_ordinals *made;

/* The members' world ranks; returns their count, *me this rank's index
 * (MPI_UNDEFINED outside the group). */
static int members(MPI_Group group, int **world, int *me)
{
    int n = 0;
    MPI_Group wg;
    SESHAT_CHECKED(Group_size, group, &n);
    SESHAT_CHECKED(Group_rank, group, me);
    int *idx = seshat_xmalloc(sizeof *idx * (size_t)(n > 0 ? n : 1));
    *world = seshat_xmalloc(sizeof **world * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++)
        idx[i] = i;
    SESHAT_CHECKED(Comm_group, MPI_COMM_WORLD, &wg);
    SESHAT_CHECKED(Group_translate_ranks, group, n, idx, wg, *world);
    SESHAT_CHECKED(Group_free, &wg);
    free(idx);
    return n;
}

static int32_t group_id(const seshat_comm *parent, int tag, const int *world, int n)
{
    uint32_t h = (uint32_t)parent->id * 2654435761u ^ (uint32_t)tag * 40503u;
    for (int i = 0; i < n; i++)
        h = (h ^ (uint32_t)world[i]) * 16777619u;
    h ^= h >> 15;
    return (int32_t)(0x80000000u | (h & 0x3fffffffu));
}

void seshat_promises_sync_group(const seshat_comm *parent, MPI_Group group, int tag)
{
    if (!parent || !seshat_rt.path->promises)
        return;
    int *world, me, n = members(group, &world, &me);
    if (me == MPI_UNDEFINED || n <= 0) {   /* erroneous: Open MPI says so */
        free(world);
        return;
    }
    int32_t id = group_id(parent, tag, world, n);
    int32_t seq = seshat_ordinal(&made, 0, id, 0, 1);
    seshat_coll_entry e = { id, seq, n, me, SESHAT_COLL_SYNC, 0, 0, seshat_rt.world_rank,
                            world[0], 0, seshat_clock_now(), 0, seshat_promise_floor() };
    seshat_ctl(seshat_real.Send(&e, sizeof e, MPI_BYTE, seshat_model_rank_of(world[0]),
                                SESHAT_TAG_COLL, seshat_rt.control), "Send(group synchronization)");
    seshat_reported();
    free(world);
    seshat_clock_advance_to(seshat_progress_answer(-1, id, seq, 1).arrival);
}

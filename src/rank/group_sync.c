/* group_sync.c - contention = on: calls collective over a group that is
 * no communicator seshat knows (MPI_Comm_create_group's group, a window's
 * or a file's) synchronize it through the model before the real call
 * (promises.h). The synchronization gets a key of its own that every
 * member computes alike: a negative id (communicator ids are >= 0)
 * hashed from a salt (the parent communicator's id; what the group
 * belongs to), the tag and the members' world ranks, its member 0 as
 * leader, and how many such calls this rank made with that id before as
 * the sequence number (each member makes all of them, in one order: the
 * calls are collective over the group and block). */
#include <stdlib.h>

#include "rank/ordinals.h"
#include "rank/path.h"
#include "rank/progress.h"
#include "rank/promises.h"
#include "rank/to_model.h"

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

static int32_t group_id(int32_t salt, int tag, const int *world, int n)
{
    uint32_t h = (uint32_t)salt * 2654435761u ^ (uint32_t)tag * 40503u;
    for (int i = 0; i < n; i++)
        h = (h ^ (uint32_t)world[i]) * 16777619u;
    h ^= h >> 15;
    return (int32_t)(0x80000000u | (h & 0x3fffffffu));
}

void seshat_promises_sync_group(int32_t salt, MPI_Group group, int tag)
{
    if (!seshat_rt.path->promises)
        return;
    int *world, me, n = members(group, &world, &me);
    if (me == MPI_UNDEFINED || n <= 0) {   /* erroneous: Open MPI says so */
        free(world);
        return;
    }
    int32_t id = group_id(salt, tag, world, n);
    int32_t seq = seshat_ordinal(&made, 0, id, 0, 1);
    seshat_coll_entry e = { id, seq, n, me, SESHAT_COLL_SYNC, 0, 0, seshat_rt.world_rank,
                            world[0], 0, seshat_clock_now(), 0, seshat_promise_floor() };
    seshat_to_model(&e, sizeof e, seshat_model_rank_of(world[0]), SESHAT_TAG_COLL,
                    "Send(group synchronization)");
    seshat_reported();
    free(world);
    seshat_clock_advance_to(seshat_progress_answer(-1, id, seq, 1).arrival);
}

/* Salts for the groups of windows and files ("WIN", "FIL"). */
enum { SALT_WIN = 0x57494e, SALT_FILE = 0x46494c };

void seshat_promises_sync_win(MPI_Win win)
{
    MPI_Group g;
    if (!seshat_rt.path->promises || seshat_real.Win_get_group(win, &g) != MPI_SUCCESS)
        return;   /* a bad window: the real call says so */
    seshat_promises_sync_group(SALT_WIN, g, 0);
    SESHAT_CHECKED(Group_free, &g);
}

void seshat_promises_sync_file(MPI_File fh)
{
    MPI_Group g;
    if (!seshat_rt.path->promises || seshat_real.File_get_group(fh, &g) != MPI_SUCCESS)
        return;
    seshat_promises_sync_group(SALT_FILE, g, 0);
    SESHAT_CHECKED(Group_free, &g);
}

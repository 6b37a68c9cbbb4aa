/* rma_pat.c - one-sided wait states of known size for seshat-analyze
 * (docs/patterns.md, "One-sided communication"), 3 ranks, one window of
 * 64 bytes. Virtual compute comes from MPI_Pcontrol(5309, seconds) (run
 * with clock = none and a network without latency or overheads), so
 * every wait is exact. D = 1 ms; each phase starts at a barrier's exit.
 *   late_post    rank 1 computes D, then posts to rank 0; rank 0 starts
 *                at once (Late Post D at its MPI_Win_start), puts 8 B,
 *                completes
 *   early_wait   rank 1 posts and waits at once; rank 0 starts, computes
 *                D, puts 8 B, computes D, completes (Early Wait 2D at the
 *                MPI_Win_wait, D of it Late Complete)
 *   groups       ranks 1 and 2 compute D and 2D, then post to rank 0 and
 *                wait; rank 0 starts on both at once (Late Post 2D: the
 *                latest post), puts 8 B to rank 1, completes (Early Wait
 *                D at rank 1's MPI_Win_wait, no Late Complete: the put
 *                starts when the complete does)
 *   early_fence  every rank fences; rank 0 computes D, puts 8 B to rank 1,
 *                computes D, fences (Wait at Fence 2D on ranks 1 and 2,
 *                D of rank 1's Early Fence)
 *   lock         rank 1 locks rank 0 exclusively, tells rank 2 (a 0-byte
 *                message), puts 8 B, computes D, unlocks; rank 2 then
 *                locks rank 0 exclusively (Lock Contention D in its
 *                MPI_Win_lock), puts 8 B, unlocks
 *   lock_all     the same, rank 2 under MPI_Win_lock_all: the lock is
 *                taken at its first put (Lock Contention D in MPI_Put)
 * Prints "RESULT <phase> <rank> <ns>" at each phase's end (MPI_Wtime). */
#include <mpi.h>
#include <stdio.h>

#define D 1e-3
static int rank;
static MPI_Win win;
static MPI_Group world_group;

static void compute(double s) { MPI_Pcontrol(5309, s); }

static MPI_Group one(int r)
{
    MPI_Group g;
    MPI_Group_incl(world_group, 1, &r, &g);
    return g;
}

static void put8(int target)
{
    static double x = 1;
    MPI_Put(&x, 1, MPI_DOUBLE, target, 0, 1, MPI_DOUBLE, win);
}

static void done(const char *phase)
{
    printf("RESULT %s %d %.0f\n", phase, rank, MPI_Wtime() * 1e9);
    MPI_Barrier(MPI_COMM_WORLD);
}

static void pscw(int late_post)
{
    MPI_Group g = one(rank == 0 ? 1 : 0);
    if (rank == 1) {
        if (late_post)
            compute(D);
        MPI_Win_post(g, 0, win);
        MPI_Win_wait(win);
    } else if (rank == 0) {
        MPI_Win_start(g, 0, win);
        if (!late_post)
            compute(D);
        put8(1);
        if (!late_post)
            compute(D);
        MPI_Win_complete(win);
    }
    MPI_Group_free(&g);
    done(late_post ? "late_post" : "early_wait");
}

static void groups(void)
{
    if (rank == 0) {
        int both[2] = { 1, 2 };
        MPI_Group g;
        MPI_Group_incl(world_group, 2, both, &g);
        MPI_Win_start(g, 0, win);
        put8(1);
        MPI_Win_complete(win);
        MPI_Group_free(&g);
    } else {
        MPI_Group g = one(0);
        compute(rank * D);
        MPI_Win_post(g, 0, win);
        MPI_Win_wait(win);
        MPI_Group_free(&g);
    }
    done("groups");
}

static void early_fence(void)
{
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0) {
        compute(D);
        put8(1);
        compute(D);
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    done("early_fence");
}

static void locks(int all)
{
    int token = 0;
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Send(&token, 0, MPI_INT, 2, 7, MPI_COMM_WORLD);   /* rank 2 asks after the grant */
        if (!all)
            put8(0);
        compute(D);
        MPI_Win_unlock(0, win);
    } else if (rank == 2) {
        MPI_Recv(&token, 0, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (all) {
            MPI_Win_lock_all(0, win);
            put8(0);
            MPI_Win_unlock_all(win);
        } else {
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
            put8(0);
            MPI_Win_unlock(0, win);
        }
    }
    done(all ? "lock_all" : "lock");
}

int main(int argc, char **argv)
{
    void *base;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Win_allocate(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    MPI_Barrier(MPI_COMM_WORLD);
    pscw(1);
    pscw(0);
    groups();
    early_fence();
    locks(0);
    locks(1);
    MPI_Win_free(&win);
    MPI_Group_free(&world_group);
    MPI_Finalize();
    return 0;
}

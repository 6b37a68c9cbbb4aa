/* conformance-np: 3 (ranks tests/mpi/run_conformance.sh starts) */
/* rma.c - MPI-3.1 chapter 11 (one-sided communication): windows made by
 * Win_create, Win_allocate, Win_allocate_shared and Win_create_dynamic;
 * fence, post/start/complete/wait, lock/unlock and lock_all epochs; Put,
 * Get, Accumulate, Get_accumulate, Fetch_and_op, Compare_and_swap and the
 * request-based Rput, Rget, Raccumulate, Rget_accumulate; window queries.
 * seshat runs these unmodeled (zero cost): the results must be native's. */
#include "conf.h"

#define N 8

static int rank, size;

static void win_queries(MPI_Win win, const char *what)
{
    void *base;
    MPI_Aint *wsize;
    int *disp, flag1, flag2, flag3, result;
    MPI_Win_get_attr(win, MPI_WIN_BASE, &base, &flag1);
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &wsize, &flag2);
    MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &disp, &flag3);
    MPI_Group g, wg;
    MPI_Win_get_group(win, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Group_compare(g, wg, &result);
    out("%s: size %ld disp %d attrs %d%d%d group ident %d", what, (long)*wsize, *disp, flag1,
        flag2, flag3, result == MPI_IDENT);
    MPI_Group_free(&g);
    MPI_Group_free(&wg);
}

/* Win_create, fence epochs: Put to the right, Get from the left,
 * Accumulate everyone's rank into rank 0. */
static void fence(void)
{
    int buf[N], src[N], got[N];
    for (int i = 0; i < N; i++) {
        buf[i] = -1;
        src[i] = rank * 100 + i;
    }
    MPI_Win win;
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    win_queries(win, "win_create");
    char name[MPI_MAX_OBJECT_NAME];
    int len;
    MPI_Win_set_name(win, "conf window");
    MPI_Win_get_name(win, name, &len);
    out("win name '%s'", name);
    MPI_Win_fence(0, win);
    MPI_Put(src, 4, MPI_INT, (rank + 1) % size, 0, 4, MPI_INT, win);
    MPI_Win_fence(0, win);
    out("fence put: %d %d %d %d", buf[0], buf[1], buf[2], buf[3]);
    MPI_Get(got, 4, MPI_INT, (rank + size - 1) % size, 0, 4, MPI_INT, win);
    MPI_Win_fence(0, win);
    out("fence get: %d %d %d %d", got[0], got[1], got[2], got[3]);
    int one = rank + 1;
    MPI_Accumulate(&one, 1, MPI_INT, 0, 7, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    if (rank == 0)
        out("fence accumulate: %d", buf[7] + 1);   /* it held -1 */
    /* post/start/complete/wait: rank 0 exposes, the others access */
    MPI_Group wg, g;
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    if (rank == 0) {
        int others[16];
        for (int i = 1; i < size; i++)
            others[i - 1] = i;
        MPI_Group_incl(wg, size - 1, others, &g);
        MPI_Win_post(g, 0, win);
        MPI_Win_wait(win);
        out("pscw exposed: %d %d", buf[4], buf[5]);
    } else {
        int zero = 0, v = rank * 1000;
        MPI_Group_incl(wg, 1, &zero, &g);
        MPI_Win_start(g, 0, win);
        MPI_Put(&v, 1, MPI_INT, 0, 3 + rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
        out("pscw accessed");
    }
    MPI_Group_free(&g);
    MPI_Group_free(&wg);
    MPI_Win_free(&win);
    out("win freed null %d", win == MPI_WIN_NULL);
}

/* Win_allocate, passive target: lock/unlock, lock_all with flush, the
 * atomic operations and the request-based ones. */
static void passive(void)
{
    int *mem;
    MPI_Win win;
    MPI_Win_allocate(N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
    win_queries(win, "win_allocate");
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
    for (int i = 0; i < N; i++)
        mem[i] = rank * 10 + i;
    MPI_Win_unlock(rank, win);
    MPI_Barrier(MPI_COMM_WORLD);
    int right = (rank + 1) % size, left = (rank + size - 1) % size, got[4] = { 0 };
    MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
    MPI_Get(got, 2, MPI_INT, right, 1, 2, MPI_INT, win);
    MPI_Win_unlock(right, win);
    out("lock get from right: %d %d", got[0], got[1]);
    MPI_Barrier(MPI_COMM_WORLD);
    /* everyone adds into rank 0's slot 0, atomically */
    int add = rank + 1, old = -1;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Fetch_and_op(&add, &old, MPI_INT, 0, 0, MPI_SUM, win);
    MPI_Win_unlock(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    /* slot 1 of rank 0 holds 1: rank 1 swaps it (matches), then rank 2
     * tries (does not match); one after the other */
    int cmp = 1, swap = 77 + rank, prev = -1;
    for (int turn = 1; turn <= 2; turn++) {
        if (rank == turn) {
            MPI_Win_lock_all(0, win);
            MPI_Compare_and_swap(&swap, &cmp, &prev, MPI_INT, 0, 1, win);
            MPI_Win_flush(0, win);
            MPI_Win_unlock_all(win);
            out("compare_and_swap prev %d", prev);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    /* request-based: into the left neighbour's slots 4..7 */
    MPI_Request r[4];
    int pv[2] = { rank, -rank }, gv[2] = { 0 }, acc = 5, gacc_in = 1, gacc_out = -1;
    MPI_Win_lock_all(0, win);
    MPI_Rput(pv, 2, MPI_INT, left, 4, 2, MPI_INT, win, &r[0]);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    MPI_Win_flush(left, win);
    MPI_Rget(gv, 2, MPI_INT, left, 4, 2, MPI_INT, win, &r[1]);
    MPI_Raccumulate(&acc, 1, MPI_INT, left, 6, 1, MPI_INT, MPI_SUM, win, &r[2]);
    MPI_Rget_accumulate(&gacc_in, 1, MPI_INT, &gacc_out, 1, MPI_INT, left, 7, 1, MPI_INT, MPI_SUM,
                        win, &r[3]);
    MPI_Waitall(3, r + 1, MPI_STATUSES_IGNORE);
    MPI_Win_flush_all(win);
    out("rget %d %d rget_accumulate old %d", gv[0], gv[1], gacc_out);
    int gacc = 0;
    MPI_Get_accumulate(NULL, 0, MPI_INT, &gacc, 1, MPI_INT, left, 6, 1, MPI_INT, MPI_NO_OP, win);
    MPI_Win_flush_local(left, win);
    out("get_accumulate no_op %d", gacc);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
    out("window now %d %d %d %d %d %d %d %d (fetch_and_op old known %d)", mem[0], mem[1], mem[2],
        mem[3], mem[4], mem[5], mem[6], mem[7], rank != 0 || old >= 0);
    MPI_Win_unlock(rank, win);
    MPI_Win_free(&win);
}

/* Win_allocate_shared on the node's communicator: load/store directly. */
static void shared(void)
{
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int nrank, nsize;
    MPI_Comm_rank(node, &nrank);
    MPI_Comm_size(node, &nsize);
    int *mem;
    MPI_Win win;
    MPI_Win_allocate_shared(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, node, &mem, &win);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    mem[0] = nrank * 3;
    mem[1] = nrank * 3 + 1;
    MPI_Win_sync(win);
    MPI_Barrier(node);
    MPI_Win_sync(win);
    MPI_Aint qsize;
    int qdisp, *peer;
    MPI_Win_shared_query(win, (nrank + 1) % nsize, &qsize, &qdisp, &peer);
    out("shared: node size %d, neighbour holds %d %d (size %ld disp %d)", nsize, peer[0], peer[1],
        (long)qsize, qdisp);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Comm_free(&node);
}

/* Win_create_dynamic: memory attached after creation, addressed by the
 * address its owner sends. */
static void dynamic(void)
{
    MPI_Win win;
    int mem[2] = { -1, -1 };
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, mem, sizeof mem);
    MPI_Aint mine, theirs;
    MPI_Get_address(mem, &mine);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Sendrecv(&mine, 1, MPI_AINT, left, 5, &theirs, 1, MPI_AINT, right, 5, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    int v[2] = { rank, rank * rank };
    MPI_Win_fence(0, win);
    MPI_Put(v, 2, MPI_INT, right, theirs, 2, MPI_INT, win);
    MPI_Win_fence(0, win);
    out("dynamic: %d %d", mem[0], mem[1]);
    MPI_Win_detach(win, mem);
    MPI_Win_free(&win);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    rank = conf_rank;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    fence();
    passive();
    shared();
    dynamic();
    conf_done();
    return 0;
}

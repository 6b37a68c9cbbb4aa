/* rma.c - one-sided communication in virtual time: every scenario in
 * turn, every rank printing "RESULT <scenario>[-<step>] <rank> <ns since t0>"
 * and "DATA <scenario> <rank> <checksum>" (compared with a native run by
 * tests/mpi/run_rma.sh, which computes the expected times by hand from
 * docs/models.md, "One-sided communication"). t0 is equal on every rank:
 * before each scenario the ranks agree on a time past all their clocks
 * and compute up to it (MPI_Pcontrol; natively a no-op); fence scenarios
 * take t0 after their opening fence.
 * Usage: rma [BYTES] [create|allocate|shared|dynamic|split] [SCENARIO-PREFIX]
 * (split: an allocated window on the world split in reverse rank order)
 * Scenarios between ranks 0 (origin) and 1 (target): fence_put fence_get
 * fence_acc fence_skew lock_put lock_get fetch_op cas get_acc rput rget racc flush
 * pscw pscw_test;
 * with 3 ranks or more, the ring halo exchanges halo_fence halo_pscw
 * halo_lock; with exactly 3, incast (ranks 1 and 2 put n bytes each into
 * rank 0 in one PSCW epoch: under contention = on they share its link). */
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MPI_Comm comm;         /* the window's: the world, or (split) the world reversed */
static int rank, size, n;
static double t0;
static const char *scen, *only;
static MPI_Win win;
static unsigned char *base;   /* this rank's window memory: 2n bytes */
static unsigned char *src, *dst;
static MPI_Aint disp0[64];    /* dynamic windows: each rank's base address */
static const char *kind = "allocate";

static void result(const char *step)
{
    printf("RESULT %s%s%s %d %.0f\n", scen, step[0] ? "-" : "", step, rank,
           round((MPI_Wtime() - t0) * 1e9));
}

static MPI_Aint at(int target, MPI_Aint off) { return disp0[target] + off; }

/* The window of `bytes` per rank, in the kind asked for. */
static void make_window(MPI_Aint bytes)
{
    if (!strcmp(kind, "create")) {
        base = calloc(1, bytes);
        MPI_Win_create(base, bytes, 1, MPI_INFO_NULL, comm, &win);
    } else if (!strcmp(kind, "shared")) {
        MPI_Win_allocate_shared(bytes, 1, MPI_INFO_NULL, comm, &base, &win);
    } else if (!strcmp(kind, "dynamic")) {
        base = calloc(1, bytes);
        MPI_Win_create_dynamic(MPI_INFO_NULL, comm, &win);
        MPI_Win_attach(win, base, bytes);
        MPI_Aint mine;
        MPI_Get_address(base, &mine);
        MPI_Allgather(&mine, 1, MPI_AINT, disp0, 1, MPI_AINT, comm);
    } else {
        MPI_Win_allocate(bytes, 1, MPI_INFO_NULL, comm, &base, &win);
    }
}

static unsigned long checksum(const unsigned char *b, int len)
{
    unsigned long sum = 0;
    for (int i = 0; i < len; i++)
        sum = sum * 31 + b[i];
    return sum;
}

static void fill(unsigned char *b, int len, int seed)
{
    for (int i = 0; i < len; i++)
        b[i] = (unsigned char)(seed * 7 + i * 13);
}

/* The next scenario's start: known window contents and buffers, then
 * every clock moved to one time t0 past all of them. */
static int begin(const char *name)
{
    scen = name;
    if (only && strncmp(only, name, strlen(only)))
        return 0;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
    fill(base, 2 * n, 9 + rank);
    MPI_Win_unlock(rank, win);
    fill(src, n, rank + 1);
    memset(dst, 0, n);
    MPI_Barrier(comm);
    double now = MPI_Wtime(), last;
    MPI_Allreduce(&now, &last, 1, MPI_DOUBLE, MPI_MAX, comm);
    long long goal = llround(last * 1e9) + 1000000;   /* + 1 ms: past the allreduce */
    MPI_Pcontrol(5309, (double)(goal - llround(MPI_Wtime() * 1e9)) * 1e-9);
    t0 = goal * 1e-9;
    return 1;
}

/* The window's and the origin buffer's contents after a scenario. */
static void data(void)
{
    MPI_Barrier(comm);
    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
    printf("DATA %s %d %lu %lu\n", scen, rank, checksum(base, 2 * n), checksum(dst, n));
    MPI_Win_unlock(rank, win);
}

static void fence_start(void)
{
    MPI_Win_fence(0, win);
    t0 = MPI_Wtime();
}

static void fences(void)
{
    static const char *const names[] = { "fence_put", "fence_get", "fence_acc" };
    for (int k = 0; k < 3; k++) {
        if (!begin(names[k]))
            continue;
        fence_start();
        if (rank == 0 && k == 0)
            MPI_Put(src, n, MPI_BYTE, 1, at(1, 0), n, MPI_BYTE, win);
        if (rank == 0 && k == 1)
            MPI_Get(dst, n, MPI_BYTE, 1, at(1, 0), n, MPI_BYTE, win);
        if (rank == 0 && k == 2)
            MPI_Accumulate(src, n / 4, MPI_INT, 1, at(1, 0), n / 4, MPI_INT, MPI_SUM, win);
        MPI_Win_fence(0, win);
        result("");
        data();
    }
}

/* Rank 1 computes 100 us before the closing fence: rank 0 waits at it. */
static void fence_skew(void)
{
    if (!begin("fence_skew"))
        return;
    fence_start();
    if (rank == 1)
        MPI_Pcontrol(5309, 100e-6);
    MPI_Win_fence(0, win);
    result("");
    data();
}

static void pscw(const char *name)
{
    if (!begin(name))
        return;
    if (rank > 1) {
        data();
        return;
    }
    MPI_Group world, peer;
    MPI_Comm_group(comm, &world);
    int other = 1 - rank;
    MPI_Group_incl(world, 1, &other, &peer);
    if (rank == 1) {
        MPI_Win_post(peer, 0, win);
        if (!strcmp(scen, "pscw_test")) {
            int done = 0;
            while (!done)
                MPI_Win_test(win, &done);
        } else {
            MPI_Win_wait(win);
        }
        result("wait");
    } else if (rank == 0) {
        MPI_Win_start(peer, 0, win);
        result("start");
        MPI_Put(src, n, MPI_BYTE, 1, at(1, 0), n, MPI_BYTE, win);
        MPI_Win_complete(win);
        result("complete");
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    data();
}

/* Request-based calls and flushes, in a lock_all epoch. */
static void lock_all_epoch(const char *name)
{
    if (!begin(name))
        return;
    if (rank == 0) {
        MPI_Request req;
        MPI_Win_lock_all(0, win);
        if (!strcmp(scen, "rput")) {
            MPI_Rput(src, n, MPI_BYTE, 1, at(1, 0), n, MPI_BYTE, win, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            result("wait");
        } else if (!strcmp(scen, "rget")) {
            MPI_Rget(dst, n, MPI_BYTE, 1, at(1, 0), n, MPI_BYTE, win, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            result("wait");
        } else if (!strcmp(scen, "racc")) {
            MPI_Raccumulate(src, n / 4, MPI_INT, 1, at(1, 0), n / 4, MPI_INT, MPI_SUM, win, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            result("wait");
            MPI_Rget_accumulate(src, n / 4, MPI_INT, dst, n / 4, MPI_INT, 1, at(1, n), n / 4,
                                MPI_INT, MPI_SUM, win, &req);
            int done = 0;
            while (!done)
                MPI_Test(&req, &done, MPI_STATUS_IGNORE);
            result("test");
        } else {
            MPI_Put(src, n, MPI_BYTE, 1, at(1, 0), n, MPI_BYTE, win);
            MPI_Win_flush_local(1, win);
            result("flush_local");
            MPI_Win_flush(1, win);
            result("flush");
            MPI_Put(src, n, MPI_BYTE, 1, at(1, n), n, MPI_BYTE, win);
            MPI_Win_flush_local_all(win);
            result("flush_local_all");
            MPI_Win_flush_all(win);
            result("flush_all");
            MPI_Win_sync(win);
        }
        MPI_Win_unlock_all(win);
        result("unlock_all");
    }
    data();
}

/* One exclusive lock epoch on rank 1 with one operation. */
static void lock_epoch(const char *name)
{
    int one = 1, cmp;
    unsigned char first[sizeof cmp];
    if (!begin(name))
        return;
    fill(first, sizeof first, 10);   /* rank 1's first int, as begin() left it: cas swaps */
    memcpy(&cmp, first, sizeof cmp);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        if (!strcmp(scen, "lock_put"))
            MPI_Put(src, n, MPI_BYTE, 1, at(1, 0), n, MPI_BYTE, win);
        else if (!strcmp(scen, "lock_get"))
            MPI_Get(dst, n, MPI_BYTE, 1, at(1, 0), n, MPI_BYTE, win);
        else if (!strcmp(scen, "fetch_op"))
            MPI_Fetch_and_op(&one, dst, MPI_INT, 1, at(1, 0), MPI_SUM, win);
        else if (!strcmp(scen, "cas"))
            MPI_Compare_and_swap(&one, &cmp, dst, MPI_INT, 1, at(1, 0), win);
        else if (!strcmp(scen, "get_acc"))
            MPI_Get_accumulate(src, n / 4, MPI_INT, dst, n / 4, MPI_INT, 1, at(1, 0), n / 4,
                               MPI_INT, MPI_SUM, win);
        MPI_Win_unlock(1, win);
        result("unlock");
    }
    data();
}

/* Ranks on a ring: each puts n bytes into the halves of its two
 * neighbours' windows that face it. */
static void halo(const char *name)
{
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    if (!begin(name))
        return;
    if (!strcmp(scen, "halo_fence")) {
        fence_start();
        MPI_Put(src, n, MPI_BYTE, left, at(left, n), n, MPI_BYTE, win);
        MPI_Put(src, n, MPI_BYTE, right, at(right, 0), n, MPI_BYTE, win);
        MPI_Win_fence(0, win);
        result("");
    } else if (!strcmp(scen, "halo_pscw")) {
        MPI_Group world, nb;
        MPI_Comm_group(comm, &world);
        int two[2] = { left, right };
        MPI_Group_incl(world, 2, two, &nb);
        MPI_Win_post(nb, 0, win);
        MPI_Win_start(nb, 0, win);
        MPI_Put(src, n, MPI_BYTE, left, at(left, n), n, MPI_BYTE, win);
        MPI_Put(src, n, MPI_BYTE, right, at(right, 0), n, MPI_BYTE, win);
        MPI_Win_complete(win);
        MPI_Win_wait(win);
        result("");
        MPI_Group_free(&nb);
        MPI_Group_free(&world);
    } else {
        MPI_Win_lock_all(0, win);
        MPI_Put(src, n, MPI_BYTE, left, at(left, n), n, MPI_BYTE, win);
        MPI_Put(src, n, MPI_BYTE, right, at(right, 0), n, MPI_BYTE, win);
        MPI_Win_unlock_all(win);
        result("unlock_all");
        MPI_Barrier(comm);
        result("");
    }
    data();
}

/* Every rank but 0 puts n bytes into rank 0's window at once, in one
 * PSCW epoch rank 0 exposes to all of them. */
static void incast(void)
{
    if (!begin("incast"))
        return;
    MPI_Group world, g;
    MPI_Comm_group(comm, &world);
    int zero = 0;
    if (rank == 0) {
        MPI_Group_excl(world, 1, &zero, &g);
        MPI_Win_post(g, 0, win);
        MPI_Win_wait(win);
        result("wait");
    } else {
        MPI_Group_incl(world, 1, &zero, &g);
        MPI_Win_start(g, 0, win);
        result("start");
        MPI_Put(src, n, MPI_BYTE, 0, at(0, (rank - 1) * n), n, MPI_BYTE, win);
        MPI_Win_complete(win);
        result("complete");
    }
    MPI_Group_free(&g);
    MPI_Group_free(&world);
    data();
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    n = argc > 1 ? atoi(argv[1]) : 8;
    n = n < 8 ? 8 : n;
    if (argc > 2)
        kind = argv[2];
    comm = MPI_COMM_WORLD;
    if (!strcmp(kind, "split")) {   /* window ranks are not world ranks */
        int wr;
        MPI_Comm_rank(MPI_COMM_WORLD, &wr);
        MPI_Comm_split(MPI_COMM_WORLD, 0, -wr, &comm);
        kind = "allocate";
    }
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    only = argc > 3 ? argv[3] : NULL;
    make_window(2 * (MPI_Aint)n);
    src = malloc(n);
    dst = calloc(1, n);
    fences();
    fence_skew();
    static const char *const locks[] = { "lock_put", "lock_get", "fetch_op", "cas", "get_acc" };
    for (int k = 0; k < 5; k++)
        lock_epoch(locks[k]);
    lock_all_epoch("rput");
    lock_all_epoch("rget");
    lock_all_epoch("racc");
    lock_all_epoch("flush");
    pscw("pscw");
    pscw("pscw_test");
    if (size >= 3) {
        halo("halo_fence");
        halo("halo_pscw");
        halo("halo_lock");
    }
    if (size == 3)   /* two origins, one half of rank 0's window each */
        incast();
    MPI_Win_free(&win);
    if (strcmp(kind, "allocate") && strcmp(kind, "shared"))
        free(base);
    free(src);
    free(dst);
    MPI_Finalize();
    return 0;
}

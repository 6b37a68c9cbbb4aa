/* wake.c - the node's wake-up channel (wake.h).
 *
 * Why a wake is never lost (a Dekker pair, every access seq_cst): the
 * waker increments the sleeper's sequence word, then reads its sleeping
 * flag; the sleeper sets the flag, then the kernel compares the word with
 * the mark (FUTEX_WAIT, under the futex bucket's lock). In the single
 * order of these four accesses either the waker reads the flag set (and
 * FUTEX_WAKE finds the sleeper queued, or the kernel's compare sees the
 * new word and does not sleep), or the flag was set after that read, so
 * the compare comes after the increment and fails. The mark itself is
 * taken before the poll that came back empty, so a wake between that
 * poll and the sleep changes the word and the sleep returns at once. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "common/wake.h"
#include "mpi/calls.h"

enum { WAKE_LINE = 64, WAKE_NAME = 64 };

/* One per local process, a cache line of its own: wakers write it. */
struct wake_slot {
    _Atomic uint32_t seq;       /* incremented by every wake; the futex word */
    _Atomic uint32_t sleeping;  /* its owner is in (or about to be in) FUTEX_WAIT */
    char pad[WAKE_LINE - 2 * sizeof(uint32_t)];
};
_Static_assert(sizeof(struct wake_slot) == WAKE_LINE, "one slot per cache line");

/* One per process, written only at attach. */
static struct {
    struct wake_slot *slots;    /* the node's segment; NULL: channel off */
    size_t bytes;
    int world_size;
    int *slot_of;               /* world rank -> slot, -1: another node */
    struct wake_slot *own;
} wake;

static long futex(_Atomic uint32_t *word, int op, uint32_t val, const struct timespec *ts)
{
    return syscall(SYS_futex, (uint32_t *)word, op, val, ts, NULL, 0);
}

/* The creator's segment: a name nobody else has, only for this user. */
static int segment_create(char name[WAKE_NAME], size_t bytes)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    for (int attempt = 0; attempt < 8; attempt++) {
        unsigned r = (unsigned)ts.tv_nsec ^ (unsigned)rand() ^ ((unsigned)attempt << 24);
        snprintf(name, WAKE_NAME, "/seshat-wake-%ld-%08x", (long)getpid(), r);
        int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0)
            break;
        if (ftruncate(fd, (off_t)bytes) == 0)
            return fd;
        close(fd);
        shm_unlink(name);
        break;
    }
    name[0] = 0;
    return -1;
}

static struct wake_slot *segment_map(int fd, size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    return p == MAP_FAILED ? NULL : p;
}

/* Slot table: every process's (node leader's world rank, node rank). */
static int *slot_table(MPI_Comm world, MPI_Comm node, int me, int size)
{
    int leader = me, mine[2], *all = malloc(2 * (size_t)size * sizeof *all);
    int *slot_of = malloc((size_t)size * sizeof *slot_of);
    if (!all || !slot_of) {
        free(all);
        free(slot_of);
        return NULL;
    }
    seshat_real.Bcast(&leader, 1, MPI_INT, 0, node);
    mine[0] = leader;
    seshat_real.Comm_rank(node, &mine[1]);
    seshat_real.Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, world);
    for (int r = 0; r < size; r++)
        slot_of[r] = all[2 * r] == leader ? all[2 * r + 1] : -1;
    free(all);
    return slot_of;
}

int seshat_wake_attach(MPI_Comm world)
{
    int me, size, local, lrank, ok;
    MPI_Comm node;
    char name[WAKE_NAME] = "";
    seshat_real.Comm_rank(world, &me);
    seshat_real.Comm_size(world, &size);
    if (seshat_real.Comm_split_type(world, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &node))
        return -1;
    seshat_real.Comm_size(node, &local);
    seshat_real.Comm_rank(node, &lrank);
    size_t bytes = (size_t)local * sizeof(struct wake_slot);
    int fd = lrank == 0 ? segment_create(name, bytes) : -1;
    seshat_real.Bcast(name, WAKE_NAME, MPI_CHAR, 0, node);
    if (lrank != 0 && name[0])
        fd = shm_open(name, O_RDWR, 0600);
    struct wake_slot *slots = fd >= 0 ? segment_map(fd, bytes) : NULL;
    int *slot_of = slot_table(world, node, me, size);
    /* On everywhere or nowhere; after this every local process has
     * mapped the segment, so its name can go (nothing left on a crash). */
    int mine_ok = slots && slot_of, all_ok = 0;
    seshat_real.Allreduce(&mine_ok, &all_ok, 1, MPI_INT, MPI_MIN, world);
    if (lrank == 0 && name[0])
        shm_unlink(name);
    seshat_real.Comm_free(&node);
    ok = all_ok;
    if (!ok) {
        if (slots)
            munmap(slots, bytes);
        free(slot_of);
        return -1;
    }
    wake.bytes = bytes;
    wake.world_size = size;
    wake.slot_of = slot_of;
    wake.own = &slots[lrank];
    wake.slots = slots;
    return 0;
}

int seshat_wake_on(void)
{
    return wake.slots != NULL;
}

int seshat_wake_sleepers(void *ctx)
{
    (void)ctx;
    int n = 0;
    size_t nslots = wake.slots ? wake.bytes / sizeof *wake.slots : 0;
    for (size_t i = 0; i < nslots; i++)
        n += atomic_load_explicit(&wake.slots[i].sleeping, memory_order_relaxed) != 0;
    return n;
}

int seshat_wake_local(int world_rank)
{
    return wake.slots && world_rank >= 0 && world_rank < wake.world_size &&
           wake.slot_of[world_rank] >= 0;
}

static void wake_by(int world_rank, uint32_t add)
{
    if (!seshat_wake_local(world_rank))
        return;
    struct wake_slot *s = &wake.slots[wake.slot_of[world_rank]];
    atomic_fetch_add(&s->seq, add);
    if (atomic_load(&s->sleeping))
        futex(&s->seq, FUTEX_WAKE, INT_MAX, NULL);
}

void seshat_wake_peer(int world_rank)
{
    wake_by(world_rank, 1);
}

void seshat_wake_kick(int world_rank)
{
    wake_by(world_rank, 1u << 16);
}

uint32_t seshat_wake_mark(void)
{
    return wake.own ? atomic_load(&wake.own->seq) : 0;
}

int seshat_wake_sleep(uint32_t mark, int64_t timeout_ns)
{
    struct timespec ts = { (time_t)(timeout_ns / 1000000000), (long)(timeout_ns % 1000000000) };
    if (!wake.own) {
        nanosleep(&ts, NULL);
        return 0;
    }
    atomic_store(&wake.own->sleeping, 1);
    if (atomic_load(&wake.own->seq) == mark)
        futex(&wake.own->seq, FUTEX_WAIT, mark, &ts);
    atomic_store(&wake.own->sleeping, 0);
    return atomic_load(&wake.own->seq) != mark;
}

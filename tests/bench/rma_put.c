/* rma_put.c - benchmark: wall-clock cost of small one-sided operations,
 * read from CLOCK_MONOTONIC through the system call (not MPI_Wtime, which
 * seshat makes virtual, nor a libc clock a tool may virtualize).
 * Usage: rma_put put ITERS     8-byte MPI_Put to the next rank in a
 *                              lock_all epoch, MPI_Win_flush_all every 64
 *        rma_put puts ITERS    the same, one MPI_Win_flush_all at the end (the
 *                              wrapper's own cost: a flush waits in Open MPI,
 *                              which yields the core when the job has more
 *                              processes than cores, as a run with a model
 *                              rank beside two ranks on two cores does)
 *        rma_put fence ITERS   one 8-byte MPI_Put per MPI_Win_fence epoch
 *        rma_put lock ITERS    MPI_Win_lock, one 8-byte MPI_Put, MPI_Win_unlock
 * Rank 0 prints "BENCH <what> <microseconds per operation or epoch>". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double now_us(void)
{
    struct timespec ts;
    syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *what = argc > 1 ? argv[1] : "put";
    long iters = argc > 2 ? atol(argv[2]) : 100000;
    double *base, v = rank;
    MPI_Win win;
    MPI_Win_allocate(64 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &base,
                     &win);
    int next = (rank + 1) % size;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = now_us();
    if (!strcmp(what, "put") || !strcmp(what, "puts")) {
        long every = !strcmp(what, "put") ? 64 : iters;
        MPI_Win_lock_all(0, win);
        for (long i = 0; i < iters; i++) {
            MPI_Put(&v, 1, MPI_DOUBLE, next, i % 64, 1, MPI_DOUBLE, win);
            if (i % every == every - 1)
                MPI_Win_flush_all(win);
        }
        MPI_Win_unlock_all(win);
    } else if (!strcmp(what, "fence")) {
        MPI_Win_fence(0, win);
        for (long i = 0; i < iters; i++) {
            MPI_Put(&v, 1, MPI_DOUBLE, next, i % 64, 1, MPI_DOUBLE, win);
            MPI_Win_fence(0, win);
        }
    } else {
        for (long i = 0; i < iters; i++) {
            MPI_Win_lock(MPI_LOCK_SHARED, next, 0, win);
            MPI_Put(&v, 1, MPI_DOUBLE, next, i % 64, 1, MPI_DOUBLE, win);
            MPI_Win_unlock(next, win);
        }
    }
    double t = now_us() - t0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("BENCH %s %.3f\n", what, t / (double)iters);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}

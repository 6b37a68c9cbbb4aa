/* watchdog.c - programs that hang, and one that only looks idle, for
 * simulator.watchdog (tests/mpi/run_watchdog.sh).
 *   sendsend   ranks 0 and 1 both MPI_Send (tag 7) before receiving: with
 *              network.eager_limit = 0 both wait for ever.
 *   norecv     rank 0 MPI_Recv from 1 tag 42, rank 1 MPI_Irecv + MPI_Wait
 *              from 0 tag 43; nobody sends.
 *   collskip   rank 0 MPI_Allreduce on a duplicate of MPI_COMM_WORLD named
 *              "wd_comm", rank 1 never enters it and waits in MPI_Barrier
 *              on MPI_COMM_WORLD: both stuck in a blocking collective.
 *   splitskip  rank 0 MPI_Comm_split on MPI_COMM_WORLD, rank 1 never
 *              enters it and waits in MPI_Recv from 0 (tag 44): rank 0 is
 *              inside a communicator creation, which seshat runs for real.
 *   winskip    the same with MPI_Win_create (unmodeled, run for real).
 *   compute S  rank 1 busy-works S seconds of wall time, then sends to
 *              rank 0, which waits in MPI_Recv meanwhile: not a hang.
 *   fence      rank 0 starts a 1 KiB send to rank 1 and enters MPI_Win_fence,
 *              rank 1 receives it, then enters the fence: fine natively,
 *              and under contention (the fence synchronizes through the
 *              model first).
 *   pscw       the same with MPI_Win_start/MPI_Win_complete on rank 0 and
 *              MPI_Win_post/MPI_Win_wait on rank 1: fine natively, and
 *              under contention (the notices go through the model, and
 *              rank 0's wait in MPI_Win_start is announced to it).
 * Prints "ok" (rank 0) when it finishes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Real work, not a sleep: the rank is busy, not waiting. */
static double busy(double seconds)
{
    double t0 = now(), x = 1.0;
    while (now() - t0 < seconds)
        for (int i = 0; i < 100000; i++)
            x = x * 1.0000001 + 1e-9;
    return x;
}

int main(int argc, char **argv)
{
    int rank, size, buf[4] = { 0 }, in[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *mode = argc > 1 ? argv[1] : "";
    if (size < 2) {
        fprintf(stderr, "watchdog: needs 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int other = 1 - rank;
    if (!strcmp(mode, "sendsend")) {
        if (rank < 2) {
            MPI_Send(buf, 4, MPI_INT, other, 7, MPI_COMM_WORLD);
            MPI_Recv(in, 4, MPI_INT, other, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    } else if (!strcmp(mode, "norecv")) {
        if (rank == 0) {
            MPI_Recv(in, 4, MPI_INT, 1, 42, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Request r;
            MPI_Irecv(in, 4, MPI_INT, 0, 43, MPI_COMM_WORLD, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        }
    } else if (!strcmp(mode, "collskip")) {
        MPI_Comm dup;
        MPI_Comm_dup(MPI_COMM_WORLD, &dup);
        MPI_Comm_set_name(dup, "wd_comm");
        if (rank == 0)
            MPI_Allreduce(buf, in, 4, MPI_INT, MPI_SUM, dup);
        MPI_Comm_free(&dup);
    } else if (!strcmp(mode, "splitskip")) {
        MPI_Comm half;
        if (rank == 0) {
            MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &half);
            MPI_Comm_free(&half);
        } else {
            MPI_Recv(in, 4, MPI_INT, 0, 44, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    } else if (!strcmp(mode, "winskip")) {
        MPI_Win win;
        if (rank == 0) {
            MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
            MPI_Win_free(&win);
        } else {
            MPI_Recv(in, 4, MPI_INT, 0, 45, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    } else if (!strcmp(mode, "compute") && argc > 2) {
        if (rank == 1) {
            buf[0] = busy(atof(argv[2])) > 0;
            MPI_Send(buf, 4, MPI_INT, 0, 5, MPI_COMM_WORLD);
        } else if (rank == 0) {
            MPI_Recv(in, 4, MPI_INT, 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (in[0] != 1)
                MPI_Abort(MPI_COMM_WORLD, 1);
        }
    } else if (!strcmp(mode, "fence") || !strcmp(mode, "pscw")) {
        MPI_Win win;
        char msg[1024] = { 0 };
        MPI_Win_create(in, sizeof in, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        MPI_Request r = MPI_REQUEST_NULL;
        if (rank == 0)
            MPI_Isend(msg, sizeof msg, MPI_BYTE, 1, 9, MPI_COMM_WORLD, &r);
        else if (rank == 1)
            MPI_Recv(msg, sizeof msg, MPI_BYTE, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (!strcmp(mode, "fence")) {
            MPI_Win_fence(0, win);
        } else {
            MPI_Group world, peer;
            MPI_Comm_group(MPI_COMM_WORLD, &world);
            MPI_Group_incl(world, 1, &other, &peer);
            if (rank == 0) {
                MPI_Win_start(peer, 0, win);
                MPI_Win_complete(win);
            } else if (rank == 1) {
                MPI_Win_post(peer, 0, win);
                MPI_Win_wait(win);
            }
            MPI_Group_free(&peer);
            MPI_Group_free(&world);
        }
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Win_free(&win);
    } else {
        if (rank == 0)
            fprintf(stderr, "usage: watchdog sendsend | norecv | collskip | splitskip | winskip | fence | pscw | compute SECONDS\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("ok\n");
    MPI_Finalize();
    return 0;
}

/* wall_pingpong.c - benchmark: wall-clock cost of communication, read from
 * CLOCK_MONOTONIC (not MPI_Wtime, which seshat makes virtual).
 * Usage: wall_pingpong latency ITERS       one-way 8-byte latency
 *        wall_pingpong compute ITERS WORK  WORK loop iterations (~50 us) then
 *                                          an 8-byte exchange, ITERS times
 *        wall_pingpong twomsg ITERS        (natively) the direct path's wire
 *                                          protocol alone: a 56-byte envelope on
 *                                          a duplicate communicator, then the data
 *        wall_pingpong packed ITERS        (natively) the one-message variant:
 *                                          envelope and data copied into one buffer
 * Rank 0 prints "BENCH <what> <microseconds>". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile double sink;

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

enum { ENV_BYTES = 56 };   /* sizeof(seshat_envelope) */

/* One one-way message of the protocol emulations (mode 1: envelope then
 * data, received data first as seshat does; mode 2: one packed copy). */
static void proto_send(int mode, double *buf, int peer, MPI_Comm shadow)
{
    char env[ENV_BYTES + sizeof(double)] = { 0 };
    if (mode == 1) {
        MPI_Send(env, ENV_BYTES, MPI_BYTE, peer, 0, shadow);
        MPI_Send(buf, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
    } else {
        memcpy(env + ENV_BYTES, buf, sizeof *buf);
        MPI_Send(env, (int)sizeof env, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
    }
}

static void proto_recv(int mode, double *buf, int peer, MPI_Comm shadow)
{
    char env[ENV_BYTES + sizeof(double)];
    if (mode == 1) {
        MPI_Recv(buf, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(env, ENV_BYTES, MPI_BYTE, peer, 0, shadow, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(env, (int)sizeof env, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        memcpy(buf, env + ENV_BYTES, sizeof *buf);
    }
}

static void work(long n)
{
    double x = 1.0;
    for (long i = 0; i < n; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int compute = argc > 1 && !strcmp(argv[1], "compute");
    int proto = argc > 1 ? (!strcmp(argv[1], "twomsg") ? 1 : !strcmp(argv[1], "packed") ? 2 : 0) : 0;
    MPI_Comm shadow;
    MPI_Comm_dup(MPI_COMM_WORLD, &shadow);
    int iters = argc > 2 ? atoi(argv[2]) : 10000;
    long n = argc > 3 ? atol(argv[3]) : 0;
    double buf = 0;
    int peer = 1 - rank;
    for (int warm = 0; warm < 2; warm++) {
        double t0 = now_us();
        for (int i = 0; i < iters; i++) {
            if (compute) {
                work(n);
                MPI_Sendrecv_replace(&buf, 1, MPI_DOUBLE, peer, 0, peer, 0, MPI_COMM_WORLD,
                                     MPI_STATUS_IGNORE);
            } else if (proto && rank == 0) {
                proto_send(proto, &buf, 1, shadow);
                proto_recv(proto, &buf, 1, shadow);
            } else if (proto) {
                proto_recv(proto, &buf, 0, shadow);
                proto_send(proto, &buf, 0, shadow);
            } else if (rank == 0) {
                MPI_Send(&buf, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(&buf, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(&buf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(&buf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
            }
        }
        double t = now_us() - t0;
        if (warm && rank == 0)
            printf("BENCH %s %.3f\n", compute ? "compute_total" : proto ? argv[1] : "latency",
                   compute ? t : t / (2.0 * iters));
    }
    MPI_Comm_free(&shadow);
    MPI_Finalize();
    return 0;
}

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
 *        wall_pingpong struct ITERS        (natively) one message through a derived
 *                                          datatype {envelope, data}, built per message
 *        wall_pingpong structc ITERS       the same, the datatype built once
 *        wall_pingpong self ITERS [PROTO]  rank 0 sends 8 bytes to itself and
 *                                          receives them (PROTO: one of the above,
 *                                          default one plain message): the CPU
 *                                          cost of a message with no wait and no
 *                                          scheduler in it, the fastest of blocks
 *                                          of 1000 (robust to a loaded machine)
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

/* The datatype {ENV_BYTES bytes at env, one double at buf}, absolute
 * addresses (sent from MPI_BOTTOM): envelope and data in one message,
 * no copy. Mode 4 builds it once (a cache's best case). */
static MPI_Datatype fused_type(int mode, void *env, double *buf)
{
    static MPI_Datatype cached[2] = { MPI_DATATYPE_NULL, MPI_DATATYPE_NULL };
    static void *cached_env[2];
    int slot = env == cached_env[0] ? 0 : 1;
    if (mode == 4 && cached[slot] != MPI_DATATYPE_NULL && cached_env[slot] == env)
        return cached[slot];
    int len[2] = { ENV_BYTES, 1 };
    MPI_Aint at[2] = { (MPI_Aint)env, (MPI_Aint)buf };
    MPI_Datatype types[2] = { MPI_BYTE, MPI_DOUBLE }, t;
    MPI_Type_create_struct(2, len, at, types, &t);
    MPI_Type_commit(&t);
    if (mode == 4) {
        slot = cached[0] == MPI_DATATYPE_NULL ? 0 : 1;
        cached[slot] = t;
        cached_env[slot] = env;
    }
    return t;
}

static void fused_done(int mode, MPI_Datatype *t)
{
    if (mode == 3)
        MPI_Type_free(t);
}

/* One one-way message of the protocol emulations (mode 1: envelope then
 * data, received data first as seshat does; mode 2: one packed copy;
 * modes 3 and 4: one message through a derived datatype). */
static char send_env[ENV_BYTES], recv_env[ENV_BYTES];

static void proto_send(int mode, double *buf, int peer, MPI_Comm shadow)
{
    char env[ENV_BYTES + sizeof(double)] = { 0 };
    if (mode >= 3) {
        MPI_Datatype t = fused_type(mode, send_env, buf);
        MPI_Send(MPI_BOTTOM, 1, t, peer, 0, MPI_COMM_WORLD);
        fused_done(mode, &t);
    } else if (mode == 1) {
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
    if (mode >= 3) {
        MPI_Datatype t = fused_type(mode, recv_env, buf);
        MPI_Recv(MPI_BOTTOM, 1, t, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        fused_done(mode, &t);
    } else if (mode == 1) {
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

/* Rank 0 messages itself: send then receive, ITERS times in blocks of
 * 1000; prints the fastest block's cost per message (µs). */
static void self_loop(int proto, int iters, MPI_Comm shadow)
{
    double buf = 1.0, best = 1e30;
    for (int done = 0; done < iters; done += 1000) {
        double t0 = now_us();
        for (int i = 0; i < 1000; i++) {
            if (proto) {
                proto_send(proto, &buf, 0, shadow);
                proto_recv(proto, &buf, 0, shadow);
            } else {
                MPI_Send(&buf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
                MPI_Recv(&buf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
        }
        double t = (now_us() - t0) / 1000;
        if (t < best)
            best = t;
    }
    printf("BENCH self %.3f\n", best);
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int compute = argc > 1 && !strcmp(argv[1], "compute");
    static const char *protos[] = { "", "twomsg", "packed", "struct", "structc" };
    int proto = 0;
    for (int p = 1; p < 5 && argc > 1; p++)
        if (!strcmp(argv[1], protos[p]))
            proto = p;
    MPI_Comm shadow;
    MPI_Comm_dup(MPI_COMM_WORLD, &shadow);
    int iters = argc > 2 ? atoi(argv[2]) : 10000;
    long n = argc > 3 ? atol(argv[3]) : 0;
    if (argc > 1 && !strcmp(argv[1], "self")) {
        for (int p = 1; p < 5 && argc > 3; p++)
            if (!strcmp(argv[3], protos[p]))
                proto = p;
        if (rank == 0)
            self_loop(proto, iters, shadow);
        MPI_Comm_free(&shadow);
        MPI_Finalize();
        return 0;
    }
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

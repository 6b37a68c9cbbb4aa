/* omp_vclock.c - a program that times itself with the system's clocks, not
 * MPI_Wtime, as NetPIPE and many codes do (docs/models.md, "The program's
 * clocks"). Built with OpenMP for omp_get_wtime.
 * Usage:
 *   omp_vclock pingpong ITERS SIZE   ITERS round trips of SIZE bytes between
 *       ranks 0 and 1; rank 0 prints "RESULT CLOCK NS", the loop's time
 *       over 2 x ITERS (the one-way time) in ns, rounded, for each clock:
 *       wtime (MPI_Wtime), gtod (gettimeofday), realtime, monotonic,
 *       monotonic_raw, realtime_coarse, monotonic_coarse, boottime
 *       (clock_gettime), omp (omp_get_wtime); "RESULT time_s S", the loop's
 *       time read with time() in whole seconds; "RESULT total_CLOCK NS", the
 *       loop's whole time (gtod: a multiple of 1000); "RESULT cpu_total NS",
 *       CLOCK_PROCESS_CPUTIME_ID over the loop.
 *   omp_vclock busywait US CLOCK   rank 0 spins until CLOCK (gtod | monotonic
 *       | omp) says US microseconds passed; prints "RESULT spun NS", what
 *       MPI_Wtime says the loop took, and "RESULT reads N".
 * Exits 3 on a clock that went backwards. */
#include <mpi.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

enum { NCLK = 9 };
static const char *const names[NCLK] = { "wtime", "gtod", "realtime", "monotonic",
                                         "monotonic_raw", "realtime_coarse", "monotonic_coarse",
                                         "boottime", "omp" };
static const clockid_t ids[NCLK] = { 0, 0, CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW,
                                     CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE,
                                     CLOCK_BOOTTIME, 0 };

static int64_t read_bare(int k);

/* Nanoseconds from clock k (whole-unit clocks scaled, never rounded).
 * An MPI call first (free in virtual time): under clock = none two reads
 * with nothing between them are a tick (1 ns) apart, which a sequence of
 * reads would add up. */
static int64_t read_ns(int k)
{
    int me;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    return k == 0 ? (int64_t)(MPI_Wtime() * 1e9 + 0.5) : read_bare(k);
}

/* The same with no MPI call: a busy-wait on the clock alone. */
static int64_t read_bare(int k)
{
    if (k == 1) {
        struct timeval tv;
        gettimeofday(&tv, NULL);
        return (int64_t)tv.tv_sec * 1000000000 + (int64_t)tv.tv_usec * 1000;
    }
    if (k == 8)
        return (int64_t)(omp_get_wtime() * 1e9 + 0.5);
    struct timespec ts;
    clock_gettime(ids[k], &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void pingpong(int rank, int iters, int size)
{
    char *buf = calloc((size_t)size + 1, 1);
    int64_t t0[NCLK], t1[NCLK];
    MPI_Barrier(MPI_COMM_WORLD);
    time_t s0 = time(NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int64_t c0 = cpu_ns();
    for (int k = 0; k < NCLK; k++)
        t0[k] = read_ns(k);
    for (int i = 0; i < iters; i++) {
        if (rank == 0) {
            MPI_Send(buf, size, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(buf, size, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(buf, size, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, size, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
    /* The same clocks in the same order: each pair is as far apart as the
     * loop, whatever the reads between cost. */
    time_t s1 = time(NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int64_t c1 = cpu_ns();
    for (int k = 0; k < NCLK; k++)
        t1[k] = read_ns(k);
    if (rank == 0) {
        for (int k = 0; k < NCLK; k++) {
            if (t1[k] < t0[k]) {
                fprintf(stderr, "omp_vclock: %s went backwards\n", names[k]);
                exit(3);
            }
            printf("RESULT %s %.0f\nRESULT total_%s %lld\n", names[k],
                   (double)(t1[k] - t0[k]) / (2.0 * iters), names[k], (long long)(t1[k] - t0[k]));
        }
        printf("RESULT time_s %lld\nRESULT cpu_total %lld\n", (long long)(s1 - s0),
               (long long)(c1 - c0));
    }
    free(buf);
}

static void busywait(int rank, long us, const char *clk)
{
    int k = !strcmp(clk, "gtod") ? 1 : !strcmp(clk, "omp") ? 8 : 3;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        double w0 = MPI_Wtime();
        int64_t t0 = read_ns(k), last = t0, now;
        long reads = 0;
        while ((now = read_bare(k)) - t0 < us * 1000) {
            if (now < last) {
                fprintf(stderr, "omp_vclock: %s went backwards\n", clk);
                exit(3);
            }
            last = now;
            reads++;
        }
        double w1 = MPI_Wtime();
        printf("RESULT spun %.0f\nRESULT reads %ld\n", (w1 - w0) * 1e9, reads);
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc >= 4 && !strcmp(argv[1], "pingpong"))
        pingpong(rank, atoi(argv[2]), atoi(argv[3]));
    else if (argc >= 4 && !strcmp(argv[1], "busywait"))
        busywait(rank, atol(argv[2]), argv[3]);
    else if (rank == 0)
        fprintf(stderr, "usage: omp_vclock pingpong ITERS SIZE | busywait US CLOCK\n");
    MPI_Finalize();
    return 0;
}

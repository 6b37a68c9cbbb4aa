/* pingpong_stream.c - does memory traffic slow this machine's on-node MPI
 * transfers? (issue 14: model it only if the data show it.) Ranks 0 and 1
 * ping-pong SIZE bytes in three conditions, interleaved, N batches each:
 *   idle    nothing else runs (what seshat-calibrate measures);
 *   stream  each rank also runs a thread that streams through 64 MiB
 *           (b[i] = a[i] + 1) during the ping-pong: bandwidth competition;
 *   cold    each rank streams through 64 MiB before every round trip
 *           (not timed): caches evicted, as after a memory-bound phase.
 * Prints "RESULT MODE SIZE median_oneway_ns best_oneway_ns GB/s(median)".
 * Usage: mpirun -np 2 pingpong_stream [BATCHES]   (docs/validation.md) */
#include <mpi.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORDS (8u << 20)   /* 64 MiB of uint64_t per array pair half */

static volatile int stop;
static uint64_t *sa, *sb;

static void stream_once(void)
{
    for (size_t i = 0; i < WORDS; i++)
        sb[i] = sa[i] + 1;
    __asm__ volatile("" ::: "memory");
}

static void *streamer(void *arg)
{
    (void)arg;
    while (!stop)
        stream_once();
    return NULL;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One batch: mean one-way time over `it` round trips. */
static double batch(char *buf, int n, int it, int rank, int cold)
{
    double sum = 0;
    for (int i = 0; i < it; i++) {
        if (cold)
            stream_once();
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        if (rank == 0) {
            MPI_Send(buf, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(buf, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(buf, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
        }
        sum += MPI_Wtime() - t0;
    }
    return sum / (2.0 * it);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, batches = argc > 1 ? atoi(argv[1]) : 9;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    static const int sizes[] = { 65536, 1 << 20, 4 << 20 };
    static const char *const mode[] = { "idle", "stream", "cold" };
    sa = calloc(WORDS, 8);
    sb = calloc(WORDS, 8);
    char *buf = calloc(4 << 20, 1);
    if (batches < 1 || batches > 99 || !sa || !sb || !buf)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (int s = 0; s < 3; s++) {
        double t[3][99];
        for (int b = 0; b < batches; b++)
            for (int m = 0; m < 3; m++) {   /* interleaved */
                pthread_t th;
                stop = 0;
                if (m == 1)
                    pthread_create(&th, NULL, streamer, NULL);
                double x = batch(buf, sizes[s], 20, rank, m == 2), worst;
                if (m == 1) {
                    stop = 1;
                    pthread_join(th, NULL);
                }
                MPI_Allreduce(&x, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
                t[m][b] = worst;
            }
        for (int m = 0; m < 3 && rank == 0; m++) {
            qsort(t[m], (size_t)batches, sizeof t[m][0], cmp);
            double med = t[m][batches / 2];
            printf("RESULT %s %d %.0f %.0f %.2f\n", mode[m], sizes[s], med * 1e9, t[m][0] * 1e9,
                   sizes[s] / med / 1e9);
        }
    }
    free(sa);
    free(sb);
    free(buf);
    MPI_Finalize();
    return 0;
}

/* idle_wait.c - a rank that waits with nothing to do sleeps in the kernel
 * (docs/performance.md, "Under load"). Rank 0 sleeps WAIT_MS of wall time
 * outside MPI, then sends 8 bytes to rank 1 and enters a barrier; rank 1
 * waits for it in MPI_Recv, then in the barrier while rank 0 sleeps
 * again. Rank 1 prints its voluntary context switches (it blocked in the
 * kernel) and its CPU seconds over each wait, and both print the virtual
 * time of each step (clock = none: the model's costs alone).
 *
 *   idle_wait WAIT_MS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long voluntary(void)
{
    char line[256];
    long v = -1;
    FILE *f = fopen("/proc/self/status", "r");
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "voluntary_ctxt_switches:", 24))
            v = atol(line + 24);
    if (f)
        fclose(f);
    return v;
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void nap_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };
    nanosleep(&ts, NULL);
}

int main(int argc, char **argv)
{
    int rank;
    long ms = argc > 1 ? atol(argv[1]) : 300;
    double buf = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        nap_ms(ms);
        MPI_Send(&buf, 1, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD);
        printf("RESULT t_send %.9f\n", MPI_Wtime());
        nap_ms(ms);
        MPI_Barrier(MPI_COMM_WORLD);
        printf("RESULT t0_barrier %.9f\n", MPI_Wtime());
    } else if (rank == 1) {
        long v0 = voluntary();
        double c0 = cpu_s();
        MPI_Recv(&buf, 1, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        long v1 = voluntary();
        double c1 = cpu_s();
        printf("RESULT t_recv %.9f\n", MPI_Wtime());
        MPI_Barrier(MPI_COMM_WORLD);
        long v2 = voluntary();
        double c2 = cpu_s();
        printf("RESULT t1_barrier %.9f\n", MPI_Wtime());
        printf("RESULT recv_voluntary %ld\nRESULT recv_cpu %.3f\n", v1 - v0, c1 - c0);
        printf("RESULT barrier_voluntary %ld\nRESULT barrier_cpu %.3f\n", v2 - v1, c2 - c1);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}

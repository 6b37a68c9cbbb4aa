/* sample_cost.c - the sampler's cost kept out of virtual time, within one
 * run: REPS intervals of WORK loop iterations between MPI_Wtime calls,
 * timed as seshat reports them (MPI_Wtime), in ROUNDS rounds alternating
 * between the sampler's signal (SIGPROF) blocked (no sample is taken: the
 * sampler is off) and not; the least of each is printed ("RESULT off NS",
 * "RESULT on NS"): load only adds, and both see the same machine.
 * Usage: sample_cost [REPS [WORK [ROUNDS]]] */
#include <math.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static volatile double sink;

static void work(long n)
{
    double x = 1.0;
    for (long i = 0; i < n; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int reps = argc > 1 ? atoi(argv[1]) : 200, rounds = argc > 3 ? atoi(argv[3]) : 10;
    long n = argc > 2 ? atol(argv[2]) : 100000;
    double best[2] = { INFINITY, INFINITY };
    sigset_t prof;
    sigemptyset(&prof);
    sigaddset(&prof, SIGPROF);
    for (int r = 0; r < 2 * rounds; r++) {
        int on = r & 1;
        sigprocmask(on ? SIG_UNBLOCK : SIG_BLOCK, &prof, NULL);
        double t0 = MPI_Wtime();
        for (int i = 0; i < reps; i++) {
            work(n);
            MPI_Wtime();
        }
        double t = MPI_Wtime() - t0;
        if (t < best[on])
            best[on] = t;
    }
    sigprocmask(SIG_UNBLOCK, &prof, NULL);
    printf("RESULT off %.0f\nRESULT on %.0f\n", best[0] * 1e9, best[1] * 1e9);
    MPI_Finalize();
    return 0;
}

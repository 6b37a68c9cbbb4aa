/* trace_signal.c - the fatal-signal handlers of a traced rank: flush
 * every buffered record (async-signal-safe stored frames), then stay
 * alive a moment before dying of the signal.
 *
 * Why stay: Open MPI 4.1's orted ends a job with SIGCONT, sleep(1),
 * SIGTERM to every rank, sleep(1), SIGKILL. Its second sleep is cut short
 * by the SIGCHLD of the first rank that dies, and the SIGKILL follows at
 * once. A rank that flushed in 0.1 ms and died at once therefore had the
 * others killed before they were scheduled to run their handler (on a
 * loaded machine: tens of ms): 0-byte or cut streams in 5 of 7 tries.
 * Each rank that flushed now waits (up to SESHAT_SIGNAL_LINGER_MS, under
 * mpirun only) so no SIGCHLD comes early; orted's full second passes and
 * its SIGKILL ends the waiting ranks, every stream flushed. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/realclock.h"
#include "trace/trace_signal.h"

#define SESHAT_SIGNAL_LINGER_MS 3000

static int linger_ms;
static seshat_signal_flush_fn flush_fn;
static void *flush_ctx;

static void on_signal(int sig)
{
    /* nothing flushed: nothing to wait for */
    int wait_ms = flush_fn && flush_fn(flush_ctx) ? linger_ms : 0;
    struct timespec t0, now, nap = { 0, 20 * 1000000 };
    /* real time: the program's clock_gettime reads virtual time, which a
     * sleeping rank never advances */
    seshat_real_clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        seshat_real_clock_gettime(CLOCK_MONOTONIC, &now);
        if ((now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000 >= wait_ms)
            break;
        nanosleep(&nap, NULL);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void seshat_trace_signals_install(seshat_signal_flush_fn flush, void *ctx)
{
    flush_fn = flush;
    flush_ctx = ctx;
    /* Under a launcher that kills with SIGKILL after its SIGTERM (mpirun,
     * srun): linger. A singleton run dies at once. */
    linger_ms = getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE") || getenv("PMIX_RANK")
                    ? SESHAT_SIGNAL_LINGER_MS : 0;
    /* Each of these blocked while the handler runs: a second one (Open
     * MPI's SIGTERM after ours, a SIGINT) must not interrupt the flush.
     * SIGHUP (a closed terminal, a forwarded hangup) and SIGXCPU (a batch
     * system's CPU limit) end a run as surely as SIGTERM. */
    static const int fatal[] = { SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGXCPU, SIGSEGV, SIGBUS,
                                 SIGABRT, SIGFPE, SIGILL };
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        sigaddset(&sa.sa_mask, fatal[i]);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        sigaction(fatal[i], &sa, NULL);
}

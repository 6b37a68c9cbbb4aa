/* vclock.c - the program's own clocks read virtual time (vclock.h). */
#include <stdio.h>

#include "common/realclock.h"
#include "rank/core.h"
#include "rank/vclock.h"

/* The wall-time clocks of clock_gettime (Linux ids 0..11 without the two
 * CPU-time ones, 2 and 3; 10 is unused): their epochs, by id. */
enum { VCLOCK_IDS = 12 };
static const unsigned char virtual_id[VCLOCK_IDS] = {
    [CLOCK_REALTIME] = 1,        [CLOCK_MONOTONIC] = 1,       [CLOCK_MONOTONIC_RAW] = 1,
    [CLOCK_REALTIME_COARSE] = 1, [CLOCK_MONOTONIC_COARSE] = 1, [CLOCK_BOOTTIME] = 1,
    [CLOCK_REALTIME_ALARM] = 1,  [CLOCK_BOOTTIME_ALARM] = 1,  [CLOCK_TAI] = 1,
};
static int64_t epoch[VCLOCK_IDS];
static int enabled;
static long long reads;

void seshat_vclock_start(void)
{
    enabled = seshat_rt.cfg.virtual_clocks;
    if (!enabled)
        return;
    for (int id = 0; id < VCLOCK_IDS; id++)
        if (virtual_id[id])
            epoch[id] = seshat_real_ns(id);
    /* Each clock's epoch is rank 0's and the virtual clock starts at 0 on
     * every rank, so the ranks read one clock, as with MPI_Wtime. */
    SESHAT_CHECKED(Bcast, epoch, VCLOCK_IDS, MPI_INT64_T, 0, seshat_rt.app);
}

int seshat_vclock_enabled(void) { return enabled; }

int seshat_vclock_read(clockid_t id, int64_t *ns)
{
    if (!enabled || id < 0 || id >= VCLOCK_IDS || !virtual_id[id])
        return -1;
    reads++;
    *ns = epoch[id] + seshat_clock_program();
    return 0;
}

void seshat_vclock_summary(char *line, size_t n)
{
    long long total = 0;
    SESHAT_CHECKED(Reduce, &reads, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, seshat_rt.app);
    if (!enabled)
        snprintf(line, n, "seshat: program clocks real (simulator.virtual_clocks = off): only "
                          "MPI_Wtime is virtual\n");
    else
        snprintf(line, n, "seshat: program clocks virtual: gettimeofday, clock_gettime (REALTIME, "
                          "MONOTONIC, their _COARSE and _RAW variants, BOOTTIME, TAI), time, "
                          "omp_get_wtime; %lld reads; CPU-time clocks real\n", total);
}

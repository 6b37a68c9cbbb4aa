/* clock_calls.c - the clocks the program reads itself: clock_gettime,
 * gettimeofday, time and omp_get_wtime, exported by the preloaded library
 * beside the MPI names (docs/design.md, "The program's clocks";
 * tests/tools/exports.py names them). The thread that initialized MPI
 * reads virtual time (rank/vclock.h) between MPI_Init and MPI_Finalize,
 * outside MPI calls; everything else reads the real clocks: before and
 * after, the MPI library and ROMIO inside a call (seshat_depth), seshat's
 * own threads and the MPI library's (progress, PMIx, the trace writer),
 * and any thread the program starts. seshat's own code never comes here
 * (common/realclock.h). */
#include "common/realclock.h"
#include "interpose/interpose.h"
#include "rank/vclock.h"

/* The thread that initialized MPI (it owns the virtual clock). */
static _Thread_local int clock_owner;

void seshat_vclock_begin(void)
{
    seshat_vclock_start();
    clock_owner = 1;
}

/* Virtual nanoseconds of clock id into *ns when this read is the
 * program's own, on the clock's owner, outside MPI; else 0. */
static inline int program_read(clockid_t id, int64_t *ns)
{
    return clock_owner && seshat_active && !seshat_depth && seshat_vclock_read(id, ns) == 0;
}

SESHAT_EXPORT int clock_gettime(clockid_t id, struct timespec *ts)
{
    int64_t ns;
    if (!program_read(id, &ns))
        return seshat_real_clock_gettime(id, ts);
    ts->tv_sec = (time_t)(ns / 1000000000);
    ts->tv_nsec = (long)(ns % 1000000000);
    return 0;
}

SESHAT_EXPORT int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
    int64_t ns;
    if (tz) {   /* the time zone is the real one */
        int rc = seshat_real_gettimeofday(tv, tz);
        if (rc != 0)
            return rc;
    }
    if (!program_read(CLOCK_REALTIME, &ns))
        return tz ? 0 : seshat_real_gettimeofday(tv, tz);
    tv->tv_sec = (time_t)(ns / 1000000000);
    tv->tv_usec = (suseconds_t)(ns % 1000000000 / 1000);
    return 0;
}

SESHAT_EXPORT time_t time(time_t *t)
{
    int64_t ns;
    if (!program_read(CLOCK_REALTIME, &ns))
        return seshat_real_time(t);
    time_t s = (time_t)(ns / 1000000000);
    if (t)
        *t = s;
    return s;
}

/* OpenMP's wall clock is CLOCK_MONOTONIC in seconds (libgomp). */
SESHAT_EXPORT double omp_get_wtime(void)
{
    int64_t ns;
    if (!program_read(CLOCK_MONOTONIC, &ns))
        return seshat_real_omp_wtime();
    return (double)(ns / 1000000000) + (double)(ns % 1000000000) * 1e-9;
}

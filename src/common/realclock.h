/* realclock.h - seshat's own clock reads: always the C library's real
 * clocks, never the program-facing ones. libseshat defines clock_gettime,
 * gettimeofday, time and omp_get_wtime for the program (virtual clocks,
 * src/interpose/clock_calls.c); a plain call to them from inside the
 * library would bind to those, so seshat's code reads time only through
 * here: the C library's own functions (which read the vDSO), found in
 * libc.so.6 itself, else with dlsym(RTLD_NEXT). */
#ifndef SESHAT_REALCLOCK_H
#define SESHAT_REALCLOCK_H

#include <stdint.h>
#include <sys/time.h>
#include <time.h>

int seshat_real_clock_gettime(clockid_t id, struct timespec *ts);
int seshat_real_gettimeofday(struct timeval *tv, void *tz);
time_t seshat_real_time(time_t *t);
/* omp_get_wtime of the OpenMP runtime loaded, else CLOCK_MONOTONIC in
 * seconds (what libgomp reads). */
double seshat_real_omp_wtime(void);
/* Nanoseconds of clock id (real). */
static inline int64_t seshat_real_ns(clockid_t id)
{
    struct timespec ts;
    seshat_real_clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

#endif

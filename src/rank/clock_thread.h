/* clock_thread.h - the system-call time sources (clock_gettime): this
 * thread's CPU time and wall time, in nanoseconds; only differences mean
 * anything. No MPI here: seshat-run uses it too. */
#ifndef SESHAT_CLOCK_THREAD_H
#define SESHAT_CLOCK_THREAD_H

#include <stdint.h>

int64_t seshat_thread_cpu_ns(void);   /* CLOCK_THREAD_CPUTIME_ID */
int64_t seshat_wall_ns(void);         /* CLOCK_MONOTONIC */

#endif

/* vclock.h - the clocks the program reads itself (docs/models.md, "The
 * program's clocks"): clock_gettime's wall-time clocks, gettimeofday, time
 * and omp_get_wtime read, on an application rank, the epoch (the real
 * time of that clock when MPI_Init ended, application rank 0's, so the
 * ranks agree as MPI_Wtime's do) plus the rank's virtual clock. CPU-time
 * clocks (CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID, the ids of
 * clock_getcpuclockid) stay real. Who may see virtual time (the thread
 * that initialized MPI, outside MPI calls) is the interposition layer's
 * decision (src/interpose/clock_calls.c). */
#ifndef SESHAT_VCLOCK_H
#define SESHAT_VCLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* In MPI_Init on application ranks (collective over the application
 * communicator): takes the epochs when simulator.virtual_clocks is on. */
void seshat_vclock_start(void);
/* Whether the program's clocks are virtual in this run. */
int seshat_vclock_enabled(void);
/* Virtual nanoseconds of clock id into *ns: 0, or -1 for a clock that
 * stays real. The compute so far counts (seshat_clock_program), so a
 * busy-wait on the clock ends. */
int seshat_vclock_read(clockid_t id, int64_t *ns);
/* Collective over the application communicator: the summary's line
 * (rank 0's is complete): which clocks were virtual, how many reads all
 * ranks made. */
void seshat_vclock_summary(char *line, size_t n);

#endif

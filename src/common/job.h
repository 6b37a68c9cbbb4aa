/* job.h - a launcher's child job, owned by the launcher: the job dies with
 * it (even on SIGKILL: the child asks for SIGTERM when its parent dies,
 * PR_SET_PDEATHSIG, before exec), TERM/INT/HUP sent to the launcher are
 * passed on to the job, and the launcher waits for the job to end (the
 * ranks flush their traces) before it ends itself with the same signal.
 * Used by seshat-run, seshat-analyze and seshat-calibrate; one job at a
 * time per process. */
#ifndef SESHAT_JOB_H
#define SESHAT_JOB_H

#include <sys/types.h>

/* Seconds between passing a signal on and killing a job that has not ended. */
#define SESHAT_JOB_GRACE_S 10

/* Starts argv (PATH searched) with stdout on `out_fd` (-1: inherited) and
 * installs the forwarding handlers. Returns the pid, or -1 with a message
 * on stderr prefixed by `tool`. Exec failure is exit 127 in the child. */
pid_t seshat_job_start(const char *tool, char *const argv[], int out_fd);

/* Waits for the job; after `timeout_s` seconds (0: none) sends it SIGTERM,
 * then SIGKILL after the grace period, and sets *timed_out. Returns the
 * waitpid status, or -1. */
int seshat_job_wait(pid_t pid, int timeout_s, int *timed_out);

/* The signal the launcher received while its job ran (0: none). */
int seshat_job_signal(void);

/* A status as a shell exit code: the exit status, or 128 + the signal. */
int seshat_job_exit_code(int status);

/* If a signal ended the job, ends the launcher with that signal (its own
 * parent sees the usual "killed by" status); else returns. */
void seshat_job_reraise(void);

/* In a rank's MPI_Init (libseshat): creates the file $SESHAT_INIT_FILE
 * names, if set, so that seshat-run can tell that MPI_Init reached seshat. */
void seshat_job_note_init(void);

#endif

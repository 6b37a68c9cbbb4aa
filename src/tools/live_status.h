/* live_status.h - seshat-run's one-line live status on a terminal:
 * virtual time reached, wall time, messages modeled, trace MB written,
 * read from the files the model ranks rewrite twice a second. */
#ifndef SESHAT_LIVE_STATUS_H
#define SESHAT_LIVE_STATUS_H

#include <sys/types.h>

/* Non-NULL "SESHAT_STATUS=<base>" to pass to the job when stderr is a
 * terminal (and $SESHAT_NO_STATUS is unset); NULL otherwise. */
const char *live_status_env(void);

/* Wait for `pid`, redrawing the line about 4 times a second once the run
 * has taken a second; erases it and removes the files at the end.
 * `first`..`first + n - 1` are the model ranks' world ranks. Returns the
 * waitpid status, or -1. */
int live_status_wait(pid_t pid, int first, int n);

#endif

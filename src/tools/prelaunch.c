/* prelaunch.c - seshat-run's checks before launch (prelaunch.h). */
#include "tools/prelaunch.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/model.h"

/* An executable regular file at `path`. */
static int runnable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static int check_program(const char *program, char *err, size_t errlen)
{
    if (strchr(program, '/')) {
        if (runnable(program))
            return 0;
        snprintf(err, errlen, "%s: %s", program,
                 access(program, F_OK) ? "no such program" : "not an executable file");
        return -1;
    }
    const char *path = getenv("PATH");
    char *copy = strdup(path && *path ? path : "/usr/bin:/bin"), *save = NULL;
    int found = 0;
    for (char *d = strtok_r(copy, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
        char full[PATH_MAX];
        found = snprintf(full, sizeof full, "%s/%s", *d ? d : ".", program) < (int)sizeof full &&
                runnable(full);
    }
    free(copy);
    if (!found)
        snprintf(err, errlen, "%s: no such program in $PATH", program);
    return found ? 0 : -1;
}

/* The trace directory's parent takes a new directory: made and removed
 * (a read-only file system, permissions, a missing parent all show). */
static int check_trace_dir(const char *dir, char *err, size_t errlen)
{
    /* the longest file the run writes there: "/msglog-<rank>.sst" */
    if (strlen(dir) + 32 >= SESHAT_PATH_MAX) {
        snprintf(err, errlen, "trace.dir = %.60s...: %zu characters, at most %d", dir, strlen(dir),
                 SESHAT_PATH_MAX - 33);
        return -1;
    }
    char copy[SESHAT_PATH_MAX], probe[SESHAT_PATH_MAX + 32];
    snprintf(copy, sizeof copy, "%s", dir[0] ? dir : "./x");
    for (char *s = copy, *slash; *s; s = slash + 1) {   /* each name fits the file system */
        slash = strchr(s, '/');
        size_t n = slash ? (size_t)(slash - s) : strlen(s);
        if (n > NAME_MAX) {
            snprintf(err, errlen, "trace.dir = %.60s...: a name of %zu characters (at most %d)",
                     dir, n, NAME_MAX);
            return -1;
        }
        if (!slash)
            break;
    }
    snprintf(probe, sizeof probe, "%s/.seshat-probe-XXXXXX", dirname(copy));
    if (!mkdtemp(probe)) {
        snprintf(err, errlen, "trace.dir = %s: cannot create the trace directory there: %s", dir,
                 strerror(errno));
        return -1;
    }
    rmdir(probe);
    return 0;
}

static int check_model(const seshat_config *cfg, int np, char *err, size_t errlen)
{
    seshat_model m;
    if (seshat_model_init(&m, cfg, err, errlen) != 0)
        return -1;
    int rc = seshat_model_load(&m, np, err, errlen);
    seshat_model_free(&m);
    return rc;
}

int seshat_prelaunch_check(const seshat_config *cfg, const char *program, int np, char *err,
                           size_t errlen)
{
    if (check_program(program, err, errlen))
        return -1;
    if (cfg->trace_enabled && check_trace_dir(cfg->trace_dir, err, errlen))
        return -1;
    return check_model(cfg, np, err, errlen) ? -2 : 0;
}

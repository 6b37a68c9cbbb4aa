/* trace_dir.c - the run's trace directory: named once by world rank 0 and
 * never an existing one. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/realclock.h"
#include "mpi/calls.h"
#include "trace/trace_dir.h"

/* Rank 0: create the directory; returns 0 with its name, or -1 with a
 * message. `wanted` empty means a new timestamped name. */
static int create_dir(const char *wanted, char *out, size_t len, char *err, size_t errlen)
{
    char base[SESHAT_PATH_MAX];
    if (wanted[0]) {
        snprintf(base, sizeof base, "%s", wanted);
    } else {
        char stamp[32];
        time_t now = seshat_real_time(NULL);
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
        const char *job = getenv("OMPI_MCA_ess_base_jobid");
        snprintf(base, sizeof base, "seshat-trace-%s-%s", stamp, job ? job : "0");
    }
    for (int k = 0; k < 1000; k++) {
        if (k == 0)
            snprintf(out, len, "%s", base);
        else
            snprintf(out, len, "%s.%d", base, k);
        if (mkdir(out, 0755) == 0)
            return 0;
        if (errno != EEXIST)
            break;
    }
    snprintf(err, errlen, "trace.dir = \"%s\": cannot create the trace directory: %s", out,
             strerror(errno));
    return -1;
}

int seshat_trace_dir(const seshat_config *cfg, MPI_Comm world, int world_rank, char *dir,
                     size_t len)
{
    char msg[SESHAT_PATH_MAX + 200] = "";
    dir[0] = 0;
    if (world_rank == 0 && create_dir(cfg->trace_dir, dir, len, msg, sizeof msg) != 0) {
        fprintf(stderr, "seshat: %s; tracing is off, the simulation goes on\n", msg);
        dir[0] = 0;
    } else if (world_rank == 0 && cfg->trace_dir[0] && strcmp(dir, cfg->trace_dir)) {
        fprintf(stderr, "seshat: %s exists; writing the trace to %s\n", cfg->trace_dir, dir);
    }
    seshat_real.Bcast(dir, (int)len, MPI_CHAR, 0, world);
    /* Node-local disks (docs/cluster.md): the same path on every node;
     * on a shared file system it exists already. */
    if (world_rank != 0 && dir[0] && mkdir(dir, 0755) != 0 && errno != EEXIST)
        fprintf(stderr, "seshat: rank %d: cannot create the trace directory %s on this node: "
                "%s\n", world_rank, dir, strerror(errno));
    return dir[0] ? 0 : -1;
}

/* error.c - the error policy (docs/design.md, "Error policy"): what
 * seshat cannot go on without (memory, its own messages on the control
 * communicator and the shadows) ends the job with one line that names
 * what failed. Errors of the program's own calls are the program's: they
 * return to it unchanged. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/log.h"
#include "rank/core.h"

void seshat_fatal(const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    seshat_error("%s", msg);
    fflush(stderr);
    int up = 0;
    if (seshat_real.Initialized && seshat_real.Abort && seshat_real.Initialized(&up) == MPI_SUCCESS &&
        up)
        seshat_real.Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

void seshat_ctl_fail(int rc, const char *what)
{
    char msg[MPI_MAX_ERROR_STRING] = "";
    int len = 0;
    if (seshat_real.Error_string)
        seshat_real.Error_string(rc, msg, &len);
    seshat_fatal("real MPI_%s on seshat's own communicator failed: %s (error %d)", what,
                 msg[0] ? msg : "no error string", rc);
}

void *seshat_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        seshat_fatal("out of memory (%zu bytes)", n);
    return p;
}

void *seshat_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        seshat_fatal("out of memory (%zu x %zu bytes)", n, size);
    return p;
}

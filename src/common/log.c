#include "common/log.h"

#include <stdarg.h>
#include <stdio.h>

static int log_rank = -1;
static enum seshat_log_level log_level = SESHAT_LOG_WARN;

void seshat_log_set_rank(int rank) { log_rank = rank; }
void seshat_log_set_level(enum seshat_log_level level) { log_level = level; }

void seshat_log_at(enum seshat_log_level level, const char *func, int line,
                   const char *fmt, ...)
{
    static const char *const names[] = { "error", "warning", "info", "debug" };
    if (level > log_level)
        return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* One fprintf per message so lines from ranks do not interleave. */
    if (level >= SESHAT_LOG_DEBUG)
        fprintf(stderr, "seshat[%d]: %s: %s (%s:%d)\n", log_rank, names[level], msg, func, line);
    else if (log_rank >= 0)
        fprintf(stderr, "seshat[%d]: %s: %s\n", log_rank, names[level], msg);
    else
        fprintf(stderr, "seshat: %s: %s\n", names[level], msg);
}

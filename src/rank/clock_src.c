/* clock_src.c - choosing and reading a compute-time source. */
#include <stdio.h>
#include <string.h>

#include "rank/clock_src.h"

seshat_clksrc_kind seshat_clksrc_open(seshat_clksrc *s, seshat_clksrc_kind kind, char *why,
                                      size_t n)
{
    char tmp[160];
    *s = (seshat_clksrc){ .kind = kind, .perf = { .fd = -1 } };
    if (why && n)
        why[0] = 0;
    if (!why || !n) {
        why = tmp;
        n = sizeof tmp;
    }
    if (kind != SESHAT_CLKSRC_PERF || seshat_perf_clock_open(&s->perf, why, n) == 0)
        return s->kind;
    /* No user-space read: watch the page for switches instead. */
    char gate_why[160];
    if (seshat_perf_gate_open(&s->perf, gate_why, sizeof gate_why) == 0) {
        s->kind = SESHAT_CLKSRC_GATED;
        return s->kind;
    }
    size_t len = strlen(why);
    snprintf(why + len, n - len, "; %s", gate_why);
    s->kind = SESHAT_CLKSRC_THREAD;
    return s->kind;
}

void seshat_clksrc_close(seshat_clksrc *s)
{
    seshat_perf_close(&s->perf);
    s->kind = SESHAT_CLKSRC_THREAD;
}

int64_t seshat_clksrc_read(const seshat_clksrc *s)
{
    switch (s->kind) {
    case SESHAT_CLKSRC_PERF: return seshat_perf_clock_read(&s->perf);
    case SESHAT_CLKSRC_WALL: return seshat_wall_ns();
    default: return seshat_thread_cpu_ns();
    }
}

const char *seshat_clksrc_name(seshat_clksrc_kind kind)
{
    switch (kind) {
    case SESHAT_CLKSRC_PERF: return "perf task clock, user-space read";
    case SESHAT_CLKSRC_WALL: return "CLOCK_MONOTONIC";
    case SESHAT_CLKSRC_GATED:
        return "CLOCK_MONOTONIC between context switches (perf page), CLOCK_THREAD_CPUTIME_ID "
               "across them";
    default: return "CLOCK_THREAD_CPUTIME_ID";
    }
}

/* clock_src.c - choosing and reading a compute-time source. */
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rank/clock_src.h"

seshat_clksrc_kind seshat_clksrc_open(seshat_clksrc *s, seshat_clksrc_kind kind, char *why,
                                      size_t n)
{
    char tmp[160];
    *s = (seshat_clksrc){ .kind = kind, .fd = -1 };
    if (why && n)
        why[0] = 0;
    if (kind == SESHAT_CLKSRC_PERF && seshat_perf_clock_open(s, why ? why : tmp,
                                                             why ? n : sizeof tmp) != 0)
        s->kind = SESHAT_CLKSRC_THREAD;
    return s->kind;
}

void seshat_clksrc_close(seshat_clksrc *s)
{
    if (s->page)
        munmap((void *)s->page, s->page_len);
    if (s->fd >= 0)
        close(s->fd);
    s->page = NULL;
    s->fd = -1;
    s->kind = SESHAT_CLKSRC_THREAD;
}

int64_t seshat_clksrc_read(const seshat_clksrc *s)
{
    switch (s->kind) {
    case SESHAT_CLKSRC_PERF: return seshat_perf_clock_read(s);
    case SESHAT_CLKSRC_WALL: return seshat_wall_ns();
    default: return seshat_thread_cpu_ns();
    }
}

const char *seshat_clksrc_name(seshat_clksrc_kind kind)
{
    switch (kind) {
    case SESHAT_CLKSRC_PERF: return "perf task clock, user-space read";
    case SESHAT_CLKSRC_WALL: return "CLOCK_MONOTONIC";
    default: return "CLOCK_THREAD_CPUTIME_ID";
    }
}

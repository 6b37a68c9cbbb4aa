/* trace_sites.h - one line of a trace's sites-R.txt (docs/trace-format.md):
 * "index = function file:line module", or "index = function ?+0xOFF module"
 * without line information. The analyzer and the OTF2 export read it. */
#ifndef SESHAT_TRACE_SITES_H
#define SESHAT_TRACE_SITES_H

#include <stdio.h>

/* The largest call-site index a reader accepts (a damaged file cannot make
 * it allocate without bound). */
#define SESHAT_SITE_INDEX_MAX 1000000

typedef struct seshat_site_line {
    int index;
    char fn[1024], loc[1024], mod[1024];   /* mod is "?" when the line has none */
} seshat_site_line;

/* 1 if `line` is a site (comments and malformed lines give 0). */
static inline int seshat_site_line_parse(const char *line, seshat_site_line *s)
{
    s->mod[0] = '?';
    s->mod[1] = 0;
    return line[0] != '#' &&
           sscanf(line, "%d = %1023s %1023s %1023s", &s->index, s->fn, s->loc, s->mod) >= 3 &&
           s->index >= 0 && s->index <= SESHAT_SITE_INDEX_MAX;
}

#endif

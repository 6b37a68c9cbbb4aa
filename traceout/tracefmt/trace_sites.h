/* trace_sites.h - one line of a trace's sites-R.txt (docs/trace-format.md):
 * "index = function file:line module", or "index = function ?+0xOFF module"
 * without line information, then " < function file:line module" for each
 * caller up to main (the call path, innermost first; none in traces
 * written before call paths). The analyzer and the OTF2 export read it. */
#ifndef SESHAT_TRACE_SITES_H
#define SESHAT_TRACE_SITES_H

#include <stdio.h>

/* The largest call-site index a reader accepts (a damaged file cannot make
 * it allocate without bound). */
#define SESHAT_SITE_INDEX_MAX 1000000

#define SESHAT_SITE_CALLERS_MAX 7   /* callers kept per site (the tracer's 8 frames) */

typedef struct seshat_site_frame {
    char fn[512], loc[1024], mod[1024];
} seshat_site_frame;

typedef struct seshat_site_line {
    int index;
    char fn[1024], loc[1024], mod[1024];   /* mod is "?" when the line has none */
    int ncallers;                          /* callers[0] called fn, callers[1] it, ... */
    seshat_site_frame callers[SESHAT_SITE_CALLERS_MAX];
} seshat_site_line;

/* 1 if `line` is a site (comments and malformed lines give 0); a caller
 * that is not "< function location module" ends the path there. */
static inline int seshat_site_line_parse(const char *line, seshat_site_line *s)
{
    int end = 0;
    s->mod[0] = '?';
    s->mod[1] = 0;
    s->ncallers = 0;
    if (line[0] == '#' ||
        sscanf(line, "%d = %1023s %1023s %n%1023s %n", &s->index, s->fn, s->loc, &end, s->mod,
               &end) < 3 ||
        s->index < 0 || s->index > SESHAT_SITE_INDEX_MAX)
        return 0;
    for (const char *p = line + end; s->ncallers < SESHAT_SITE_CALLERS_MAX;) {
        seshat_site_frame *c = &s->callers[s->ncallers];
        int n = 0;
        if (sscanf(p, "< %511s %1023s %1023s %n", c->fn, c->loc, c->mod, &n) < 3 || !n)
            break;
        s->ncallers++;
        p += n;
    }
    return 1;
}

#endif

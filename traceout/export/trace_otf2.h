/* trace_otf2.h - export a seshat trace directory to OTF2 (otf2-print,
 * Vampir, ViTE read it). */
#ifndef SESHAT_TRACE_OTF2_H
#define SESHAT_TRACE_OTF2_H

/* What makes a trace not whole (the caller's check: one line each). */
typedef struct seshat_otf2_problems {
    int n;
    char **msg;
} seshat_otf2_problems;

/* Writes OUT/traces.otf2 (+ defs and event files) from the streams of
 * DIR's `nranks` ranks, marking the archive incomplete when `problems`
 * names any. Returns 0, or 1 with a message on stderr. */
int seshat_export_otf2(const char *dir, int nranks, const char *out,
                       const seshat_otf2_problems *problems);

#endif

/* an_samples.h - computation attributed to call paths from a trace's
 * SAMPLE records (trace.sample; docs/analysis-outputs.md, "Compute call
 * paths"): each compute interval (from an MPI call's exit to the next
 * call's enter) is split among the call paths sampled in it, in
 * proportion to their counts; an interval with no sample stays
 * unattributed. Paths are unified over ranks by their function names,
 * outermost first ("main > solver > regular_phase"). */
#ifndef SESHAT_AN_SAMPLES_H
#define SESHAT_AN_SAMPLES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct an_spath {
    char *path;          /* "main > heavy > spin" (C++ names demangled) */
    char *function;      /* the innermost: "spin" */
    char *location;      /* its file:line (the first sample's), or "?" */
    char *site;          /* the innermost frame as a call site's location, "file:line (fn)" */
    char *callers;       /* its callers, innermost first, "file:line (fn) < ..." (seshat_site's) */
    int64_t *time;       /* [nranks] ns */
    uint64_t *samples;   /* [nranks] */
} an_spath;

/* A rank's sampled compute intervals, in time order, for questions about
 * a time span (the root causes' delaying intervals, an_delay.h). */
typedef struct an_scount { int path; uint64_t count; } an_scount;
typedef struct an_sinterval { int64_t start, end; size_t first, n; } an_sinterval;   /* counts[first..+n) */
typedef struct an_srank {
    an_sinterval *iv;
    size_t niv, cap_iv;
    an_scount *counts;
    size_t ncounts, cap_counts;
} an_srank;

typedef struct an_samples {
    int nranks, n;
    an_spath *p;
    int64_t *unattributed;   /* [nranks]: computation in intervals with no sample */
    an_srank *rank;          /* [nranks] */
} an_samples;

/* Reads DIR's streams and sites files for ranks 0..nranks-1 (a missing
 * one adds nothing). Returns 0, or -1 with err set. */
int an_samples_read(const char *dir, int nranks, an_samples *s, char *err, size_t errlen);
void an_samples_free(an_samples *s);
/* The path holding the most computation over all ranks, NULL if none. */
const an_spath *an_samples_top(const an_samples *s);
/* The path holding most of `rank`'s computation, -1 if none. */
int an_samples_rank_top(const an_samples *s, int rank);
/* Adds weight x each path's share of `rank`'s sampled computation in the
 * virtual-time span [t0, t1] to share[path] (s->n entries); returns the
 * sampled ns found there (0: no sampled interval overlaps, nothing added). */
int64_t an_samples_within(const an_samples *s, int rank, int64_t t0, int64_t t1, double weight,
                          double *share);
/* JSON: `"compute_paths": [...]` (no trailing comma), most time first. */
void an_samples_json(FILE *f, const an_samples *s);
/* HTML: a table of the top `k` compute call paths per rank. */
void an_samples_html(FILE *f, const an_samples *s, int k);

#endif

/* an_check.c - the trace against its definitions. */
#include "analyze/an_check.h"

#include <dirent.h>
#include <errno.h>
#include <iniparser/iniparser.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/config.h"
#include "mpi/calls.h"
#include "tracefmt/trace_format.h"

/* rank-K.sst -> K, else -1. */
static int stream_rank(const char *name)
{
    char tail[8];
    int k;
    if (sscanf(name, "rank-%d%7s", &k, tail) != 2 || strcmp(tail, ".sst") || k < 0)
        return -1;
    return k;
}

/* The largest K of the rank-K.sst files, -1 if none. */
static int last_stream(const char *dir)
{
    DIR *dd = opendir(dir);
    struct dirent *e;
    int last = -1;
    while (dd && (e = readdir(dd))) {
        int k = stream_rank(e->d_name);
        last = k > last ? k : last;
    }
    if (dd)
        closedir(dd);
    return last;
}

/* The largest rank a list like "0-3,8" names, or -1. */
static long long rankset_max(const char *s)
{
    long long most = -1;
    for (const char *p = s; *p;) {
        if (*p >= '0' && *p <= '9') {
            char *end;
            long long v = strtoll(p, &end, 10);
            most = v > most ? v : most;
            p = end;
        } else {
            p++;
        }
    }
    return most;
}

/* A hand-edited defs.ini is checked before anything is sized from it:
 * ranks = 1000000 would allocate rank x rank tables, a rank list beyond
 * the ranks would be walked for minutes, a newer format or a filter this
 * build cannot parse would be misread. 0, or -1 with one line. */
static int defs_sane(dictionary *ini, const char *path, int nranks, const char *traced,
                     char *err, size_t errlen)
{
    int version = iniparser_getint(ini, "trace:version", SESHAT_TRACE_VERSION);
    const char *window = iniparser_getstring(ini, "trace:window", "all");
    const char *kinds = iniparser_getstring(ini, "trace:kinds", "all");
    const char *comms = iniparser_getstring(ini, "trace:comms", "all");
    const char *minb = iniparser_getstring(ini, "trace:min_bytes", "0");
    int64_t a, b;
    unsigned mask;
    if (version < 1 || version > SESHAT_TRACE_VERSION)
        snprintf(err, errlen, "%s: [trace] version = %d: this seshat reads version %d", path,
                 version, SESHAT_TRACE_VERSION);
    else if (nranks > SESHAT_MAX_APP_RANKS)
        snprintf(err, errlen, "%s: [trace] ranks = %d: at most %d", path, nranks,
                 SESHAT_MAX_APP_RANKS);
    else if (strcmp(traced, "none") && strcmp(traced, "all") && rankset_max(traced) >= nranks)
        snprintf(err, errlen, "%s: [trace] traced = %s names rank %lld, beyond ranks = %d", path,
                 traced, rankset_max(traced), nranks);
    else if (seshat_window_parse(window, &a, &b))
        snprintf(err, errlen, "%s: [trace] window = '%s': expected all or FROM-TO times", path,
                 window);
    else if (seshat_kindset_mask(kinds, &mask))
        snprintf(err, errlen, "%s: [trace] kinds = '%s': not a list of event kinds", path, kinds);
    else if (strcmp(comms, "none") && seshat_rankset_check(comms))
        snprintf(err, errlen, "%s: [trace] comms = '%s': expected all or a list like 0-3,8", path,
                 comms);
    else if (minb[strspn(minb, "0123456789")] && seshat_parse_bytes(minb, &a))   /* written as a number */
        snprintf(err, errlen, "%s: [trace] min_bytes = '%s': expected a size", path, minb);
    else
        return 0;
    return -1;
}

int an_defs_load(const char *dir, an_defs *d, char *err, size_t errlen)
{
    char path[PATH_MAX + 32];
    struct stat sb;
    *d = (an_defs){ .nranks = -1 };
    if (stat(dir, &sb) || !S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "%s: not a trace directory (%s)", dir,
                 errno ? strerror(errno) : "not a directory");
        return -1;
    }
    snprintf(path, sizeof path, "%s/defs.ini", dir);
    dictionary *ini = access(path, R_OK) == 0 ? iniparser_load(path) : NULL;
    snprintf(d->ranks_spec, sizeof d->ranks_spec, "all");
    if (ini) {
        d->have_defs = 1;
        d->nranks = iniparser_getint(ini, "trace:ranks", -1);
        d->complete = iniparser_getboolean(ini, "trace:complete", 0);
        const char *t = iniparser_getstring(ini, "trace:traced", "all");
        snprintf(d->ranks_spec, sizeof d->ranks_spec, "%s", t);
        int bad = d->nranks > 0 && defs_sane(ini, path, d->nranks, d->ranks_spec, err, errlen);
        iniparser_freedict(ini);
        if (d->nranks <= 0) {
            snprintf(err, errlen, "%s: [trace] ranks is missing or not a positive number", path);
            return -1;
        }
        if (bad)
            return -1;
        if (strcmp(d->ranks_spec, "none") && seshat_rankset_check(d->ranks_spec)) {
            snprintf(err, errlen, "%s: [trace] traced = '%s': expected all or a rank list "
                     "like 0-3,8", path, d->ranks_spec);
            return -1;
        }
    } else {
        d->nranks = last_stream(dir) + 1;
    }
    if (d->nranks <= 0) {
        snprintf(err, errlen, "%s: no defs.ini and no rank-0.sst: not a seshat trace directory", dir);
        return -1;
    }
    d->traced = calloc((size_t)d->nranks, 1);
    if (!d->traced) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int r = 0; r < d->nranks; r++)
        if ((d->traced[r] = (unsigned char)seshat_rankset_contains(d->ranks_spec, r)))
            d->ntraced++;
    return 0;
}

void an_defs_free(an_defs *d)
{
    free(d->traced);
    d->traced = NULL;
}

void an_problems_add(an_problems *p, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    char **m = realloc(p->msg, ((size_t)p->n + 1) * sizeof *m);
    if (!m || !(m[p->n] = strdup(line))) {
        fprintf(stderr, "seshat-analyze: out of memory\n");
        exit(1);
    }
    p->msg = m;
    p->n++;
}

void an_problems_free(an_problems *p)
{
    for (int i = 0; i < p->n; i++)
        free(p->msg[i]);
    free(p->msg);
    *p = (an_problems){ 0 };
}

char *an_problems_join(const an_problems *p)
{
    size_t len = 1;
    for (int i = 0; i < p->n; i++)
        len += strlen(p->msg[i]) + 2;
    char *s = calloc(len, 1);
    for (int i = 0; s && i < p->n; i++)
        strcat(strcat(s, i ? "; " : ""), p->msg[i]);
    return s;
}

void an_check_dir(const char *dir, const an_defs *d, an_problems *p)
{
    an_check_dir_known(dir, d, NULL, p);
}

/* A traced rank's stream: as `stream` says, else as this disk has it. */
static int state_of(const char *dir, const unsigned char *stream, int r)
{
    char path[PATH_MAX + 32];
    struct stat sb;
    if (stream)
        return stream[r];
    snprintf(path, sizeof path, "%s/rank-%d.sst", dir, r);
    return stat(path, &sb) ? AN_STREAM_MISSING : sb.st_size == 0 ? AN_STREAM_EMPTY : AN_STREAM_OK;
}

void an_check_dir_known(const char *dir, const an_defs *d, const unsigned char *stream,
                        an_problems *p)
{
    char path[PATH_MAX + 32];
    struct stat sb;
    if (!d->have_defs)
        an_problems_add(p, "defs.ini is missing: the run did not finish (crash, abort or kill)");
    else if (!d->complete)
        an_problems_add(p, "defs.ini says complete = false: a stream failed while it was written");
    for (int r = 0; r < d->nranks; r++) {
        if (!d->traced[r])
            continue;
        int st = state_of(dir, stream, r);
        if (st == AN_STREAM_MISSING)
            an_problems_add(p, "rank-%d.sst is missing: rank %d has no stream", r, r);
        else if (st == AN_STREAM_EMPTY)
            an_problems_add(p, "rank-%d.sst is empty (0 bytes): rank %d has no records", r, r);
    }
    /* Streams defs.ini does not list, in rank order. */
    int last = last_stream(dir);
    for (int k = 0; k <= last; k++) {
        snprintf(path, sizeof path, "%s/rank-%d.sst", dir, k);
        if (k < d->nranks && d->traced[k])
            continue;
        if (stat(path, &sb))
            continue;
        if (k >= d->nranks)
            an_problems_add(p, "rank-%d.sst: an extra stream, beyond defs.ini's %d ranks "
                            "(not analyzed)", k, d->nranks);
        else
            an_problems_add(p, "rank-%d.sst: an extra stream, rank %d is not in defs.ini's "
                            "traced ranks %s (not analyzed)", k, k, d->ranks_spec);
    }
}

void an_check_stream(int rank, const an_stream_status *st, const char *read_error,
                     const an_defs *d, an_problems *p)
{
    if (read_error) {
        char name[32];
        snprintf(name, sizeof name, "rank-%d.sst", rank);
        const char *e = strstr(read_error, name);   /* without the directory */
        an_problems_add(p, "%s; the analysis has the records before it", e ? e : read_error);
    }
    if (!st->have_header && !read_error)
        an_problems_add(p, "rank-%d.sst: no HEADER record at its start", rank);
    else if (st->have_header && st->header_rank != rank)
        an_problems_add(p, "rank-%d.sst: its header names rank %d (a stream of another rank, "
                        "renamed or swapped)", rank, st->header_rank);
    else if (st->have_header && d->have_defs && st->header_nranks != d->nranks)
        an_problems_add(p, "rank-%d.sst: its header says %d ranks, defs.ini %d (a stream of "
                        "another run)", rank, st->header_nranks, d->nranks);
    char inside[128] = "";
    if (st->open_call >= 0)
        snprintf(inside, sizeof inside, "; its last call, %s, never returned",
                 st->open_call < SESHAT_CALL_COUNT ? seshat_call_names[st->open_call] : "?");
    if (!st->have_end && !read_error)
        an_problems_add(p, "rank-%d.sst: no END record: rank %d did not reach MPI_Finalize "
                        "(crash, abort or kill) or the stream was cut short%s", rank, rank, inside);
}

void an_check_all(const char *dir, const an_defs *d, an_problems *p)
{
    char path[PATH_MAX + 32], err[PATH_MAX + 256];
    struct stat sb;
    an_check_dir(dir, d, p);
    for (int r = 0; r < d->nranks; r++) {
        snprintf(path, sizeof path, "%s/rank-%d.sst", dir, r);
        if (!d->traced[r] || stat(path, &sb) || sb.st_size == 0)
            continue;
        an_iter *it = an_iter_open(dir, r, NULL, err, sizeof err);
        if (!it) {
            an_problems_add(p, "%s", err);
            continue;
        }
        an_call c;
        int rc;
        while ((rc = an_iter_next(it, &c, err, sizeof err)) == 1)
            ;
        an_check_stream(r, an_iter_status(it), rc < 0 ? err : NULL, d, p);
        an_iter_close(it);
    }
}

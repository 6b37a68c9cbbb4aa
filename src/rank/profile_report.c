/* profile_report.c - the merged profile (profile_report.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_str.h"
#include "config/config.h"
#include "rank/profile_report.h"

typedef struct row {
    char *call, *path;
    long long calls, ns, bytes;
    long long *rank_ns;       /* [nranks] */
} row;

typedef struct prof {
    int nranks, nrows, cap;
    row *rows;
    long long *end_ns;        /* [nranks]: each rank's final virtual time */
} prof;

static row *find(prof *p, const char *call, const char *path)
{
    for (int i = 0; i < p->nrows; i++)
        if (!strcmp(p->rows[i].call, call) && !strcmp(p->rows[i].path, path))
            return &p->rows[i];
    if (p->nrows == p->cap) {
        int cap = p->cap ? 2 * p->cap : 64;
        row *r = realloc(p->rows, sizeof *r * (size_t)cap);
        if (!r)
            return NULL;
        p->rows = r;
        p->cap = cap;
    }
    row *r = &p->rows[p->nrows];
    *r = (row){ strdup(call), strdup(path), 0, 0, 0, calloc((size_t)p->nranks, sizeof(long long)) };
    if (!r->call || !r->path || !r->rank_ns)
        return NULL;
    p->nrows++;
    return r;
}

static int read_rank(prof *p, const char *dir, int rank)
{
    char path[SESHAT_PATH_MAX + 64], line[8192];
    snprintf(path, sizeof path, "%s/profile.d/rank-%d.tsv", dir, rank);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        long long end, calls, ns, bytes;
        int r, off = 0;
        if (sscanf(line, "# seshat profile rank %d end_ns %lld", &r, &end) == 2) {
            p->end_ns[rank] = end;
            continue;
        }
        char *tab = strchr(line, '\t');
        if (!tab)
            continue;
        *tab = 0;
        if (sscanf(tab + 1, "%lld\t%lld\t%lld\t%n", &calls, &ns, &bytes, &off) != 3 || !off)
            continue;
        row *w = find(p, line, tab + 1 + off);
        if (!w) {
            fclose(f);
            return -1;
        }
        w->calls += calls;
        w->ns += ns;
        w->bytes += bytes;
        w->rank_ns[rank] += ns;
    }
    fclose(f);
    return 0;
}

static int by_time(const void *a, const void *b)
{
    const row *x = a, *y = b;
    return x->ns != y->ns ? (x->ns < y->ns ? 1 : -1) : strcmp(x->path, y->path);
}

static long long sum(const long long *v, int n)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

static long long most(const long long *v, int n)
{
    long long m = 0;
    for (int i = 0; i < n; i++)
        m = v[i] > m ? v[i] : m;
    return m;
}

/* The text report: the totals, the ranks, then the sites (at most `top`). */
static void write_text(FILE *f, const prof *p, int top)
{
    long long app = sum(p->end_ns, p->nranks), mpi = 0;
    for (int i = 0; i < p->nrows; i++)
        mpi += p->rows[i].ns;
    fprintf(f, "seshat profile: %d ranks, run time %.9f s (largest final virtual time), "
            "MPI %.9f s of %.9f s rank time (%.2f%%)\n", p->nranks,
            (double)most(p->end_ns, p->nranks) * 1e-9, (double)mpi * 1e-9, (double)app * 1e-9,
            app ? 100.0 * (double)mpi / (double)app : 0.0);
    fprintf(f, "%4s %-20s %10s %16s %7s %14s  %s\n", "#", "call", "calls", "time (s)", "share",
            "bytes", "call site < callers");
    for (int i = 0; i < p->nrows && i < top; i++) {
        const row *r = &p->rows[i];
        fprintf(f, "%4d %-20s %10lld %16.9f %6.2f%% %14lld  %s\n", i + 1, r->call, r->calls,
                (double)r->ns * 1e-9, app ? 100.0 * (double)r->ns / (double)app : 0.0, r->bytes,
                r->path);
    }
    if (p->nrows > top)
        fprintf(f, "     ... %d more sites in profile.txt\n", p->nrows - top);
}

static void write_json(FILE *f, const prof *p)
{
    long long app = sum(p->end_ns, p->nranks);
    fprintf(f, "{\n  \"ranks\": %d,\n  \"run_time\": %.9f,\n  \"rank_time\": [", p->nranks,
            (double)most(p->end_ns, p->nranks) * 1e-9);
    for (int i = 0; i < p->nranks; i++)
        fprintf(f, "%s%.9f", i ? ", " : "", (double)p->end_ns[i] * 1e-9);
    fputs("],\n  \"sites\": [", f);
    for (int i = 0; i < p->nrows; i++) {
        const row *r = &p->rows[i];
        fputs(i ? ",\n    { \"call\": " : "\n    { \"call\": ", f);
        seshat_json_str(f, r->call);
        fputs(", \"path\": ", f);
        seshat_json_str(f, r->path);
        fprintf(f, ", \"calls\": %lld, \"time\": %.9f, \"bytes\": %lld, \"share\": %.6f, "
                "\"rank_time\": [", r->calls, (double)r->ns * 1e-9, r->bytes,
                app ? (double)r->ns / (double)app : 0.0);
        for (int k = 0; k < p->nranks; k++)
            fprintf(f, "%s%.9f", k ? ", " : "", (double)r->rank_ns[k] * 1e-9);
        fputs("] }", f);
    }
    fputs("\n  ]\n}\n", f);
}

static int write_file(const char *dir, const char *name, const prof *p, int json)
{
    char path[SESHAT_PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    if (json)
        write_json(f, p);
    else
        write_text(f, p, p->nrows);
    return fclose(f);
}

static void prof_free(prof *p)
{
    for (int i = 0; i < p->nrows; i++) {
        free(p->rows[i].call);
        free(p->rows[i].path);
        free(p->rows[i].rank_ns);
    }
    free(p->rows);
    free(p->end_ns);
}

int seshat_profile_report(const char *dir, int nranks)
{
    prof p = { .nranks = nranks, .end_ns = calloc((size_t)nranks, sizeof(long long)) };
    int rc = p.end_ns ? 0 : -1;
    for (int r = 0; !rc && r < nranks; r++)
        rc = read_rank(&p, dir, r);
    if (!rc) {
        qsort(p.rows, (size_t)p.nrows, sizeof *p.rows, by_time);
        rc = write_file(dir, "profile.txt", &p, 0) | write_file(dir, "profile.json", &p, 1);
    }
    if (rc)
        fprintf(stderr, "seshat: report.profile: cannot read or write the profile in %s\n", dir);
    else {
        write_text(stderr, &p, 10);
        fprintf(stderr, "seshat: wrote %s/profile.txt, %s/profile.json\n", dir, dir);
    }
    prof_free(&p);
    return rc;
}

/* compare.c - seshat-analyze --compare (compare.h). Both kinds of input
 * become one list of rows (dimension, name, A's value, B's value); the
 * text, JSON and HTML writers only read that list. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/json_str.h"
#include "analyze/markup.h"
#include "tools/compare.h"

enum { D_RUN, D_PATTERN, D_PATH, D_RANK, NDIM };
static const char *const dim_key[NDIM] = { "run_time", "patterns", "callpaths", "ranks" };
static const char *const dim_title[NDIM] = { "run time", "patterns", "call paths", "ranks" };

typedef struct row {
    int dim, rank;
    char *name, *loc, *callers;   /* pattern or call; call path; callers (traces) */
    double a, b;                  /* seconds */
} row;

typedef struct table {
    row *r;
    int n, cap;
    const char *name_a, *name_b, *kind;
} table;

static row *add(table *t, int dim, const char *name, const char *loc, const char *callers)
{
    for (int i = 0; i < t->n; i++) {
        row *w = &t->r[i];
        if (w->dim == dim && !strcmp(w->name, name) && !strcmp(w->loc, loc ? loc : "") &&
            !strcmp(w->callers, callers ? callers : ""))
            return w;
    }
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 64;
        row *r = realloc(t->r, sizeof *r * (size_t)cap);
        if (!r)
            return NULL;
        t->r = r;
        t->cap = cap;
    }
    row *w = &t->r[t->n];
    *w = (row){ dim, -1, strdup(name), strdup(loc ? loc : ""), strdup(callers ? callers : ""), 0, 0 };
    if (!w->name || !w->loc || !w->callers)
        return NULL;
    t->n++;
    return w;
}

static void table_free(table *t)
{
    for (int i = 0; i < t->n; i++) {
        free(t->r[i].name);
        free(t->r[i].loc);
        free(t->r[i].callers);
    }
    free(t->r);
}

/* Within a dimension, the largest change first (ties: by name, by rank). */
static int by_change(const void *x, const void *y)
{
    const row *a = x, *b = y;
    if (a->dim != b->dim)
        return a->dim - b->dim;
    double da = fabs(a->b - a->a), db = fabs(b->b - b->a);
    if (fabs(da - db) > 1e-12)
        return da < db ? 1 : -1;
    int c = strcmp(a->name, b->name);
    return c ? c : (c = strcmp(a->loc, b->loc)) ? c : a->rank - b->rank;
}

/* ---- traces: the analyses' figures ---- */

static int add_analysis(table *t, const seshat_analysis *a, int second)
{
    row *w = add(t, D_RUN, "run time", NULL, NULL);
    if (!w)
        return -1;
    *(second ? &w->b : &w->a) = 1e-9 * (double)a->run_time;
    for (int p = 0; p < SESHAT_NPATTERNS; p++) {
        double v = 0;
        for (int s = -1; s < a->nsites; s++)
            for (int r = 0; r < a->nranks; r++)
                v += 1e-9 * (double)seshat_analysis_inclusive(a, p, s, r);
        if (!(w = add(t, D_PATTERN, seshat_pattern_infos[p].name, NULL, NULL)))
            return -1;
        *(second ? &w->b : &w->a) = v;
    }
    for (int s = 0; s < a->nsites; s++) {
        double v = 0;
        for (int p = 0; p < SESHAT_NPATTERNS; p++)
            for (int r = 0; r < a->nranks; r++)
                v += 1e-9 * (double)*seshat_sev(a, p, s, r);
        if (!(w = add(t, D_PATH, a->sites[s].function, a->sites[s].location, a->sites[s].callers)))
            return -1;
        *(second ? &w->b : &w->a) += v;
    }
    for (int r = 0; r < a->nranks; r++) {
        char name[32];
        snprintf(name, sizeof name, "rank %d", r);
        if (!(w = add(t, D_RANK, name, NULL, NULL)))
            return -1;
        w->rank = r;
        *(second ? &w->b : &w->a) = 1e-9 * (double)a->rank_time[r];
    }
    return 0;
}

/* ---- profiles: DIR/profile.d/rank-R.tsv (src/rank/profile.c) ---- */

static int add_profile(table *t, const char *dir, int second)
{
    char path[PATH_MAX + 64], line[8192];
    double most = 0;
    int r = 0;
    for (;; r++) {
        snprintf(path, sizeof path, "%s/profile.d/rank-%d.tsv", dir, r);
        FILE *f = fopen(path, "r");
        if (!f)
            break;
        while (fgets(line, sizeof line, f)) {
            line[strcspn(line, "\n")] = 0;
            long long end, calls, ns, bytes;
            int rr, off = 0;
            row *w;
            if (sscanf(line, "# seshat profile rank %d end_ns %lld", &rr, &end) == 2) {
                snprintf(path, sizeof path, "rank %d", r);
                if (!(w = add(t, D_RANK, path, NULL, NULL)))
                    break;
                w->rank = r;
                *(second ? &w->b : &w->a) = 1e-9 * (double)end;
                most = 1e-9 * (double)end > most ? 1e-9 * (double)end : most;
                continue;
            }
            char *tab = strchr(line, '\t');
            if (!tab)
                continue;
            *tab = 0;
            if (sscanf(tab + 1, "%lld\t%lld\t%lld\t%n", &calls, &ns, &bytes, &off) != 3 || !off)
                continue;
            if (!(w = add(t, D_PATH, line, tab + 1 + off, NULL)))
                break;
            *(second ? &w->b : &w->a) += 1e-9 * (double)ns;
            if (!(w = add(t, D_PATTERN, line, NULL, NULL)))
                break;
            *(second ? &w->b : &w->a) += 1e-9 * (double)ns;
        }
        fclose(f);
    }
    row *w = add(t, D_RUN, "run time", NULL, NULL);
    if (!w || r == 0)
        return -1;
    *(second ? &w->b : &w->a) = most;
    return 0;
}

/* ---- writers ---- */

static double pct(const row *w) { return w->a != 0 ? 100.0 * (w->b - w->a) / w->a : 0.0; }

/* At most `top` rows per dimension (0: all). */
static void write_text(FILE *f, const table *t, int top)
{
    fprintf(f, "comparison (%s): A = %s, B = %s; B - A, largest change first\n", t->kind,
            t->name_a, t->name_b);
    int dim = -1, k = 0;
    for (int i = 0; i < t->n; i++) {
        const row *w = &t->r[i];
        if (w->dim == D_RUN) {
            fprintf(f, "run time %.9f s -> %.9f s: %+.9f s (%+.2f%%)\n", w->a, w->b, w->b - w->a,
                    pct(w));
            continue;
        }
        if (w->dim != dim) {
            dim = w->dim;
            k = 0;
            fprintf(f, "\n%s%s:\n  %16s %16s %16s %9s  %s\n", dim_title[dim],
                    dim == D_PATTERN && !strcmp(t->kind, "profiles") ? " (per MPI call)" : "",
                    "A (s)", "B (s)", "B - A (s)", "change", "name");
        }
        if (top && k++ >= top)
            continue;
        fprintf(f, "  %16.9f %16.9f %+16.9f %+8.2f%%  %s%s%s%s%s\n", w->a, w->b, w->b - w->a,
                pct(w), w->name, *w->loc ? " at " : "", w->loc, *w->callers ? " < " : "",
                w->callers);
    }
}

static void write_json(FILE *f, const table *t)
{
    fputs("{\n  \"seshat_compare\": 1,\n  \"kind\": ", f);
    seshat_json_str(f, t->kind);
    fputs(",\n  \"a\": ", f);
    seshat_json_str(f, t->name_a);
    fputs(",\n  \"b\": ", f);
    seshat_json_str(f, t->name_b);
    for (int d = 0; d < NDIM; d++) {
        int first = 1;
        fprintf(f, ",\n  \"%s\": %s", dim_key[d], d == D_RUN ? "" : "[");
        for (int i = 0; i < t->n; i++) {
            const row *w = &t->r[i];
            if (w->dim != d)
                continue;
            fputs(d == D_RUN ? "{ " : first ? "\n    { " : ",\n    { ", f);
            first = 0;
            if (d == D_PATTERN || d == D_PATH) {
                fputs(d == D_PATTERN ? "\"name\": " : "\"call\": ", f);
                seshat_json_str(f, w->name);
                fputs(", ", f);
            }
            if (d == D_PATH) {
                fputs("\"location\": ", f);
                seshat_json_str(f, w->loc);
                fputs(", \"callers\": ", f);
                seshat_json_str(f, w->callers);
                fputs(", ", f);
            }
            if (d == D_RANK)
                fprintf(f, "\"rank\": %d, ", w->rank);
            fprintf(f, "\"a\": %.9f, \"b\": %.9f, \"diff\": %.9f }", w->a, w->b, w->b - w->a);
        }
        if (d != D_RUN)
            fputs("\n  ]", f);
    }
    fputs("\n}\n", f);
}

static void write_html(FILE *f, const table *t)
{
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>seshat: ", f);
    an_markup(f, t->name_a);
    fputs(" vs ", f);
    an_markup(f, t->name_b);
    fputs("</title>\n<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:"
          "collapse;margin-bottom:1.5em}td,th{border:1px solid #ccc;padding:2px 8px;text-align:"
          "right}td.n,th:first-child{text-align:left}td.n{font-family:monospace}.up{background:#fdd}.down{background:"
          "#dfd}</style></head><body>\n<h1>Two runs compared</h1>\n<p>A = <code>", f);
    an_markup(f, t->name_a);
    fputs("</code>, B = <code>", f);
    an_markup(f, t->name_b);
    fputs("</code> (", f);
    an_markup(f, t->kind);
    fputs("); B &minus; A in seconds of virtual time, largest change first; red: B slower, "
          "green: B faster.</p>\n", f);
    int dim = -1;
    for (int i = 0; i < t->n; i++) {
        const row *w = &t->r[i];
        if (w->dim != dim) {
            if (dim >= 0)
                fputs("</table>\n", f);
            dim = w->dim;
            fprintf(f, "<h2>%s</h2>\n<table><tr><th>name</th><th>A (s)</th><th>B (s)</th>"
                    "<th>B &minus; A (s)</th><th>change</th></tr>\n", dim_title[dim]);
        }
        double d = w->b - w->a;
        fprintf(f, "<tr class=\"%s\"><td class=\"n\">", d > 1e-12 ? "up" : d < -1e-12 ? "down" : "");
        an_markup(f, w->name);
        if (*w->loc) {
            fputs(" at ", f);
            an_markup(f, w->loc);
        }
        if (*w->callers) {
            fputs(" &lt; ", f);
            an_markup(f, w->callers);
        }
        fprintf(f, "</td><td>%.9f</td><td>%.9f</td><td>%+.9f</td><td>%+.2f%%</td></tr>\n", w->a,
                w->b, d, pct(w));
    }
    if (dim >= 0)
        fputs("</table>\n", f);
    fputs("</body></html>\n", f);
}

static int make_dir(const char *out)
{
    if (mkdir(out, 0755) && errno != EEXIST) {
        fprintf(stderr, "seshat-analyze: --compare: cannot create %s: %s\n", out, strerror(errno));
        return -1;
    }
    return 0;
}

static int write_all(table *t, const char *out, int quiet)
{
    qsort(t->r, (size_t)t->n, sizeof *t->r, by_change);
    if (make_dir(out))
        return 1;
    static const char *const name[] = { "compare.txt", "compare.json", "compare.html" };
    for (int k = 0; k < 3; k++) {
        char path[PATH_MAX + 32];
        snprintf(path, sizeof path, "%s/%s", out, name[k]);
        FILE *f = fopen(path, "w");
        if (!f) {
            fprintf(stderr, "seshat-analyze: cannot write %s: %s\n", path, strerror(errno));
            return 1;
        }
        if (k == 0)
            write_text(f, t, 0);
        else if (k == 1)
            write_json(f, t);
        else
            write_html(f, t);
        if (fclose(f)) {
            fprintf(stderr, "seshat-analyze: cannot write %s\n", path);
            return 1;
        }
    }
    if (!quiet) {
        write_text(stdout, t, 10);
        printf("wrote %s/compare.txt, compare.json, compare.html\n", out);
    }
    return 0;
}

/* ---- the CUBE difference: an analysis whose times are B - A ---- */

static int site_of(const seshat_analysis *d, const seshat_site *s)
{
    for (int i = 0; i < d->nsites; i++)
        if (d->sites[i].function && !strcmp(d->sites[i].function, s->function) &&
            !strcmp(d->sites[i].location, s->location) && !strcmp(d->sites[i].callers, s->callers))
            return i;
    return -1;
}

/* Adds sign x one analysis's severities into d, its sites placed by name. */
static void fold(seshat_analysis *d, int *nsites, const seshat_analysis *a, int sign)
{
    for (int s = -1; s < a->nsites; s++) {
        int ds = -1;
        if (s >= 0 && (ds = site_of(d, &a->sites[s])) < 0) {
            ds = (*nsites)++;
            d->sites[ds] = (seshat_site){ strdup(a->sites[s].function), strdup(a->sites[s].location),
                                          strdup(a->sites[s].callers) };
            d->site_kind[ds] = a->site_kind[s];
        }
        for (int p = 0; p < SESHAT_NPATTERNS; p++)
            for (int r = 0; r < a->nranks && r < d->nranks; r++)
                *seshat_sev(d, p, ds, r) += sign * *seshat_sev(a, p, s, r);
        if (sign > 0 && s >= 0)
            for (int r = 0; r < a->nranks && r < d->nranks; r++)
                d->visits[(size_t)ds * (size_t)d->nranks + (size_t)r] +=
                    a->visits[(size_t)s * (size_t)a->nranks + (size_t)r];
    }
}

static int write_cube(const seshat_analysis *a, const seshat_analysis *b, const char *out)
{
    seshat_analysis d;
    int n = a->nranks > b->nranks ? a->nranks : b->nranks, nsites = 0;
    if (seshat_analysis_alloc(&d, n, a->nsites + b->nsites))
        return -1;
    /* nsites grows as sites are placed: sev's layout needs the final
     * count, so place every site first (sign 0 adds nothing). */
    d.nsites = a->nsites + b->nsites;
    fold(&d, &nsites, b, 0);
    fold(&d, &nsites, a, 0);
    seshat_analysis e;
    int rc = seshat_analysis_alloc(&e, n, nsites);
    for (int i = 0; !rc && i < nsites; i++) {
        e.sites[i] = d.sites[i];
        e.site_kind[i] = d.site_kind[i];
        d.sites[i] = (seshat_site){ 0 };
    }
    seshat_analysis_free(&d);
    if (rc)
        return -1;
    int placed = nsites;
    fold(&e, &placed, b, 1);    /* B's severities and visits */
    fold(&e, &placed, a, -1);   /* minus A's severities */
    e.complete = a->complete && b->complete;
    e.run_time = b->run_time - a->run_time;
    for (int r = 0; r < n; r++) {
        e.traced[r] = 1;
        e.rank_time[r] = (r < b->nranks ? b->rank_time[r] : 0) - (r < a->nranks ? a->rank_time[r] : 0);
    }
    if (b->nranks == n) {
        memcpy(e.msg_count, b->msg_count, sizeof *e.msg_count * (size_t)n * (size_t)n);
        memcpy(e.msg_bytes, b->msg_bytes, sizeof *e.msg_bytes * (size_t)n * (size_t)n);
    }
    char path[PATH_MAX + 32], err[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/compare.cubex", out);
    rc = seshat_analysis_write_cube(&e, path, err, sizeof err);
    if (!rc) {
        snprintf(path, sizeof path, "%s/compare-analysis.json", out);
        rc = seshat_analysis_write_json(&e, path, err, sizeof err);
    }
    if (rc)
        fprintf(stderr, "seshat-analyze: %s\n", err);
    seshat_analysis_free(&e);
    return rc;
}

int seshat_compare_kind(const char *dir)
{
    char p[PATH_MAX + 32];
    snprintf(p, sizeof p, "%s/defs.ini", dir);
    if (!access(p, R_OK))
        return SESHAT_CMP_TRACE;
    snprintf(p, sizeof p, "%s/rank-0.sst", dir);
    if (!access(p, R_OK))
        return SESHAT_CMP_TRACE;
    snprintf(p, sizeof p, "%s/profile.d/rank-0.tsv", dir);
    return access(p, R_OK) ? SESHAT_CMP_NONE : SESHAT_CMP_PROFILE;
}

int seshat_compare_analyses(const seshat_analysis *a, const seshat_analysis *b, const char *name_a,
                            const char *name_b, const char *out, int quiet)
{
    table t = { .name_a = name_a, .name_b = name_b, .kind = "traces" };
    int rc = add_analysis(&t, a, 0) || add_analysis(&t, b, 1) ? 1 : 0;
    if (rc)
        fprintf(stderr, "seshat-analyze: --compare: out of memory\n");
    rc = rc ? rc : write_all(&t, out, quiet);
    if (!rc && write_cube(a, b, out))
        rc = 1;
    else if (!rc && !quiet)
        printf("wrote %s/compare.cubex (B - A), %s/compare-analysis.json\n", out, out);
    table_free(&t);
    return rc;
}

int seshat_compare_profiles(const char *a, const char *b, const char *out, int quiet)
{
    table t = { .name_a = a, .name_b = b, .kind = "profiles" };
    int rc = 0;
    if (add_profile(&t, a, 0) || add_profile(&t, b, 1)) {
        fprintf(stderr, "seshat-analyze: --compare: cannot read the profiles %s and %s "
                "(DIR/profile.d/rank-R.tsv)\n", a, b);
        rc = 2;
    }
    rc = rc ? rc : write_all(&t, out, quiet);
    table_free(&t);
    return rc;
}

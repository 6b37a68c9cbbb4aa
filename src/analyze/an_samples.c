/* an_samples.c - compute call paths from SAMPLE records (an_samples.h). */
#include "common/json_str.h"
#include "analyze/an_samples.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/an_demangle.h"
#include "tracefmt/trace_format.h"
#include "tracefmt/trace_reader.h"
#include "tracefmt/trace_sites.h"

/* Distinct paths a compute interval has at most (the sampler keeps 64). */
#define SAMPLES_PER_INTERVAL 256

/* One rank's sites: index -> its path, function and location (NULL: none),
 * and its unified index once sampled (-1: not yet). */
typedef struct {
    char **path, **fn, **loc, **frames;
    int *idx;
    int n;
} site_map;

static int find_or_add(an_samples *s, const char *path, const char *fn, const char *loc,
                       const char *frames)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->p[i].path, path))
            return i;
    an_spath *p = realloc(s->p, (size_t)(s->n + 1) * sizeof *p);
    if (!p)
        return -1;
    s->p = p;
    an_spath *c = &s->p[s->n];
    c->path = strdup(path);
    c->function = strdup(fn);
    c->location = strdup(loc);
    const char *sep = strstr(frames, " < ");
    c->site = strndup(frames, sep ? (size_t)(sep - frames) : strlen(frames));
    c->callers = strdup(sep ? sep + 3 : "");
    c->time = calloc((size_t)s->nranks, sizeof *c->time);
    c->samples = calloc((size_t)s->nranks, sizeof *c->samples);
    if (!c->path || !c->function || !c->location || !c->site || !c->callers || !c->time ||
        !c->samples)
        return -1;
    return s->n++;
}

/* "main > f > g" from a site line: its callers outermost first, then it. */
static void path_of(const seshat_site_line *sl, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (int c = sl->ncallers - 1; c >= 0 && k < n; c--)
        k += (size_t)snprintf(buf + k, n - k, "%s > ", sl->callers[c].fn);
    if (k < n)
        snprintf(buf + k, n - k, "%s", sl->fn);
}

/* One frame as the analyzer's call sites show it (an_local.c):
 * "file:line (fn)", or "fn in module+0xOFF" without line information. */
static size_t frame_text(char *buf, size_t n, const char *fn, const char *loc, const char *mod)
{
    const char *base = strrchr(mod, '/');
    int k = loc[0] != '?' ? snprintf(buf, n, "%s (%s)", loc, fn)
                          : snprintf(buf, n, "%s in %s%s", fn, base ? base + 1 : mod, loc + 1);
    return k < 0 ? 0 : (size_t)k < n ? (size_t)k : n - 1;
}

/* The frames, innermost first, " < " between them. */
static void frames_of(const seshat_site_line *sl, char *buf, size_t n)
{
    size_t k = frame_text(buf, n, sl->fn, sl->loc, sl->mod);
    for (int c = 0; c < sl->ncallers && k + 4 < n; c++) {
        memcpy(buf + k, " < ", 4);
        k += 3 + frame_text(buf + k + 3, n - k - 3, sl->callers[c].fn, sl->callers[c].loc,
                            sl->callers[c].mod);
    }
}

static int grow(site_map *m, int nn)
{
    char **p = realloc(m->path, (size_t)nn * sizeof *p);
    m->path = p ? p : m->path;
    char **f = realloc(m->fn, (size_t)nn * sizeof *f);
    m->fn = f ? f : m->fn;
    char **l = realloc(m->loc, (size_t)nn * sizeof *l);
    m->loc = l ? l : m->loc;
    char **fr = realloc(m->frames, (size_t)nn * sizeof *fr);
    m->frames = fr ? fr : m->frames;
    int *x = realloc(m->idx, (size_t)nn * sizeof *x);
    m->idx = x ? x : m->idx;
    if (!p || !f || !l || !fr || !x)
        return -1;
    for (int i = m->n; i < nn; i++) {
        m->path[i] = m->fn[i] = m->loc[i] = m->frames[i] = NULL;
        m->idx[i] = -1;
    }
    m->n = nn;
    return 0;
}

static void read_sites(const char *dir, int rank, site_map *m)
{
    char path[4200], line[16384], p[8192];
    snprintf(path, sizeof path, "%s/sites-%d.txt", dir, rank);
    FILE *f = fopen(path, "r");
    seshat_site_line *sl = malloc(sizeof *sl);
    while (f && sl && fgets(line, sizeof line, f)) {
        if (!seshat_site_line_parse(line, sl) || (sl->index >= m->n && grow(m, sl->index + 1)))
            continue;
        an_demangle_site(sl);
        path_of(sl, p, sizeof p);
        free(m->path[sl->index]);
        free(m->fn[sl->index]);
        free(m->loc[sl->index]);
        free(m->frames[sl->index]);
        frames_of(sl, p, sizeof p);
        m->frames[sl->index] = strdup(p);
        path_of(sl, p, sizeof p);
        m->path[sl->index] = strdup(p);
        m->fn[sl->index] = strdup(sl->fn);
        m->loc[sl->index] = strdup(sl->loc);
    }
    free(sl);
    if (f)
        fclose(f);
}

static void free_sites(site_map *m)
{
    for (int i = 0; i < m->n; i++) {
        free(m->path[i]);
        free(m->fn[i]);
        free(m->loc[i]);
        free(m->frames[i]);
    }
    free(m->frames);
    free(m->path);
    free(m->fn);
    free(m->loc);
    free(m->idx);
}

/* The unified index of a rank's site, added on its first sample. */
static int site_path(an_samples *s, site_map *m, int idx)
{
    if (idx < 0 || idx >= m->n || !m->path[idx] || !m->fn[idx] || !m->loc[idx] ||
        !m->frames[idx])
        return -1;
    if (m->idx[idx] < 0)
        m->idx[idx] = find_or_add(s, m->path[idx], m->fn[idx], m->loc[idx], m->frames[idx]);
    return m->idx[idx];
}

typedef struct {
    int path;
    uint64_t count;
} pending;

/* A code region: the computation between the same two MPI call sites (the
 * previous call's and the next one's). Its intervals that got no sample
 * (shorter than the sampling period, mostly) take its sampled paths'
 * shares: the same code ran there. */
typedef struct {
    uint64_t key;             /* previous site + 1, next site */
    int64_t unsampled;        /* ns in intervals with no sample */
    int n;
    pending *pc;              /* its paths, samples summed */
} region;

typedef struct {
    region *r;
    int n, cap;               /* cap: a power of two, slots of the hash */
    int *slot;                /* region index + 1, 0 empty */
} regions;

static region *region_of(regions *g, uint64_t key)
{
    if (2 * (g->n + 1) > g->cap) {   /* grow and rehash */
        int cap = g->cap ? 2 * g->cap : 64;
        int *slot = calloc((size_t)cap, sizeof *slot);
        region *r = realloc(g->r, (size_t)cap * sizeof *r);
        if (!slot || !r) {
            free(slot);
            g->r = r ? r : g->r;
            return NULL;
        }
        g->r = r;
        for (int i = 0; i < g->n; i++) {
            unsigned h = (unsigned)((g->r[i].key * 0x9e3779b97f4a7c15ull) >> 40) & (unsigned)(cap - 1);
            while (slot[h])
                h = (h + 1) & (unsigned)(cap - 1);
            slot[h] = i + 1;
        }
        free(g->slot);
        g->slot = slot;
        g->cap = cap;
    }
    unsigned h = (unsigned)((key * 0x9e3779b97f4a7c15ull) >> 40) & (unsigned)(g->cap - 1);
    for (; g->slot[h]; h = (h + 1) & (unsigned)(g->cap - 1))
        if (g->r[g->slot[h] - 1].key == key)
            return &g->r[g->slot[h] - 1];
    g->r[g->n] = (region){ .key = key };
    g->slot[h] = ++g->n;
    return &g->r[g->n - 1];
}

static int region_add(region *x, int path, uint64_t count)
{
    for (int i = 0; i < x->n; i++)
        if (x->pc[i].path == path) {
            x->pc[i].count += count;
            return 0;
        }
    pending *pc = realloc(x->pc, (size_t)(x->n + 1) * sizeof *pc);
    if (!pc)
        return -1;
    x->pc = pc;
    x->pc[x->n++] = (pending){ path, count };
    return 0;
}

/* Keeps a sampled interval [t0, t1) with its samples for an_samples_within. */
static int keep_interval(an_srank *k, int64_t t0, int64_t t1, const pending *pc, int n)
{
    if (k->niv == k->cap_iv) {
        size_t cap = k->cap_iv ? 2 * k->cap_iv : 64;
        an_sinterval *iv = realloc(k->iv, cap * sizeof *iv);
        if (!iv)
            return -1;
        k->iv = iv, k->cap_iv = cap;
    }
    while (k->ncounts + (size_t)n > k->cap_counts) {
        size_t cap = k->cap_counts ? 2 * k->cap_counts : 256;
        an_scount *c = realloc(k->counts, cap * sizeof *c);
        if (!c)
            return -1;
        k->counts = c, k->cap_counts = cap;
    }
    k->iv[k->niv++] = (an_sinterval){ t0, t1, k->ncounts, (size_t)n };
    for (int i = 0; i < n; i++)
        k->counts[k->ncounts++] = (an_scount){ pc[i].path, pc[i].count };
    return 0;
}

/* d ns split among paths by their counts (the last takes the rounding);
 * `samples`: also count the samples (an interval's own). */
static void split(an_samples *s, int rank, int64_t d, const pending *pc, int n, int samples)
{
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += pc[i].count;
    int64_t given = 0;
    for (int i = 0; i < n && total; i++) {
        int64_t share = i == n - 1 ? d - given
                                   : (int64_t)((double)d * (double)pc[i].count / (double)total);
        s->p[pc[i].path].time[rank] += share;
        if (samples)
            s->p[pc[i].path].samples[rank] += pc[i].count;
        given += share;
    }
}

static int read_rank(an_samples *s, const char *dir, int rank)
{
    char path[4200], err[512];
    snprintf(path, sizeof path, "%s/rank-%d.sst", dir, rank);
    seshat_tr *tr = seshat_tr_open(path, err, sizeof err);
    if (!tr)
        return 0;   /* no stream: nothing to add */
    site_map m = { 0 };
    read_sites(dir, rank, &m);
    regions g = { 0 };
    pending pend[SAMPLES_PER_INTERVAL];
    int np = 0, rc = 0;
    int64_t t = 0, last_exit = 0;
    uint64_t prev_site = 0;   /* the previous call's site + 1; 0: the start */
    seshat_tr_record rec;
    uint64_t v[4];
    while (rc == 0 && seshat_tr_next(tr, &rec) == 1) {
        if (rec.kind == SESHAT_REC_SAMPLE && seshat_tr_decode(&rec, v, 2) >= 2) {
            int p = site_path(s, &m, (int)v[0]);
            if (p >= 0 && np < SAMPLES_PER_INTERVAL)
                pend[np++] = (pending){ p, v[1] };
        } else if (rec.kind == SESHAT_REC_ENTER && seshat_tr_decode(&rec, v, 3) >= 3) {
            t += (int64_t)v[1];
            region *x = region_of(&g, prev_site << 32 | (v[2] & 0xffffffffu));
            if (!x) {
                rc = -1;
                break;
            }
            for (int i = 0; i < np && rc == 0; i++)
                rc = region_add(x, pend[i].path, pend[i].count);
            if (np) {
                split(s, rank, t - last_exit, pend, np, 1);
                if (rc == 0)
                    rc = keep_interval(&s->rank[rank], last_exit, t, pend, np);
            }
            else
                x->unsampled += t - last_exit;
            np = 0;
            prev_site = v[2] + 1;
        } else if (rec.kind == SESHAT_REC_EXIT && seshat_tr_decode(&rec, v, 2) >= 2) {
            t += (int64_t)v[1];
            last_exit = t;
        }
    }
    for (int i = 0; i < g.n; i++) {
        if (g.r[i].n)
            split(s, rank, g.r[i].unsampled, g.r[i].pc, g.r[i].n, 0);
        else
            s->unattributed[rank] += g.r[i].unsampled;
        free(g.r[i].pc);
    }
    free(g.r);
    free(g.slot);
    seshat_tr_close(tr);
    free_sites(&m);
    return rc;
}

int an_samples_read(const char *dir, int nranks, an_samples *s, char *err, size_t errlen)
{
    *s = (an_samples){ .nranks = nranks };
    s->unattributed = calloc((size_t)(nranks ? nranks : 1), sizeof *s->unattributed);
    s->rank = calloc((size_t)(nranks ? nranks : 1), sizeof *s->rank);
    if (!s->unattributed || !s->rank) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int r = 0; r < nranks; r++)
        if (read_rank(s, dir, r) != 0) {
            snprintf(err, errlen, "%s: compute call paths of rank %d: out of memory", dir, r);
            return -1;
        }
    return 0;
}

void an_samples_free(an_samples *s)
{
    for (int i = 0; i < s->n; i++) {
        free(s->p[i].path);
        free(s->p[i].function);
        free(s->p[i].location);
        free(s->p[i].site);
        free(s->p[i].callers);
        free(s->p[i].time);
        free(s->p[i].samples);
    }
    for (int r = 0; s->rank && r < s->nranks; r++) {
        free(s->rank[r].iv);
        free(s->rank[r].counts);
    }
    free(s->rank);
    free(s->p);
    free(s->unattributed);
    *s = (an_samples){ 0 };
}

static int64_t total_of(const an_samples *s, const an_spath *p)
{
    int64_t t = 0;
    for (int r = 0; r < s->nranks; r++)
        t += p->time[r];
    return t;
}

const an_spath *an_samples_top(const an_samples *s)
{
    const an_spath *best = NULL;
    for (int i = 0; i < s->n; i++)
        if (!best || total_of(s, &s->p[i]) > total_of(s, best))
            best = &s->p[i];
    return best;
}

int an_samples_rank_top(const an_samples *s, int rank)
{
    int best = -1;
    for (int i = 0; rank >= 0 && rank < s->nranks && i < s->n; i++)
        if (s->p[i].time[rank] > 0 && (best < 0 || s->p[i].time[rank] > s->p[best].time[rank]))
            best = i;
    return best;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Each overlapping interval's overlap, split among its paths by counts. */
int64_t an_samples_within(const an_samples *s, int rank, int64_t t0, int64_t t1, double weight,
                          double *share)
{
    if (rank < 0 || rank >= s->nranks || !s->rank || t1 <= t0)
        return 0;
    const an_srank *k = &s->rank[rank];
    size_t lo = 0, hi = k->niv;   /* the first interval ending after t0 */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (k->iv[mid].end <= t0)
            lo = mid + 1;
        else
            hi = mid;
    }
    int64_t found = 0;
    for (size_t i = lo; i < k->niv && k->iv[i].start < t1; i++)
        found += min64(k->iv[i].end, t1) - max64(k->iv[i].start, t0);
    for (size_t i = lo; found > 0 && i < k->niv && k->iv[i].start < t1; i++) {
        const an_sinterval *v = &k->iv[i];
        double part = weight * (double)(min64(v->end, t1) - max64(v->start, t0)) / (double)found;
        uint64_t total = 0;
        for (size_t j = 0; j < v->n; j++)
            total += k->counts[v->first + j].count;
        for (size_t j = 0; total && j < v->n; j++)
            share[k->counts[v->first + j].path] +=
                part * (double)k->counts[v->first + j].count / (double)total;
    }
    return found;
}

static const an_samples *sort_ctx;
static int by_time(const void *a, const void *b)
{
    int64_t x = total_of(sort_ctx, &sort_ctx->p[*(const int *)a]),
            y = total_of(sort_ctx, &sort_ctx->p[*(const int *)b]);
    return (x < y) - (x > y);
}

static int *sorted(const an_samples *s)
{
    int *o = malloc((size_t)(s->n ? s->n : 1) * sizeof *o);
    if (!o)
        return NULL;
    for (int i = 0; i < s->n; i++)
        o[i] = i;
    sort_ctx = s;
    qsort(o, (size_t)s->n, sizeof *o, by_time);
    return o;
}

void an_samples_json(FILE *f, const an_samples *s)
{
    int *o = sorted(s);
    fputs("\"compute_paths\": [", f);
    for (int k = 0; o && k < s->n; k++) {
        const an_spath *p = &s->p[o[k]];
        fputs(k ? ",\n  {\"path\": " : "\n  {\"path\": ", f);
        seshat_json_str(f, p->path);
        fputs(", \"function\": ", f);
        seshat_json_str(f, p->function);
        fputs(", \"location\": ", f);
        seshat_json_str(f, p->location);
        fputs(", \"time\": [", f);
        for (int r = 0; r < s->nranks; r++)
            fprintf(f, "%s%.9f", r ? ", " : "", (double)p->time[r] * 1e-9);
        fputs("], \"samples\": [", f);
        for (int r = 0; r < s->nranks; r++)
            fprintf(f, "%s%llu", r ? ", " : "", (unsigned long long)p->samples[r]);
        fputs("]}", f);
    }
    fputs("],\n\"compute_unattributed\": [", f);
    for (int r = 0; r < s->nranks; r++)
        fprintf(f, "%s%.9f", r ? ", " : "", (double)s->unattributed[r] * 1e-9);
    fputs("]", f);
    free(o);
}

static void html_esc(FILE *f, const char *x)
{
    for (; *x; x++)
        switch (*x) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        default: fputc(*x, f);
        }
}

void an_samples_html(FILE *f, const an_samples *s, int k)
{
    if (!s->n)
        return;
    int *o = sorted(s);
    fputs("<h2 id='compute-paths'>Computation by call path (sampled)</h2>\n<table class='compute-paths'>"
          "<tr><th>rank</th><th>call path</th><th>location</th><th>seconds</th><th>samples</th></tr>\n",
          f);
    char *done = calloc((size_t)s->n, 1);
    for (int r = 0; o && done && r < s->nranks; r++) {
        memset(done, 0, (size_t)s->n);
        for (int shown = 0; shown < k; shown++) {   /* this rank's top k */
            int best = -1;
            for (int i = 0; i < s->n; i++)
                if (!done[i] && s->p[i].time[r] > 0 &&
                    (best < 0 || s->p[i].time[r] > s->p[best].time[r]))
                    best = i;
            if (best < 0)
                break;
            done[best] = 1;
            const an_spath *p = &s->p[best];
            fprintf(f, "<tr><td>%d</td><td>", r);
            html_esc(f, p->path);
            fputs("</td><td>", f);
            html_esc(f, p->location);
            fprintf(f, "</td><td>%.6f</td><td>%llu</td></tr>\n", (double)p->time[r] * 1e-9,
                    (unsigned long long)p->samples[r]);
        }
    }
    free(done);
    fputs("</table>\n", f);
    free(o);
}

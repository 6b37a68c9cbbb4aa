/* profile.c - the profile's counters (profile.h): an open-addressed table
 * of call sites keyed by return address, filled while the program runs;
 * at the end each rank resolves its own sites (addresses are per process)
 * and writes DIR/profile.d/rank-R.tsv; profile_report.c merges them. */
#include <errno.h>
#include <execinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mpi/calls.h"
#include "rank/core.h"
#include "rank/profile.h"
#include "rank/profile_report.h"
#include "trace/trace_sites.h"

int seshat_profiling;

#define NSLOTS 4096   /* a power of two; a full table counts the rest in slot "other" */

typedef struct site {
    uintptr_t ret;                          /* 0: empty */
    int call;
    int64_t calls, ns, bytes;
    uintptr_t path[SESHAT_PATH_FRAMES];     /* the call path of its first call */
} site;

static site *table;
static site other = { .ret = 1, .call = -1 };
static int nused, frames = SESHAT_PATH_FRAMES, my_rank, napp;
static char dir[SESHAT_PATH_MAX];
static _Thread_local site *cur;
static _Thread_local seshat_vtime t_enter;

void seshat_profile_start(const seshat_config *cfg, int rank, int nranks)
{
    if (!cfg->report_profile[0])
        return;
    snprintf(dir, sizeof dir, "%s", cfg->report_profile);
    table = calloc(NSLOTS, sizeof *table);
    if (!table) {
        fprintf(stderr, "seshat: report.profile: out of memory: no profile\n");
        return;
    }
    frames = cfg->trace_call_path;
    my_rank = rank;
    napp = nranks;
    seshat_profiling = 1;
}

void seshat_profile_hold(int hold)
{
    static int held;
    if (hold) {
        held = seshat_profiling;
        seshat_profiling = 0;
    } else {
        seshat_profiling = held;
    }
}

/* The callers of the call made at `ret` (as the tracer unwinds them): only
 * at a site's first call, so the unwinder's cost is paid once per site. */
static void first_path(site *s)
{
    s->path[0] = s->ret;
    if (frames == 1)
        return;
    void *bt[SESHAT_PATH_FRAMES + 8];
    int n = backtrace(bt, frames + 8), i = 0;
    while (i < n && (uintptr_t)bt[i] != s->ret)
        i++;
    for (int k = 1; i + k < n && k < frames; k++)
        s->path[k] = (uintptr_t)bt[i + k];
}

static site *lookup(uintptr_t ret, int call)
{
    size_t h = (size_t)((ret * 0x9E3779B97F4A7C15ull) >> 52) & (NSLOTS - 1);
    for (;;) {
        site *s = &table[h];
        if (s->ret == ret && s->call == call)
            return s;
        if (!s->ret) {
            if (nused >= NSLOTS * 3 / 4)
                return &other;
            nused++;
            s->ret = ret;
            s->call = call;
            first_path(s);
            return s;
        }
        h = (h + 1) & (NSLOTS - 1);
    }
}

void seshat_profile_enter(int call, seshat_vtime t, void *where)
{
    cur = lookup((uintptr_t)where, call);
    t_enter = t;
}

void seshat_profile_exit(seshat_vtime t)
{
    if (!cur)
        return;
    cur->calls++;
    cur->ns += t - t_enter;
    cur = NULL;
}

void seshat_profile_bytes(int64_t bytes)
{
    if (cur)
        cur->bytes += bytes;
}

/* "fn file:line module < fn file:line module ..." -> "fn file:line < ..."
 * (the module's path is long and the same for a program's own sites). */
static void drop_modules(char *line)
{
    char *out = line, *frame = line;
    for (;;) {
        char *end = strstr(frame, " < ");
        size_t len = end ? (size_t)(end - frame) : strlen(frame);
        char *sp = memrchr(frame, ' ', len);
        size_t keep = sp && sp > frame ? (size_t)(sp - frame) : len;
        memmove(out, frame, keep);
        out += keep;
        if (!end)
            break;
        memcpy(out, " < ", 3);
        out += 3;
        frame = end + 3;
    }
    *out = 0;
}

/* mkdir -p (every rank may race to create the same folders). */
static int make_dirs(char *path)
{
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            int bad = mkdir(path, 0755) && errno != EEXIST;
            *p = '/';
            if (bad)
                return -1;
        }
    return mkdir(path, 0755) && errno != EEXIST ? -1 : 0;
}

/* This rank's sites, resolved: "CALL\tcalls\tns\tbytes\tPATH" lines. */
static int write_rank(seshat_vtime end)
{
    char path[SESHAT_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/profile.d", dir);
    if (make_dirs(path))
        return -1;
    snprintf(path, sizeof path, "%s/profile.d/rank-%d.tsv", dir, my_rank);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "# seshat profile rank %d end_ns %lld\n", my_rank, (long long)end);
    int n = 0;
    site **live = malloc(sizeof *live * (NSLOTS + 1));
    uintptr_t (*paths)[SESHAT_PATH_FRAMES] = malloc(sizeof *paths * (NSLOTS + 1));
    for (int i = 0; live && paths && i < NSLOTS; i++)
        if (table[i].ret && table[i].calls)
            live[n++] = &table[i];
    for (int i = 0; live && paths && i < n; i++)
        memcpy(paths[i], live[i]->path, sizeof paths[i]);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = live && paths ? open_memstream(&buf, &len) : NULL;
    if (m) {
        seshat_trace_write_sites(m, (const uintptr_t (*)[SESHAT_PATH_FRAMES])paths, n);
        fclose(m);
    }
    char *line = buf, *next;
    for (int i = 0; line && i < n; i++, line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        char *eq = strstr(line, " = ");
        char *text = eq ? eq + 3 : line;
        drop_modules(text);
        fprintf(f, "%s\t%lld\t%lld\t%lld\t%s\n", seshat_call_name(live[i]->call),
                (long long)live[i]->calls, (long long)live[i]->ns, (long long)live[i]->bytes,
                text);
    }
    if (other.calls)
        fprintf(f, "(more sites)\t%lld\t%lld\t%lld\t(sites beyond the table's %d)\n",
                (long long)other.calls, (long long)other.ns, (long long)other.bytes, NSLOTS);
    free(buf);
    free(live);
    free(paths);
    return fclose(f) ? -1 : 0;
}

void seshat_profile_stop(MPI_Comm app, seshat_vtime end)
{
    if (!seshat_profiling)
        return;
    seshat_profiling = 0;
    int ok = write_rank(end) == 0, all = 0;
    if (!ok)
        fprintf(stderr, "seshat: rank %d: cannot write its profile in %s/profile.d: %s\n",
                my_rank, dir, strerror(errno));
    /* Every rank's file is written before rank 0 reads them. */
    SESHAT_CHECKED(Allreduce, &ok, &all, 1, MPI_INT, MPI_MIN, app);
    if (my_rank == 0 && all)
        seshat_profile_report(dir, napp);
    free(table);
    table = NULL;
}

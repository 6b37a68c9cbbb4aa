/* trace_filter.c - filter a trace directory into a new one. ENTER/EXIT
 * time deltas are re-encoded against the records kept. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/config.h"
#include "mpi/calls.h"
#include "tracefmt/trace_calls.h"
#include "export/trace_filter.h"
#include "tracefmt/trace_format.h"
#include "tracefmt/trace_kinds.h"
#include "tracefmt/trace_reader.h"
#include "tracefmt/trace_writer.h"

struct filter {
    unsigned kinds;
    const char *ranks, *comms;
    int64_t min_bytes, from, to;
};

static int keep_time(const struct filter *f, int kind, int64_t t)
{
    return (f->kinds >> kind & 1) && t >= f->from && t < f->to;
}

static int keep_msg(const struct filter *f, int kind, int64_t t, int64_t comm, uint64_t bytes)
{
    return keep_time(f, kind, t) && (int64_t)bytes >= f->min_bytes &&
           (comm < 0 || seshat_rankset_contains(f->comms, (int)comm));
}

static int decode(const seshat_tr_record *rec, uint64_t *v, int n)
{
    const uint8_t *p = rec->payload, *end = p + rec->len;
    for (int k = 0; k < n; k++)
        if (seshat_get_varint(&p, end, &v[k]))
            return -1;
    return 0;
}

static void put(seshat_tw *w, unsigned kind, const uint64_t *v, int n)
{
    uint8_t buf[16 * SESHAT_VARINT_MAX];
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += seshat_put_varint(buf + len, v[i]);
    seshat_tw_record(w, kind, buf, len);
}

/* One stream; returns 0 or 1 (damaged input: what came before is kept). */
static int filter_stream(const char *in, const char *out, const struct filter *f,
                         const unsigned char *call_kind, int ncalls)
{
    char err[1400];
    seshat_tr *r = seshat_tr_open(in, err, sizeof err);
    seshat_tw *w = r ? seshat_tw_open(out, 4 << 20, NULL, err, sizeof err) : NULL;
    if (!w) {
        fprintf(stderr, "seshat-trace: %s\n", err);
        seshat_tr_close(r);
        return 1;
    }
    seshat_tr_record rec;
    uint64_t v[8], events = 0;
    int64_t t = 0, t_out = 0;
    int keep_payload = 0, rc;
    while ((rc = seshat_tr_next(r, &rec)) == 1) {
        int keep = 1;
        switch (rec.kind) {
        case SESHAT_REC_ENTER:
        case SESHAT_REC_EXIT: {
            int n = rec.kind == SESHAT_REC_ENTER ? 3 : 2;
            if (decode(&rec, v, n) || v[0] >= (uint64_t)ncalls)
                break;
            t += (int64_t)v[1];
            if (keep_time(f, call_kind[v[0]], t)) {
                v[1] = (uint64_t)(t - t_out);
                t_out = t;
                put(w, rec.kind, v, n);
                events++;
            }
            continue;
        }
        case SESHAT_REC_SEND:
        case SESHAT_REC_RECV:
            keep = decode(&rec, v, 4) == 0 &&
                   keep_msg(f, SESHAT_KIND_P2P, t, seshat_unzigzag(v[2]), v[3]);
            if (rec.kind == SESHAT_REC_SEND)
                keep_payload = keep;
            break;
        case SESHAT_REC_COLL:
            keep = decode(&rec, v, 4) == 0 &&
                   keep_msg(f, SESHAT_KIND_COLL, t, seshat_unzigzag(v[1]), v[3]);
            break;
        case SESHAT_REC_PAYLOAD:
            keep = keep_payload;
            break;
        case SESHAT_REC_COMPLETE:
            keep = keep_time(f, SESHAT_KIND_WAITTEST, t);
            break;
        case SESHAT_REC_POST:
            keep = keep_time(f, SESHAT_KIND_P2P, t);
            break;
        case SESHAT_REC_RMA:
            keep = decode(&rec, v, 4) == 0 &&
                   keep_msg(f, SESHAT_KIND_P2P, t, seshat_unzigzag(v[2]),
                            seshat_rma_is_sync(v[0]) ? (uint64_t)INT64_MAX : v[3]);   /* a lock: its type */
            break;
        case SESHAT_REC_IO:   /* with its MPI_File_* call (kind other) */
            keep = keep_time(f, SESHAT_KIND_OTHER, t);
            break;
        case SESHAT_REC_END:
            if (decode(&rec, v, 2) == 0) {
                v[0] = events;
                put(w, SESHAT_REC_END, v, 2);
            }
            continue;
        }
        if (keep)
            seshat_tw_record(w, rec.kind, rec.payload, rec.len);
    }
    if (rc < 0)
        fprintf(stderr, "seshat-trace: %s (kept what came before)\n", seshat_tr_error(r));
    seshat_tr_close(r);
    return (seshat_tw_close(w) != 0) | (rc < 0);
}

/* A file of the trace itself, copied as is: not the rank streams (they
 * are filtered), not what tools wrote beside them (analysis.json,
 * report.html, whatif.txt, ...: they describe the unfiltered trace), and
 * only a regular file (a link or a directory, such as OUT itself when it
 * is inside DIR, is skipped). */
static int trace_own_file(const char *path, const char *name)
{
    int k;
    char tail[8] = "";
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    return !strcmp(name, "defs.ini") || !strcmp(name, "config.ini") || !strcmp(name, "calls.txt") ||
           (sscanf(name, "sites-%d.tx%7s", &k, tail) == 2 && !strcmp(tail, "t")) ||
           (sscanf(name, "msglog-%d.ss%7s", &k, tail) == 2 && !strcmp(tail, "t"));
}

/* `to` is new ("x": never an existing file, never through a link). */
static int copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "rb"), *b = a ? fopen(to, "wbx") : NULL;
    char buf[65536];
    size_t n;
    int bad = !b;
    while (b && (n = fread(buf, 1, sizeof buf, a)) > 0)
        bad |= fwrite(buf, 1, n, b) != n;
    bad |= a && ferror(a);
    if (a)
        fclose(a);
    if (b && fclose(b) != 0)
        bad = 1;
    if (bad)
        fprintf(stderr, "seshat-trace: filter: cannot copy %s to %s: %s\n", from, to,
                strerror(errno ? errno : EIO));
    return bad;
}

/* The output's defs.ini lists the ranks it has streams for: those traced
 * before (`traced`, default all) and kept by --ranks, as a rank list. */
static void write_traced(const char *out, const struct filter *f)
{
    char path[4200], tmp[4300], line[1024], old[256] = "all";
    snprintf(path, sizeof path, "%s/defs.ini", out);
    snprintf(tmp, sizeof tmp, "%s.new", path);
    FILE *a = fopen(path, "r"), *b = a ? fopen(tmp, "wx") : NULL;
    int nranks = 0;
    while (b && fgets(line, sizeof line, a)) {
        if (sscanf(line, " ranks = %d", &nranks) == 1 || !strncmp(line, "traced", 6))
            sscanf(line, " traced = %255s", old);
        if (strncmp(line, "traced", 6))
            fputs(line, b);
    }
    if (b) {
        fputs("traced = ", b);
        int n = 0;
        for (int r = 0; r < nranks; r++) {
            if (!seshat_rankset_contains(old, r) || !seshat_rankset_contains(f->ranks, r))
                continue;
            int e = r;
            while (e + 1 < nranks && seshat_rankset_contains(old, e + 1) &&
                   seshat_rankset_contains(f->ranks, e + 1))
                e++;
            fprintf(b, e > r ? "%s%d-%d" : "%s%d", n++ ? "," : "", r, e);
            r = e;
        }
        fputs(n ? "\n" : "none\n", b);
        fclose(b);
        rename(tmp, path);
    }
    if (a)
        fclose(a);
}

static int parse_args(int argc, char **argv, struct filter *f)
{
    *f = (struct filter){ 0, "all", "all", 0, 0, INT64_MAX };
    seshat_kindset_mask("all", &f->kinds);
    for (int i = 2; i < argc; i += 2) {
        const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = !v;
        if (!bad && !strcmp(k, "--kinds"))
            bad = seshat_kindset_mask(v, &f->kinds);
        else if (!bad && !strcmp(k, "--ranks"))
            bad = seshat_rankset_check(f->ranks = v);
        else if (!bad && !strcmp(k, "--comms"))
            bad = seshat_rankset_check(f->comms = v);
        else if (!bad && !strcmp(k, "--min-bytes"))
            bad = seshat_parse_bytes(v, &f->min_bytes);
        else if (!bad && !strcmp(k, "--window"))
            bad = seshat_window_parse(v, &f->from, &f->to);
        else
            bad = 1;
        if (bad) {
            fprintf(stderr, "seshat-trace: filter: bad option %s %s (see --help)\n", k, v ? v : "");
            return -1;
        }
    }
    return 0;
}

/* At least one of DIR's rank streams is in the rank set. */
static int selects_a_stream(const char *dir, const char *ranks)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int r, found = 0;
    while (d && !found && (e = readdir(d)))
        found = sscanf(e->d_name, "rank-%d.sst", &r) == 1 && seshat_rankset_contains(ranks, r);
    if (d)
        closedir(d);
    return found;
}

int seshat_filter_main(int argc, char **argv)
{
    struct filter f;
    if (argc < 2 || parse_args(argc, argv, &f) != 0)
        return 2;
    const char *dir = argv[0], *out = argv[1];
    if (!selects_a_stream(dir, f.ranks)) {
        fprintf(stderr, "seshat-trace: filter: --ranks %s selects no rank-<r>.sst of %s; the "
                "output would be no trace\n", f.ranks, dir);
        return 2;
    }
    if (mkdir(out, 0755) != 0) {
        fprintf(stderr, "seshat-trace: %s: %s (the output must be a new directory)\n", out,
                strerror(errno));
        return 2;
    }
    /* The kind of each of the trace's call ids, by the trace's names
     * (calls.txt is copied as is: the output keeps the input's ids). */
    seshat_tcalls calls;
    char err[4400];
    if (seshat_tcalls_load(&calls, dir, err, sizeof err) != 0) {
        fprintf(stderr, "seshat-trace: %s\n", err);
        return 2;
    }
    int ncalls = calls.legacy ? SESHAT_CALL_COUNT : calls.n;
    unsigned char *kind = malloc((size_t)ncalls + 1);
    if (!kind) {
        fprintf(stderr, "seshat-trace: filter: out of memory\n");
        return 2;
    }
    for (int c = 0; c < ncalls; c++)
        kind[c] = (unsigned char)seshat_trace_kind_of(seshat_tcalls_name(&calls, (uint64_t)c));
    seshat_tcalls_free(&calls);
    DIR *d = opendir(dir);
    struct dirent *e;
    int bad = 0, r, tty = isatty(2);
    while (d && (e = readdir(d))) {
        char from[4200], to[4200];
        snprintf(from, sizeof from, "%s/%s", dir, e->d_name);
        snprintf(to, sizeof to, "%s/%s", out, e->d_name);
        if (sscanf(e->d_name, "rank-%d.sst", &r) == 1) {
            if (tty)
                fprintf(stderr, "\rfiltering rank %d ", r);
            if (seshat_rankset_contains(f.ranks, r))
                bad |= filter_stream(from, to, &f, kind, ncalls);
        } else if (trace_own_file(from, e->d_name)) {
            bad |= copy_file(from, to);
        }
    }
    if (d)
        closedir(d);
    free(kind);
    write_traced(out, &f);
    if (tty)
        fprintf(stderr, "\r");
    printf("wrote %s\n", out);
    return bad;
}

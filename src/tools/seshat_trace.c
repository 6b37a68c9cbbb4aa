/* seshat-trace - look into a trace directory: statistics, a readable
 * dump, Seshat's nine-field message log. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze/an_check.h"
#include "common/version.h"
#include "config/config.h"

#include "mpi/calls.h"
#include "tracefmt/trace_calls.h"
#include "tracefmt/trace_format.h"
#include "tracefmt/trace_reader.h"
#include "export/trace_filter.h"
#include "export/trace_otf2.h"

static void usage(FILE *out)
{
    fputs("usage: seshat-trace stats DIR\n"
          "       seshat-trace dump DIR [--rank R] [--format seshat]\n"
          "       seshat-trace msglog DIR       (= dump --format seshat: Seshat's nine fields)\n"
          "       seshat-trace filter DIR OUT [--kinds K] [--ranks R] [--comms C]\n"
          "                                   [--min-bytes SIZE] [--window FROM-TO]\n"
          "       seshat-trace otf2 DIR OUTDIR  (export; read with otf2-print, Vampir, ViTE)\n", out);
}

#define SESHAT_NREC (SESHAT_REC_IO + 1)   /* record kinds counted by stats */

struct stats {
    unsigned long long recs[SESHAT_NREC], events, sends, recvs, colls, bytes_sent, completes, payload;
    long long t_end;
};


/* A COMM record's world ranks (any number of them). */
static void print_members(const seshat_tr_record *rec)
{
    const uint8_t *p = rec->payload, *end = p + rec->len;
    uint64_t x;
    for (int k = 0; seshat_get_varint(&p, end, &x) == 0; k++)
        if (k >= 2)
            printf(" %llu", (unsigned long long)x);
}

/* An IO record: op, file, mode, bytes, request, when the access starts and
 * ends (a pending one's: at its request's completion), the file's name. */
static void print_io(int rank, const seshat_tr_record *rec, long long t)
{
    const uint8_t *p = rec->payload, *end = p + rec->len;
    uint64_t v[7];
    for (int k = 0; k < 7; k++)
        if (seshat_get_varint(&p, end, &v[k])) {
            printf("%d %lld io (malformed)\n", rank, t);
            return;
        }
    printf("%d %lld io %s file %llu %s%s bytes %llu request %llu", rank, t,
           seshat_io_op_name(v[1]), (unsigned long long)v[0],
           v[2] & SESHAT_IO_COLLECTIVE ? "collective" : "independent",
           v[2] & SESHAT_IO_NONBLOCKING ? " nonblocking" : "", (unsigned long long)v[3],
           (unsigned long long)v[4]);
    long long start = t + seshat_unzigzag(v[5]);
    if (v[2] & SESHAT_IO_PENDING)
        printf(" end at completion");
    else
        printf(" start %lld end %lld", start, start + (long long)v[6]);
    uint64_t comm;
    if (p < end && seshat_get_varint(&p, end, &comm) == 0)
        printf(" comm %lld name %.*s", (long long)seshat_unzigzag(comm), (int)(end - p),
               (const char *)p);
    putchar('\n');
}

static void print_record(int rank, const seshat_tr_record *rec, long long *t,
                         const seshat_tcalls *calls)
{
    uint64_t v[12] = { 0 };
    if (rec->kind == SESHAT_REC_HEADER) {
        const uint8_t *p = rec->payload + 8, *end = rec->payload + rec->len;
        uint64_t ver = 0, r = 0, n = 0;
        if (rec->len < 8 || seshat_get_varint(&p, end, &ver) || seshat_get_varint(&p, end, &r) ||
            seshat_get_varint(&p, end, &n)) {
            printf("%d header (malformed)\n", rank);
            return;
        }
        printf("%d header %.8s version %llu rank %llu of %llu\n", rank, (const char *)rec->payload,
               (unsigned long long)ver, (unsigned long long)r, (unsigned long long)n);
        return;
    }
    int n = seshat_tr_decode(rec, v, 12);
    switch (rec->kind) {
    case SESHAT_REC_ENTER:
        *t += (long long)v[1];
        printf("%d %lld enter %s site %llu\n", rank, *t, seshat_tcalls_name(calls, v[0]),
               (unsigned long long)v[2]);
        break;
    case SESHAT_REC_EXIT:
        *t += (long long)v[1];
        printf("%d %lld exit %s\n", rank, *t, seshat_tcalls_name(calls, v[0]));
        break;
    case SESHAT_REC_SEND:
        printf("%d %lld send to %llu tag %lld comm %lld bytes %llu %s%s request %llu\n", rank, *t,
               (unsigned long long)v[0], (long long)seshat_unzigzag(v[1]),
               (long long)seshat_unzigzag(v[2]), (unsigned long long)v[3],
               (v[4] & 0xff) ? "rendezvous" : "eager", (v[4] & 256) ? " buffered" : "",
               (unsigned long long)v[5]);
        break;
    case SESHAT_REC_RECV:
        printf("%d %lld recv from %llu tag %lld comm %lld bytes %llu request %llu\n", rank, *t,
               (unsigned long long)v[0], (long long)seshat_unzigzag(v[1]),
               (long long)seshat_unzigzag(v[2]), (unsigned long long)v[3], (unsigned long long)v[4]);
        break;
    case SESHAT_REC_COMPLETE:
        printf("%d %lld complete request %llu\n", rank, *t, (unsigned long long)v[0]);
        break;
    case SESHAT_REC_POST:
        printf("%d %lld post request %llu\n", rank, *t, (unsigned long long)v[0]);
        break;
    case SESHAT_REC_PAYLOAD:
        printf("%d %lld payload %zu bytes\n", rank, *t, rec->len);
        break;
    case SESHAT_REC_RMA: {
        static const char *const ops[] = { "put", "get", "accumulate", "get_accumulate",
                                           "fetch_and_op", "compare_and_swap" };
        static const char *const syncs[] = { "fence", "post", "start", "complete",
                                             "wait", "lock", "unlock" };
        const char *op = v[0] < 6 ? ops[v[0]]
                         : v[0] >= SESHAT_RMA_FENCE && v[0] <= SESHAT_RMA_UNLOCK
                             ? syncs[v[0] - SESHAT_RMA_FENCE]
                             : "?";
        printf("%d %lld rma %s to %llu comm %lld window %llu bytes %llu back %llu request %llu "
               "done %lld\n",
               rank, *t, op, (unsigned long long)v[1], (long long)seshat_unzigzag(v[2]),
               (unsigned long long)v[7], (unsigned long long)v[3], (unsigned long long)v[4],
               (unsigned long long)v[5], *t + (long long)v[6]);
        break;
    }
    case SESHAT_REC_IO:
        print_io(rank, rec, *t);
        break;
    case SESHAT_REC_SAMPLE:   /* samples of the compute interval the next enter ends */
        printf("%d %lld sample site %llu count %llu\n", rank, *t, (unsigned long long)v[0],
               (unsigned long long)v[1]);
        break;
    case SESHAT_REC_COLL:
        printf("%d %lld collective kind %llu comm %lld root %lld bytes %llu request %llu\n", rank,
               *t, (unsigned long long)v[0], (long long)seshat_unzigzag(v[1]),
               (long long)seshat_unzigzag(v[2]), (unsigned long long)v[3], (unsigned long long)v[4]);
        break;
    case SESHAT_REC_COMM:
        printf("%d comm %lld size %llu members", rank, (long long)seshat_unzigzag(v[0]),
               (unsigned long long)v[1]);
        print_members(rec);
        putchar('\n');
        break;
    case SESHAT_REC_CALLSITE:
        printf("%d callsite %llu 0x%llx\n", rank, (unsigned long long)v[0], (unsigned long long)v[1]);
        break;
    case SESHAT_REC_END:
        printf("%d end events %llu time %llu\n", rank, (unsigned long long)v[0],
               (unsigned long long)v[1]);
        break;
    default:
        printf("%d record kind %u (%zu bytes, skipped)\n", rank, rec->kind, rec->len);
    }
    (void)n;
}

static void account(struct stats *s, const seshat_tr_record *rec)
{
    uint64_t v[4] = { 0 };
    s->recs[rec->kind < SESHAT_NREC ? rec->kind : 0]++;
    if (rec->kind == SESHAT_REC_ENTER || rec->kind == SESHAT_REC_EXIT)
        s->events++;
    if (rec->kind == SESHAT_REC_SEND && seshat_tr_decode(rec, v, 4) == 4) {
        s->sends++;
        s->bytes_sent += v[3];
    }
    s->recvs += rec->kind == SESHAT_REC_RECV;
    s->completes += rec->kind == SESHAT_REC_COMPLETE;
    if (rec->kind == SESHAT_REC_PAYLOAD)
        s->payload += rec->len;
    s->colls += rec->kind == SESHAT_REC_COLL;
    if (rec->kind == SESHAT_REC_END && seshat_tr_decode(rec, v, 2) == 2)
        s->t_end = (long long)v[1];
}

/* Walk one stream; mode 0 = stats, 1 = dump. Returns 0, or 1 on a damaged stream. */
static int walk(const char *path, int rank, int mode, struct stats *s, const seshat_tcalls *calls)
{
    char err[1400];
    seshat_tr *r = seshat_tr_open(path, err, sizeof err);
    if (!r) {
        fprintf(stderr, "seshat-trace: %s\n", err);
        return 1;
    }
    seshat_tr_record rec;
    long long t = 0;
    int rc;
    while ((rc = seshat_tr_next(r, &rec)) == 1) {
        if (mode)
            print_record(rank, &rec, &t, calls);
        else
            account(s, &rec);
    }
    if (rc < 0)
        fprintf(stderr, "seshat-trace: %s\n", seshat_tr_error(r));
    seshat_tr_close(r);
    return rc < 0;
}

/* Ranks in the run: one more than the largest rank-<r>.sst (a trace may
 * hold only some ranks, [trace] ranks). */
static int nranks_of(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0, r;
    while (d && (e = readdir(d)))
        if (sscanf(e->d_name, "rank-%d.sst", &r) == 1 && r + 1 > n)
            n = r + 1;
    if (d)
        closedir(d);
    return n;
}

static int has_rank(const char *dir, int r)
{
    char path[4200];
    struct stat st;
    snprintf(path, sizeof path, "%s/rank-%d.sst", dir, r);
    return stat(path, &st) == 0;
}

static void whole_problems(const char *dir, an_problems *p);

static int cmd_stats(const char *dir)
{
    int n = nranks_of(dir), bad = 0;
    if (n == 0) {
        fprintf(stderr, "seshat-trace: %s: no rank-<r>.sst: not a seshat trace directory\n", dir);
        return 2;
    }
    struct stats total = { 0 };
    unsigned long long disk = 0;
    printf("%-6s %12s %10s %10s %10s %12s %14s %8s\n", "rank", "events", "sends", "recvs",
           "colls", "bytes sent", "end (ns)", "B/event");
    for (int r = 0; r < n; r++) {
        char path[4200];
        struct stat st;
        struct stats s = { 0 };
        if (!has_rank(dir, r))
            continue;
        snprintf(path, sizeof path, "%s/rank-%d.sst", dir, r);
        bad |= walk(path, r, 0, &s, NULL);
        stat(path, &st);
        disk += (unsigned long long)st.st_size;
        printf("%-6d %12llu %10llu %10llu %10llu %12llu %14lld %8.2f\n", r, s.events, s.sends,
               s.recvs, s.colls, s.bytes_sent, s.t_end,
               s.events ? (double)st.st_size / (double)s.events : 0.0);
        total.events += s.events;
        total.sends += s.sends;
        total.recvs += s.recvs;
        total.colls += s.colls;
        total.bytes_sent += s.bytes_sent;
        total.completes += s.completes;
        for (int k = 0; k < SESHAT_NREC; k++)
            total.recs[k] += s.recs[k];
        total.payload += s.payload;
    }
    char defs[4200];
    snprintf(defs, sizeof defs, "%s/defs.ini", dir);
    FILE *df = fopen(defs, "r");
    char line[256];
    const char *complete = "no (defs.ini missing: the run did not reach MPI_Finalize)";
    while (df && fgets(line, sizeof line, df))
        if (!strncmp(line, "complete = ", 11))
            complete = strncmp(line + 11, "true", 4) ? "no (a stream failed while writing)" : "yes";
    if (df)
        fclose(df);
    /* defs.ini's word is not enough: a stream emptied, cut or swapped
     * since makes the trace incomplete too (the first problem is named). */
    an_problems p = { 0 };
    char why[1200];
    if (!strcmp(complete, "yes")) {
        whole_problems(dir, &p);
        if (p.n) {
            snprintf(why, sizeof why, "no (%s%s)", p.msg[0], p.n > 1 ? "; and more" : "");
            complete = why;
        }
    }
    printf("complete %s\n", complete);
    an_problems_free(&p);
    static const char *const kind_names[SESHAT_NREC] = { "?", "header", "enter", "exit", "send",
        "recv", "coll", "comm", "callsite", "end", "msglog", "complete", "payload", "post", "rma",
        "sample", "io" };
    for (int k = 1; k < SESHAT_NREC; k++)
        if (total.recs[k])
            printf("records_%s %llu\n", kind_names[k], total.recs[k]);
    printf("events %llu\nsends %llu\nrecvs %llu\ncollectives %llu\nbytes_sent %llu\n"
           "completions %llu\npayload_bytes %llu\nstream_bytes %llu\nbytes_per_event %.3f\n",
           total.events, total.sends, total.recvs, total.colls, total.bytes_sent,
           total.completes, total.payload, disk,
           total.events ? (double)disk / (double)total.events : 0.0);
    return bad;
}

static int cmd_dump(const char *dir, int only)
{
    int n = nranks_of(dir), bad = 0;
    seshat_tcalls calls;   /* the trace's call names (any build's) */
    char err[4400];
    if (seshat_tcalls_load(&calls, dir, err, sizeof err) != 0) {
        fprintf(stderr, "seshat-trace: %s\n", err);
        return 2;
    }
    for (int r = 0; r < n; r++) {
        if ((only >= 0 && r != only) || !has_rank(dir, r))
            continue;
        char path[4200];
        snprintf(path, sizeof path, "%s/rank-%d.sst", dir, r);
        bad |= walk(path, r, 1, NULL, &calls);
    }
    seshat_tcalls_free(&calls);
    return bad;
}

/* Seshat's message log: event type, time at model, source, destination,
 * virtual send time, simulated network time, tag, collective type, length. */
static int cmd_msglog(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int bad = 0;
    if (!d) {
        fprintf(stderr, "seshat-trace: %s: cannot open\n", dir);
        return 2;
    }
    printf("# type model_ns src dst send_vt_ns net_ns tag coll bytes\n");
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, "msglog-", 7))
            continue;
        char path[4200], err[1400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        seshat_tr *r = seshat_tr_open(path, err, sizeof err);
        if (!r) {
            fprintf(stderr, "seshat-trace: %s\n", err);
            bad = 1;
            continue;
        }
        seshat_tr_record rec;
        uint64_t v[9];
        int rc;
        while ((rc = seshat_tr_next(r, &rec)) == 1)
            if (rec.kind == SESHAT_REC_MSGLOG && seshat_tr_decode(&rec, v, 9) == 9)
                printf("%llu %llu %llu %llu %llu %llu %lld %llu %llu\n", (unsigned long long)v[0],
                       (unsigned long long)v[1], (unsigned long long)v[2],
                       (unsigned long long)v[3], (unsigned long long)v[4],
                       (unsigned long long)v[5], (long long)seshat_unzigzag(v[6]),
                       (unsigned long long)v[7], (unsigned long long)v[8]);
        if (rc < 0) {
            fprintf(stderr, "seshat-trace: %s\n", seshat_tr_error(r));
            bad = 1;
        }
        seshat_tr_close(r);
    }
    closedir(d);
    return bad;
}

/* DIR must be a trace directory: its rank count, or -1 with a message. */
static int trace_dir(const char *cmd, const char *dir)
{
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "seshat-trace: %s: %s: %s\n", cmd, dir,
                stat(dir, &st) ? strerror(errno) : "not a directory");
        return -1;
    }
    int n = nranks_of(dir);
    if (n == 0)
        fprintf(stderr, "seshat-trace: %s: %s: no rank-<r>.sst: not a seshat trace directory\n",
                cmd, dir);
    return n > 0 ? n : -1;
}

/* Is DIR a whole trace? Each problem one line (an_check.h). */
static void whole_problems(const char *dir, an_problems *p)
{
    an_defs d;
    char err[4400];
    if (an_defs_load(dir, &d, err, sizeof err) == 0) {
        an_check_all(dir, &d, p);
        an_defs_free(&d);
    } else {
        an_problems_add(p, "%s", err);
    }
}

/* Every stream reads to its end (nothing said: the export says it again). */
static int streams_intact(const char *dir, int n)
{
    int ok = 1;
    for (int r = 0; r < n; r++) {
        char path[4200], err[1400];
        snprintf(path, sizeof path, "%s/rank-%d.sst", dir, r);
        seshat_tr *t = has_rank(dir, r) ? seshat_tr_open(path, err, sizeof err) : NULL;
        seshat_tr_record rec;
        int rc = has_rank(dir, r) ? -1 : 0;
        if (t)
            while ((rc = seshat_tr_next(t, &rec)) == 1)
                ;
        seshat_tr_close(t);
        ok &= rc == 0;
    }
    return ok;
}

/* OUTDIR: new, or an existing writable directory with no archive yet. */
static int otf2_main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "seshat-trace: otf2 DIR OUTDIR: %s\n",
                argc < 4 ? "OUTDIR missing" : "unexpected arguments after OUTDIR");
        return 2;
    }
    const char *dir = argv[2], *out = argv[3];
    int n = trace_dir("otf2", dir);
    if (n < 0)
        return 2;
    char archive[4200];
    snprintf(archive, sizeof archive, "%s/traces.otf2", out);
    if (mkdir(out, 0755) != 0 && (errno != EEXIST || access(out, W_OK) != 0)) {
        fprintf(stderr, "seshat-trace: otf2: %s: %s\n", out, strerror(errno));
        return 2;
    }
    struct stat st;
    if (stat(out, &st) != 0 || !S_ISDIR(st.st_mode) || access(archive, F_OK) == 0) {
        fprintf(stderr, "seshat-trace: otf2: %s: %s\n", out,
                access(archive, F_OK) == 0 ? "already holds an OTF2 archive" : "not a directory");
        return 2;
    }
    int intact = streams_intact(dir, n);
    an_problems p = { 0 };
    whole_problems(dir, &p);
    seshat_otf2_problems op = { p.n, p.msg };
    int rc = seshat_export_otf2(dir, n, out, &op);
    an_problems_free(&p);
    return rc ? rc : !intact;
}

static int dump_main(int argc, char **argv)
{
    int n = trace_dir("dump", argv[2]), seshat = 0;
    long long rank = -1;
    if (n < 0)
        return 2;
    for (int i = 3; i < argc; i += 2) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v || (strcmp(o, "--rank") && strcmp(o, "--format"))) {
            fprintf(stderr, "seshat-trace: dump: %s %s\n", o,
                    v ? "is not an option of dump (see --help)" : "needs a value");
            return 2;
        }
        if (!strcmp(o, "--format") && strcmp(v, "seshat")) {
            fprintf(stderr, "seshat-trace: dump: --format %s: the only format is seshat\n", v);
            return 2;
        }
        seshat |= !strcmp(o, "--format");
        if (!strcmp(o, "--rank") && seshat_int_arg("seshat-trace: dump", o, v, 0, n - 1, &rank))
            return 2;
        if (!strcmp(o, "--rank") && !has_rank(argv[2], (int)rank)) {
            fprintf(stderr, "seshat-trace: dump: --rank %lld: that rank was not traced "
                    "(no rank-%lld.sst)\n", rank, rank);
            return 2;
        }
    }
    return seshat ? cmd_msglog(argv[2]) : cmd_dump(argv[2], (int)rank);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout);
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        printf("seshat-trace %s\n", SESHAT_VERSION);
        return 0;
    }
    if (argc < 3) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if ((!strcmp(cmd, "stats") || !strcmp(cmd, "msglog")) && argc > 3) {
        fprintf(stderr, "seshat-trace: %s DIR: unexpected argument %s\n", cmd, argv[3]);
        return 2;
    }
    if (!strcmp(cmd, "stats"))
        return trace_dir(cmd, argv[2]) < 0 ? 2 : cmd_stats(argv[2]);
    if (!strcmp(cmd, "dump"))
        return dump_main(argc, argv);
    if (!strcmp(cmd, "filter"))
        return trace_dir(cmd, argv[2]) < 0 ? 2 : seshat_filter_main(argc - 2, argv + 2);
    if (!strcmp(cmd, "msglog"))
        return trace_dir(cmd, argv[2]) < 0 ? 2 : cmd_msglog(argv[2]);
    if (!strcmp(cmd, "otf2"))
        return otf2_main(argc, argv);
    fprintf(stderr, "seshat-trace: unknown command %s\n", cmd);
    usage(stderr);
    return 2;
}

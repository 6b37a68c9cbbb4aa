/* seshat_analyze.c - seshat-analyze: the replay analyzer. An MPI program:
 * started directly it relaunches itself under mpirun; each process reads
 * the streams of a block of trace ranks, the processes exchange what the
 * wait states need (src/analyze/an_replay.h), and process 0 writes
 * analysis.json, analysis.cubex, report.html and prints the summary. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <malloc.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyze/an_cf.h"
#include "analyze/an_check.h"
#include "analyze/an_cpath.h"
#include "analyze/an_delay.h"
#include "analyze/an_local.h"
#include "analyze/an_replay.h"
#include "analyze/an_rma.h"
#include "analyze/an_root.h"
#include "analyze/an_samples.h"
#include "analyze/an_summary.h"
#include "analyze/analysis.h"
#include "common/job.h"
#include "common/version.h"
#include "common/safe_write.h"
#include "config/config.h"
#include "tools/compare.h"
#include "tools/counterfactual.h"
#include "tools/pop_scaling.h"
#include "tools/sensitivity.h"

typedef struct opts {
    const char *dir, *model;
    const char *dir_b, *out;   /* --compare A B, --out DIR */
    const char **dirs;         /* every trace named: --pop T1 T2 ... compares rank counts */
    int ndirs;
    int procs, quiet, no_cpath, no_delay, pop, sensitivity, compare;
    int cf;   /* --counterfactuals: how many causes to replay */
} opts;

static void usage(FILE *f)
{
    fputs("usage: seshat-analyze [-j M] [--model FILE.ini] [--pop] [--counterfactuals]\n"
          "                      [--no-root-causes] [--no-critical-path] [--quiet] TRACEDIR\n"
          "       seshat-analyze --pop [-j M] [--out DIR] TRACEDIR TRACEDIR...\n"
          "\n"
          "Replays the trace in parallel (M analyzer processes, default: one per core up\n"
          "to the trace's ranks; any M from 1 works), finds the wait states (Late Sender,\n"
          "Late Receiver, Wait at N x N, Wait at Barrier, Early Reduce, Late Broadcast, ...)\n"
          "and writes TRACEDIR/analysis.json, TRACEDIR/analysis.cubex (CUBE4) and\n"
          "TRACEDIR/report.html; prints a summary. Run it directly (it starts mpirun\n"
          "itself) or under mpirun -np M. --no-critical-path saves the memory of one\n"
          "record per wait state and a second pass over the streams (the root causes\n"
          "need them too: it skips both); --no-root-causes skips only the root causes\n"
          "(delay costs: one more pass). --pop replays the trace on an ideal network\n"
          "(TRACEDIR/ideal.ini) for the POP serialization and transfer efficiencies.\n"
          "--counterfactuals replays the trace with each of the three largest computation\n"
          "root causes evened out and reports the run time each saves.\n"
          "\n"
          "seshat-analyze --sensitivity [-j M] [--model BASE.ini] TRACEDIR replays the\n"
          "trace under latency x1/2 and x2, bandwidth x1/2 and x2, an ideal network and\n"
          "CPU x1/2 (M replays at once, default one per core; the base is the recorded\n"
          "configuration, TRACEDIR/config.ini, or BASE.ini) and writes\n"
          "TRACEDIR/sensitivity.json, sensitivity.txt and sensitivity.png: predicted\n"
          "times, elasticities and the parameter that limits the run.\n"
          "\n"
          "seshat-analyze --compare [-j M] [--out DIR] A B compares two runs: two traces\n"
          "(analysed again here) or two seshat-run --profile directories; per pattern,\n"
          "call path and rank, B - A sorted by size, into DIR/compare.txt, .json, .html\n"
          "and, for traces, compare.cubex (CUBE4, B - A) (DIR default: the current one).\n"
          "\n"
          "seshat-analyze --pop [-j M] [--out DIR] T1 T2 ... takes traces of one program at\n"
          "several rank counts: per count, the POP parallel efficiency and its factors,\n"
          "the computation scalability (useful computation of all ranks at the smallest\n"
          "count / at this one) and the global efficiency (their product), into\n"
          "DIR/pop-scaling.txt, .json and .html (DIR default: the current one).\n",
          f);
}

static int parse(int argc, char **argv, opts *o)
{
    *o = (opts){ 0 };
    o->dirs = calloc((size_t)argc + 1, sizeof *o->dirs);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "--version")) {
            printf("seshat-analyze %s\n", SESHAT_VERSION);
            exit(0);
        } else if (!strcmp(a, "-j") && i + 1 < argc) {
            long long v;
            if (seshat_int_arg("seshat-analyze", a, argv[++i], 1, SESHAT_MAX_APP_RANKS, &v))
                return -1;
            o->procs = (int)v;
        } else if (!strcmp(a, "--model") && i + 1 < argc) {
            o->model = argv[++i];
        } else if (!strcmp(a, "--pop")) {
            o->pop = 1;
        } else if (!strcmp(a, "--counterfactuals")) {
            o->cf = 3;
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = 1;
        } else if (!strcmp(a, "--compare")) {
            o->compare = 1;
        } else if (!strcmp(a, "--out") && i + 1 < argc) {
            o->out = argv[++i];
        } else if (!strcmp(a, "--sensitivity")) {
            o->sensitivity = 1;
        } else if (!strcmp(a, "--no-critical-path")) {
            o->no_cpath = 1;
        } else if (!strcmp(a, "--no-root-causes")) {
            o->no_delay = 1;
        } else if (a[0] != '-' && o->dirs) {
            o->dirs[o->ndirs++] = a;
        } else {
            fprintf(stderr, "seshat-analyze: bad argument '%s'\n", a);
            usage(stderr);
            return -1;
        }
    }
    o->dir = o->ndirs ? o->dirs[0] : NULL;
    o->dir_b = o->ndirs > 1 ? o->dirs[1] : NULL;
    /* two traces with --compare; two or more with --pop alone; else one */
    int want_ok = o->compare ? o->ndirs == 2 : o->ndirs == 1 || (o->pop && o->ndirs > 1);
    if (!want_ok || (o->ndirs > 1 && (o->model || o->cf || o->sensitivity))) {
        usage(stderr);
        return -1;
    }
    return 0;
}

/* The analyzers under mpirun, as this process's job (common/job.h): a
 * signal to seshat-analyze ends them, and they die with it. */
static int launch(char **argv, const opts *o, int nranks)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int m = o->procs ? o->procs : (int)(cores < nranks ? (cores > 0 ? cores : 1) : nranks);
    if (m > nranks) {
        fprintf(stderr, "seshat-analyze: -j %d: at most %d (one analyzer per trace rank)\n", m,
                nranks);
        return 2;
    }
    char np[16], self[PATH_MAX];
    ssize_t l = readlink("/proc/self/exe", self, sizeof self - 1);
    self[l > 0 ? l : 0] = 0;
    snprintf(np, sizeof np, "%d", m);
    int argc = 0;
    while (argv[argc])
        argc++;
    char **args = calloc((size_t)argc + 8, sizeof *args);
    int k = 0;
    args[k++] = "mpirun";
    args[k++] = "--oversubscribe";
    if (geteuid() == 0)
        args[k++] = "--allow-run-as-root";
    args[k++] = "-np";
    args[k++] = np;
    args[k++] = self;
    for (int i = 1; i < argc; i++)
        args[k++] = argv[i];
    pid_t pid = seshat_job_start("seshat-analyze", args, -1);
    int rc = seshat_job_exit_code(pid < 0 ? -1 : seshat_job_wait(pid, 0, NULL));
    free(args);
    seshat_job_reraise();
    return rc;
}

/* The replay re-enacts every rank's calls: a missing, empty, foreign or
 * unfinished stream would deadlock it, so --model refuses such a trace
 * at once, with every problem on one line. */
static int refuse_partial(const char *dir, const an_defs *d)
{
    an_problems p = { 0 };
    an_check_all(dir, d, &p);
    if (d->ntraced < d->nranks)
        an_problems_add(&p, "a rank-filtered trace (defs.ini traced = %s of %d ranks)",
                        d->ranks_spec, d->nranks);
    char *all = p.n ? an_problems_join(&p) : NULL;
    if (p.n)
        fprintf(stderr, "seshat-analyze: --model: %s is not a whole trace: %s; the what-if "
                "replay needs every rank's whole stream\n", dir, all ? all : "out of memory");
    free(all);
    int n = p.n;
    an_problems_free(&p);
    return n;
}

/* The what-if replay: seshat-replay under seshat-run with the model file
 * (clock = none: the recorded compute is replayed exactly), before the
 * analysis job; its per-rank times go to TRACEDIR/whatif.txt. */
static int run_whatif(const opts *o, int nranks, const char *model, const char *result)
{
    seshat_config cfg;
    char err[PATH_MAX + 256], self[PATH_MAX], dir[PATH_MAX];
    if (seshat_config_load(&cfg, model, NULL, 0, 0, err, sizeof err)) {
        fprintf(stderr, "seshat-analyze: --model: %s\n", err);
        return 2;
    }
    ssize_t l = readlink("/proc/self/exe", self, sizeof self - 1);
    self[l > 0 ? l : 0] = 0;
    snprintf(dir, sizeof dir, "%s", self);
    *strrchr(dir, '/') = 0;
    char factor[64];
    snprintf(factor, sizeof factor, "%.17g", cfg.cpu_factor);
    setenv("SESHAT_REPLAY_CPU_FACTOR", factor, 1);
    /* A replay that cannot finish (a pattern it does not re-enact
     * faithfully) must not hang the analysis: bounded by a timeout. */
    const char *limit = getenv("SESHAT_WHATIF_TIMEOUT");
    long long secs = 600;
    if (limit && *limit &&
        seshat_int_arg("seshat-analyze", "SESHAT_WHATIF_TIMEOUT", limit, 1, 1 << 30, &secs))
        return 2;
    char run[PATH_MAX + 16], replay[PATH_MAX + 16], np[16], out[PATH_MAX + 16];
    snprintf(run, sizeof run, "%s/seshat-run", dir);
    snprintf(replay, sizeof replay, "%s/seshat-replay", dir);
    snprintf(np, sizeof np, "%d", nranks);
    snprintf(out, sizeof out, "%s/%s", o->dir, result);
    /* watchdog off: the replay's Alltoallv sends only to itself yet
     * receives n from every member (the model reads the receive counts),
     * which Open MPI's blocking Alltoallv completes and the nonblocking
     * form the watchdog runs (docs/models.md) does not; its own timeout
     * bounds it instead. */
    char *argv[] = { run, "--config", (char *)model, "--set", "simulator.clock=none",
                     "--set", "simulator.watchdog=0",
                     "--set", "trace.enabled=false", "--set", "report.summary=false",
                     "--set", "report.matrix=false", "-np", np, "--", replay, (char *)o->dir,
                     NULL };
    seshat_sw w;
    int fd = seshat_sw_open_fd(&w, out, err, sizeof err);
    if (fd < 0) {
        fprintf(stderr, "seshat-analyze: %s\n", err);
        return 1;
    }
    int timed_out = 0;
    pid_t pid = seshat_job_start("seshat-analyze", argv, fd);
    int st = pid < 0 ? -1 : seshat_job_wait(pid, (int)secs, &timed_out);
    if (st != 0 || seshat_job_signal())
        seshat_sw_abort(&w);
    else if (seshat_sw_commit(&w, err, sizeof err)) {
        fprintf(stderr, "seshat-analyze: %s\n", err);
        return 1;
    }
    seshat_job_reraise();
    if (st != 0) {
        fprintf(stderr, "seshat-analyze: the what-if replay under %s failed (exit %d%s)\n",
                model, seshat_job_exit_code(st), timed_out ? ", timed out: "
                "SESHAT_WHATIF_TIMEOUT sets the limit in seconds" : "");
        return 1;
    }
    return 0;
}

/* TRACEDIR/NAME: "SESHAT_REPLAY rank ns" lines from a replay: each
 * rank's time into rank_time[] (may be NULL), the largest into *T. */
static int read_replay(const char *dir, const char *name, int nranks, int64_t *rank_time,
                       int64_t *T)
{
    char path[PATH_MAX + 32], line[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    int got = 0;
    *T = 0;
    while (fgets(line, sizeof line, f)) {
        int r;
        double ns;
        if (sscanf(line, "SESHAT_REPLAY %d %lf", &r, &ns) == 2 && r >= 0 && r < nranks) {
            if (rank_time)
                rank_time[r] = (int64_t)ns;
            *T = (int64_t)ns > *T ? (int64_t)ns : *T;
            got++;
        }
    }
    fclose(f);
    return got == nranks ? 0 : -1;
}

static int read_whatif(seshat_analysis *a, const opts *o)
{
    if (read_replay(o->dir, "whatif.txt", a->nranks, a->whatif_rank_time, &a->whatif_time))
        return -1;
    a->have_whatif = 1;
    a->whatif_model = strdup(o->model);
    return 0;
}

/* The POP methodology's ideal network: no latency, no overheads, and
 * the largest bandwidth seshat accepts (1000 TB/s: 1 MB in 1 ns). */
static int write_ideal(const opts *o, char *path, size_t n)
{
    snprintf(path, n, "%s/ideal.ini", o->dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "seshat-analyze: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    fputs("# seshat-analyze --pop: the ideal network of the POP transfer efficiency\n"
          "[network]\nlatency = 0\nbandwidth = 1000TB/s\noverhead = 0\ngap = 0\n", f);
    return fclose(f) ? 1 : 0;
}

/* Returns how many outputs could not be written (each said on stderr;
 * an earlier good one is left as it was). */
static int write_outputs(const seshat_analysis *a, const opts *o)
{
    int failed = 0;
    char path[PATH_MAX + 32], err[PATH_MAX + 256];
    static const char *const name[] = { "analysis.json", "analysis.cubex", "report.html" };
    int (*const writer[])(const seshat_analysis *, const char *, char *, size_t) = {
        seshat_analysis_write_json, seshat_analysis_write_cube, seshat_analysis_write_html };
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", o->dir, name[i]);
        if (writer[i](a, path, err, sizeof err)) {
            fprintf(stderr, "seshat-analyze: %s\n", err);
            failed++;
        } else if (!o->quiet) {
            printf("wrote %s\n", path);
        }
    }
    return failed;
}

/* Virtual-time windows sized to about `window` calls per process (16 Ki:
 * the pairing maps then stay in cache, 256 Ki measured 25% slower;
 * or $SESHAT_ANALYZE_WINDOW: tests use tiny ones): memory follows the
 * window, not the trace. */
static void replay_windows(an_local *L, MPI_Comm comm)
{
    const char *w = getenv("SESHAT_ANALYZE_WINDOW");
    int64_t WINDOW_CALLS = w && atoll(w) > 0 ? atoll(w) : 1 << 14;
    int64_t T = 0, delta = WINDOW_CALLS < 1000 ? 1 : 1000000;
    for (;;) {
        int64_t next, calls = an_local_window(L, T, &next), gnext, most;
        an_replay_p2p(L, comm, 0);
        an_replay_coll(L, comm, 0);
        MPI_Allreduce(&next, &gnext, 1, MPI_INT64_T, MPI_MIN, comm);
        MPI_Allreduce(&calls, &most, 1, MPI_INT64_T, MPI_MAX, comm);
        if (gnext == INT64_MAX)
            break;
        if (most < WINDOW_CALLS / 2 && delta < INT64_MAX / 4)
            delta *= 2;
        else if (most > 2 * WINDOW_CALLS && delta > 1)
            delta /= 2;
        T = (gnext > T ? gnext : T) + delta;
    }
    an_replay_p2p(L, comm, 1);
    an_replay_coll(L, comm, 1);
    an_replay_rma(L, comm);
}

/* One trace's analysis on the root (returns 1 there): the steps of main
 * below, without the critical path. */
static int analyze_one(const char *dir, const an_defs *d, seshat_analysis *a)
{
    int me, np, lo, hi;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    an_block(me, d->nranks, np, &lo, &hi);
    an_local L;
    an_local_open(&L, dir, d, lo, hi);
    an_root_share_streams(&L, MPI_COMM_WORLD);
    L.want_waits = 0;
    replay_windows(&L, MPI_COMM_WORLD);
    int root = an_root_gather(&L, d, MPI_COMM_WORLD, a);
    an_local_free(&L);
    return root;
}

/* --compare A B: two profiles at once; two traces analysed one after the
 * other by the same analyzer job, then compared on its root. */
static int compare(int argc, char **argv, opts *o)
{
    const char *dirs[2] = { o->dir, o->dir_b }, *out = o->out ? o->out : ".";
    int kind[2] = { seshat_compare_kind(dirs[0]), seshat_compare_kind(dirs[1]) };
    if (kind[0] != kind[1] || kind[0] == SESHAT_CMP_NONE) {
        fprintf(stderr, "seshat-analyze: --compare: %s and %s are not two traces or two profiles "
                "(%s is %s, %s is %s)\n", dirs[0], dirs[1], dirs[0],
                kind[0] == SESHAT_CMP_TRACE ? "a trace" : kind[0] ? "a profile" : "neither",
                dirs[1], kind[1] == SESHAT_CMP_TRACE ? "a trace" : kind[1] ? "a profile" : "neither");
        return 2;
    }
    if (kind[0] == SESHAT_CMP_PROFILE)
        return seshat_compare_profiles(dirs[0], dirs[1], out, o->quiet);
    an_defs d[2];
    char err[PATH_MAX + 256];
    for (int i = 0; i < 2; i++)
        if (an_defs_load(dirs[i], &d[i], err, sizeof err)) {
            fprintf(stderr, "seshat-analyze: --compare: %s\n", err);
            return 2;
        }
    int least = d[0].nranks < d[1].nranks ? d[0].nranks : d[1].nranks;
    if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMI_SIZE"))
        return launch(argv, o, least);
    (void)argc;
    MPI_Init(&argc, &argv);
    seshat_analysis a[2];
    int root = 0, rc = 0;
    for (int i = 0; i < 2; i++)
        root = analyze_one(dirs[i], &d[i], &a[i]);
    if (root) {
        rc = seshat_compare_analyses(&a[0], &a[1], dirs[0], dirs[1], out, o->quiet);
        seshat_analysis_free(&a[0]);
        seshat_analysis_free(&a[1]);
    }
    an_defs_free(&d[0]);
    an_defs_free(&d[1]);
    MPI_Finalize();
    return rc;
}

/* --pop T1 T2 ...: each trace replayed on the ideal network (before the
 * analyzer job, as for one trace), then analysed one after the other by
 * the same job; the root writes the table (tools/pop_scaling.h). */
static int pop_scaling(int argc, char **argv, opts *o)
{
    int n = o->ndirs, least = INT_MAX, rc = 0;
    an_defs *d = calloc((size_t)n, sizeof *d);
    seshat_analysis *a = calloc((size_t)n, sizeof *a);
    const seshat_analysis **ap = calloc((size_t)n, sizeof *ap);
    char err[PATH_MAX + 256];
    if (!d || !a || !ap) {
        fprintf(stderr, "seshat-analyze: --pop: out of memory\n");
        return 1;
    }
    int under_mpi = getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE");
    for (int i = 0; i < n && !rc; i++) {
        opts one = *o;
        one.dir = o->dirs[i];
        char ideal[PATH_MAX + 16];
        if (an_defs_load(one.dir, &d[i], err, sizeof err)) {
            fprintf(stderr, "seshat-analyze: --pop: %s\n", err);
            return 2;
        }
        least = d[i].nranks < least ? d[i].nranks : least;
        if (under_mpi)
            continue;
        if (refuse_partial(one.dir, &d[i]))
            return 2;
        rc = write_ideal(&one, ideal, sizeof ideal);
        rc = rc ? rc : run_whatif(&one, d[i].nranks, ideal, "ideal.txt");
    }
    if (rc || !under_mpi)
        return rc ? rc : launch(argv, o, least);
    MPI_Init(&argc, &argv);
    int root = 0;
    for (int i = 0; i < n; i++) {
        root = analyze_one(o->dirs[i], &d[i], &a[i]);
        ap[i] = &a[i];
        if (root && read_replay(o->dirs[i], "ideal.txt", a[i].nranks, NULL, &a[i].ideal_time) == 0)
            a[i].have_ideal = 1;
        else if (root)
            fprintf(stderr, "seshat-analyze: --pop: no ideal-network result in %s/ideal.txt\n",
                    o->dirs[i]);
    }
    if (root) {
        rc = seshat_pop_scaling(ap, o->dirs, n, o->out ? o->out : ".", o->quiet);
        for (int i = 0; i < n; i++)
            seshat_analysis_free(&a[i]);
    }
    for (int i = 0; i < n; i++)
        an_defs_free(&d[i]);
    free(d);
    free(a);
    free(ap);
    MPI_Finalize();
    return rc;
}

/* --counterfactuals runs the analysis job twice (tools/counterfactual.h). */
struct cf_launch { char **argv; const opts *o; int nranks; };

static int cf_analyze(void *ctx)
{
    struct cf_launch *l = ctx;
    return launch(l->argv, l->o, l->nranks);
}

int main(int argc, char **argv)
{
    opts o;
    char err[PATH_MAX + 256];
    if (parse(argc, argv, &o))
        return 2;
    if (o.compare)
        return compare(argc, argv, &o);
    if (o.ndirs > 1)
        return pop_scaling(argc, argv, &o);
    an_defs d;
    if (an_defs_load(o.dir, &d, err, sizeof err)) {
        fprintf(stderr, "seshat-analyze: %s\n", err);
        return 2;
    }
    int nranks = d.nranks;
    int under_mpi = getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE");
    if (!under_mpi) {
        /* mpirun forwards standard input to rank 0: it would swallow what
         * a `while read` loop over trace directories reads next. */
        int nul = open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (nul >= 0 && nul != 0) {
            dup2(nul, 0);
            close(nul);
        }
    }
    if (!under_mpi && (o.model || o.pop || o.sensitivity || o.cf) && refuse_partial(o.dir, &d))
        return 2;
    if (o.sensitivity) {
        seshat_sens_opts so = { .dir = o.dir, .model = o.model, .jobs = o.procs,
                                .quiet = o.quiet };
        int rc = under_mpi ? 2 : seshat_sensitivity(&so, nranks);
        an_defs_free(&d);
        return rc;
    }
    if (!under_mpi && o.model) {
        int rc = run_whatif(&o, nranks, o.model, "whatif.txt");
        if (rc)
            return rc;
    }
    if (!under_mpi && o.pop) {
        char ideal[PATH_MAX + 16];
        int rc = write_ideal(&o, ideal, sizeof ideal);
        rc = rc ? rc : run_whatif(&o, nranks, ideal, "ideal.txt");
        if (rc)
            return rc;
    }
    if (!under_mpi && o.cf) {
        struct cf_launch l = { argv, &o, nranks };
        return cf_run(o.dir, nranks, o.cf, &(cf_hooks){ &l, cf_analyze });
    }
    if (!under_mpi)
        return launch(argv, &o, nranks);
    /* Window buffers come and go: keep freed memory in the heap instead of
     * returning it to the kernel (fresh pages cost a fault each). */
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    MPI_Init(&argc, &argv);
    int me, np, lo, hi;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    an_block(me, nranks, np, &lo, &hi);
    an_local L;
    an_local_open(&L, o.dir, &d, lo, hi);
    an_root_share_streams(&L, MPI_COMM_WORLD);
    L.want_waits = !o.no_cpath;
    replay_windows(&L, MPI_COMM_WORLD);
    seshat_analysis a;
    int failed = 0;
    int root = an_root_gather(&L, &d, MPI_COMM_WORLD, &a);
    /* The samples before the delay costs: a computation root cause names
     * its sampled call path. */
    an_samples smp = { 0 };
    if (root) {
        char serr[512];
        if (an_samples_read(o.dir, a.nranks, &smp, serr, sizeof serr) == 0)
            a.samples = smp.n ? &smp : NULL;
        else
            fprintf(stderr, "seshat-analyze: %s\n", serr);
    }
    if (!o.no_cpath) {   /* the delay costs first: an_cpath consumes the waits */
        if (!o.no_delay)
            an_delay(&L, o.dir, MPI_COMM_WORLD, &a);
        an_cpath(&L, o.dir, MPI_COMM_WORLD, &a);
    }
    if (root) {
        if (o.model && read_whatif(&a, &o))
            fprintf(stderr, "seshat-analyze: --model: no what-if result in %s/whatif.txt "
                    "(start seshat-analyze directly: it runs the replay before mpirun)\n", o.dir);
        if (o.cf)
            an_cf_stage(&a, o.dir, o.cf);
        if (o.pop && read_replay(o.dir, "ideal.txt", nranks, NULL, &a.ideal_time) == 0)
            a.have_ideal = 1;
        else if (o.pop)
            fprintf(stderr, "seshat-analyze: --pop: no ideal-network result in %s/ideal.txt "
                    "(start seshat-analyze directly: it runs the replay before mpirun)\n", o.dir);
        failed = write_outputs(&a, &o);
        if (!o.quiet)
            an_summary(stdout, &a, o.dir);
        else if (!a.complete)
            fprintf(stderr, "seshat-analyze: WARNING: %s is not a whole trace (%d problem%s, "
                    "listed in analysis.json)\n", o.dir, a.nproblems, a.nproblems > 1 ? "s" : "");
        seshat_analysis_free(&a);
        an_samples_free(&smp);
    }
    an_local_free(&L);
    an_defs_free(&d);
    MPI_Finalize();
    /* Non-zero when an output could not be written: a script that goes on
     * to read analysis.json must not read an old one as this run's. */
    if (failed)
        fprintf(stderr, "seshat-analyze: %d of 3 outputs not written\n", failed);
    return failed ? 1 : 0;
}

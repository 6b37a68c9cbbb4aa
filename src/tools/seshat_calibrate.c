/* seshat_calibrate.c - seshat-calibrate: measure this machine's MPI,
 * fit the analytic model, write the `host` preset, and check it by
 * running the same measurement under seshat with that preset.
 *
 * One binary plays two parts: started directly it is the launcher (no
 * MPI); started by mpirun (or seshat-run) with --measure-into it is the
 * MPI measurement. */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "calibrate/calib_coll.h"
#include "calibrate/calib_fit.h"
#include "calibrate/calib_measure.h"
#include "calibrate/calib_preset.h"
#include "common/job.h"
#include "common/safe_write.h"
#include "common/version.h"
#include "config/config.h"

#define MAX_ROWS 128
#define MAX_COLLS 8

typedef struct row {
    char kind[32];
    long long bytes;
    double ns;
} row;

typedef struct opts {
    const char *out;
    calib_plan plan;
    double tol;
    int verify;
    const char *into;     /* measurement mode: write results here */
} opts;

static void usage(FILE *f)
{
    fputs("usage: seshat-calibrate [-o FILE] [--max-size BYTES] [--batches N] [--tol PERCENT]\n"
          "                        [--coll-max BYTES] [--no-collectives] [--no-verify]\n"
          "\n"
          "Measures this machine's MPI natively (2 ranks: ping-pong from 8 B to --max-size,\n"
          "default 4MiB; barrier, bcast, allreduce, alltoall, alltoallv with buffers up to\n"
          "--coll-max, default 64MiB), fits seshat's analytic model (latency, bandwidth,\n"
          "overhead, eager limit, and piecewise segments where one line leaves more than\n"
          "--tol, default 2%), runs the collectives under seshat with that model and fits a\n"
          "cost factor per collective and size range (a new range where one factor leaves\n"
          "more than --tol), writes the preset (default: the 'host' preset in your preset\n"
          "directory, used by `seshat-run --preset host`), then runs the same measurement\n"
          "under seshat with it and prints both side by side.\n",
          f);
}

static int parse_args(int argc, char **argv, opts *o)
{
    *o = (opts){ .plan = { 4 << 20, 7, 1, 64 << 20 }, .tol = 0.02, .verify = 1 };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int64_t bytes;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "--version")) {
            printf("seshat-calibrate %s\n", SESHAT_VERSION);
            exit(0);
        } else if (!strcmp(a, "-o") && v) {
            o->out = argv[++i];
        } else if (!strcmp(a, "--measure-into") && v) {
            o->into = argv[++i];
        } else if (!strcmp(a, "--max-size") && v) {
            if (seshat_parse_bytes(argv[++i], &bytes) || bytes < 16 || bytes > (1 << 30)) {
                fprintf(stderr, "seshat-calibrate: --max-size %s: expected a size from 16B "
                        "to 1GiB\n", argv[i]);
                return -1;
            }
            o->plan.max_size = bytes;
        } else if (!strcmp(a, "--coll-max") && v) {
            if (seshat_parse_bytes(argv[++i], &bytes) || bytes < 8 || bytes > (1 << 30)) {
                fprintf(stderr, "seshat-calibrate: --coll-max %s: expected a size from 8B "
                        "to 1GiB\n", argv[i]);
                return -1;
            }
            o->plan.coll_max = bytes;
        } else if (!strcmp(a, "--batches") && v) {
            long long n;
            if (seshat_int_arg("seshat-calibrate", a, argv[++i], 1, 1000, &n))
                return -1;
            o->plan.batches = (int)n;
        } else if (!strcmp(a, "--tol") && v) {
            char *end;
            double t = strtod(argv[++i], &end);
            if (end == argv[i] || *end || !(t > 0 && t < 100)) {
                fprintf(stderr, "seshat-calibrate: --tol %s: expected a percentage above 0 "
                        "and below 100\n", argv[i]);
                return -1;
            }
            o->tol = t / 100;
        } else if (!strcmp(a, "--no-collectives")) {
            o->plan.collectives = 0;
        } else if (!strcmp(a, "--no-verify")) {
            o->verify = 0;
        } else {
            fprintf(stderr, "seshat-calibrate: bad argument '%s'%s\n", a,
                    v || a[0] != '-' ? "" : " (missing value)");
            usage(stderr);
            return -1;
        }
    }
    return 0;
}

static int measure_main(int argc, char **argv, const opts *o)
{
    char err[512] = "";
    MPI_Init(&argc, &argv);
    int rc = calib_measure(&o->plan, o->into, err, sizeof err);
    if (rc)
        fprintf(stderr, "seshat-calibrate: %s\n", err);
    MPI_Finalize();
    return rc ? 1 : 0;
}

/* The launcher's working directory (native.txt, seshat.txt, and the
 * temporary file of a measurement a signal cut short, common/safe_write.h):
 * removed with all it holds at exit and when a signal ends the job. */
static char workdir[PATH_MAX];

static void remove_workdir(void)
{
    if (!workdir[0])
        return;
    seshat_sw_dir_abort(workdir);
    workdir[0] = 0;
}

/* Runs argv as this process's job (common/job.h: a signal to
 * seshat-calibrate ends it, it dies with seshat-calibrate), waits;
 * returns its exit status (127 if it could not start). */
static int run(char *const *argv)
{
    pid_t pid = seshat_job_start("seshat-calibrate", argv, -1);
    if (pid < 0)
        return 127;
    int rc = seshat_job_exit_code(seshat_job_wait(pid, 0, NULL));
    if (seshat_job_signal())
        remove_workdir();
    seshat_job_reraise();
    return rc;
}

static int read_rows(const char *path, row *r, int max)
{
    FILE *f = fopen(path, "r");
    int n = 0;
    while (f && n < max && fscanf(f, "%31s %lld %lf", r[n].kind, &r[n].bytes, &r[n].ns) == 3)
        n++;
    if (f)
        fclose(f);
    return n;
}

/* The measurement, natively (mpirun) or under seshat-run with a preset. */
static int measure(const char *self, const char *preset, const opts *o, const char *into)
{
    char maxs[32], batches[16], cmax[32];
    snprintf(maxs, sizeof maxs, "%lldB", (long long)o->plan.max_size);
    snprintf(cmax, sizeof cmax, "%lldB", (long long)o->plan.coll_max);
    snprintf(batches, sizeof batches, "%d", o->plan.batches);
    char run_path[PATH_MAX + 32], dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", self);
    snprintf(run_path, sizeof run_path, "%s/seshat-run", dirname(dir));
    char *argv[64];
    int k = 0;
    /* Extra launcher options, e.g. two hosts for a real network. */
    static char extra[1024];
    snprintf(extra, sizeof extra, "%s", getenv("SESHAT_MPIRUN_ARGS") ? getenv("SESHAT_MPIRUN_ARGS") : "");
    if (preset) {
        argv[k++] = run_path;
        argv[k++] = "--config";
        argv[k++] = (char *)preset;
        argv[k++] = "--set";
        argv[k++] = "simulator.clock=none";   /* the loop has no compute to measure */
    } else {
        argv[k++] = "mpirun";
        argv[k++] = "--oversubscribe";
        if (geteuid() == 0)
            argv[k++] = "--allow-run-as-root";
        for (char *t = strtok(extra, " "); t && k < 40; t = strtok(NULL, " "))
            argv[k++] = t;
    }
    argv[k++] = "-np";
    argv[k++] = "2";
    if (preset)
        argv[k++] = "--";
    argv[k++] = (char *)self;
    argv[k++] = "--measure-into";
    argv[k++] = (char *)into;
    argv[k++] = "--max-size";
    argv[k++] = maxs;
    argv[k++] = "--batches";
    argv[k++] = batches;
    argv[k++] = "--coll-max";
    argv[k++] = cmax;
    if (!o->plan.collectives)
        argv[k++] = "--no-collectives";
    argv[k] = NULL;
    return run(argv);
}

static int default_out(char *out, size_t len)
{
    char dir[PATH_MAX];
    if (seshat_user_preset_dir(dir, sizeof dir))
        return -1;
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "%s", dir);
    for (char *p = cmd + 1; *p; p++)   /* mkdir -p */
        if (*p == '/') {
            *p = 0;
            mkdir(cmd, 0755);
            *p = '/';
        }
    mkdir(cmd, 0755);
    return snprintf(out, len, "%s/host.ini", dir) >= (int)len ? -1 : 0;
}

static const row *find(const row *r, int n, const char *kind, long long bytes)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(r[i].kind, kind) && r[i].bytes == bytes)
            return &r[i];
    return NULL;
}

/* Native vs seshat, every measurement; returns the largest ping-pong error
 * and, in *coll, the largest collective one. */
static double compare(const row *nat, int nn, const row *mod, int nm, double *coll)
{
    double worst = 0;
    *coll = 0;
    printf("\n%-10s %10s %14s %14s %8s\n", "what", "bytes", "native (ns)", "seshat (ns)", "error");
    for (int i = 0; i < nn; i++) {
        const row *m = find(mod, nm, nat[i].kind, nat[i].bytes);
        if (!m || !strcmp(nat[i].kind, "send_call"))
            continue;
        double e = m->ns / nat[i].ns - 1;
        printf("%-10s %10lld %14.1f %14.1f %+7.2f%%\n", nat[i].kind, nat[i].bytes, nat[i].ns,
               m->ns, 100 * e);
        printf("RESULT %s-%lld %.1f %.1f\n", nat[i].kind, nat[i].bytes, nat[i].ns, m->ns);
        if (!strcmp(nat[i].kind, "pingpong") && fabs(e) > worst)
            worst = fabs(e);
        else if (strcmp(nat[i].kind, "pingpong") && fabs(e) > *coll)
            *coll = fabs(e);
    }
    return worst;
}

/* The factor the previous fit gave `name` at `bytes` (1 if none). */
static double used_factor(const calib_coll_data *prev, int nprev, const char *name, int64_t bytes)
{
    for (int c = 0; c < nprev; c++)
        if (!strcmp(prev[c].name, name))
            return calib_coll_factor(&prev[c].fit, bytes);
    return 1;
}

/* Per collective: native vs seshat run with the previous fit's factors
 * (coll[0..nprev), none at first), and the refit; returns how many. */
static int fit_colls(const row *nat, int nn, const row *mod, int nm, double tol,
                     calib_coll_data *coll, int nprev)
{
    static calib_coll_data next[MAX_COLLS];
    int ncoll = 0;
    for (int i = 0; i < nn; i++) {
        const row *m = find(mod, nm, nat[i].kind, nat[i].bytes);
        if (!m || !strcmp(nat[i].kind, "pingpong") || !strcmp(nat[i].kind, "send_call"))
            continue;
        int c = 0;
        while (c < ncoll && strcmp(next[c].name, nat[i].kind))
            c++;
        if (c == ncoll) {
            if (ncoll == MAX_COLLS)
                continue;
            next[ncoll++] = (calib_coll_data){ .name = nat[i].kind };
        }
        calib_coll_data *d = &next[c];
        if (d->n < CALIB_MAX_POINTS && (!d->n || nat[i].bytes > d->size[d->n - 1])) {
            d->size[d->n] = nat[i].bytes;
            d->measured[d->n] = nat[i].ns;
            d->used[d->n] = used_factor(coll, nprev, nat[i].kind, nat[i].bytes);
            d->model[d->n++] = m->ns;
        }
    }
    int k = 0;
    for (int c = 0; c < ncoll; c++)   /* a collective whose data do not fit is left out */
        if (!calib_coll_fit_run(next[c].size, next[c].measured, next[c].model, next[c].used,
                                next[c].n, tol, &next[c].fit))
            coll[k++] = next[c];
    return k;
}

/* The largest collective error of a run under seshat. */
static double coll_error(const row *nat, int nn, const row *mod, int nm)
{
    double worst = 0;
    for (int i = 0; i < nn; i++) {
        const row *m = find(mod, nm, nat[i].kind, nat[i].bytes);
        if (m && strcmp(nat[i].kind, "pingpong") && strcmp(nat[i].kind, "send_call"))
            worst = fmax(worst, fabs(m->ns / nat[i].ns - 1));
    }
    return worst;
}

static void print_factors(const calib_coll_data *coll, int ncoll)
{
    for (int c = 0; c < ncoll; c++) {
        printf("fit: %-10s factor", coll[c].name);
        for (int i = 0; i < coll[c].fit.npieces; i++)
            printf(" %.3f from %lld B%s", coll[c].fit.pieces[i].factor,
                   (long long)coll[c].fit.pieces[i].from, i + 1 < coll[c].fit.npieces ? "," : "");
        putchar('\n');
    }
}

#define MAX_REFITS 4

static int launcher(const opts *o)
{
    char self[PATH_MAX], tmp[PATH_MAX - 16], nat[PATH_MAX], mod[PATH_MAX];
    const char *td = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/seshat-calib-XXXXXX", td && *td ? td : "/tmp");
    char out[PATH_MAX];
    ssize_t l = readlink("/proc/self/exe", self, sizeof self - 1);
    self[l > 0 ? l : 0] = 0;
    const char *pre = getenv("LD_PRELOAD");
    if (pre && strstr(pre, "libseshat")) {
        fprintf(stderr, "seshat-calibrate: measures the real MPI: run it without seshat\n");
        return 2;
    }
    if (o->out)
        snprintf(out, sizeof out, "%s", o->out);
    else if (default_out(out, sizeof out)) {
        fprintf(stderr, "seshat-calibrate: no preset directory (set HOME or SESHAT_PRESETS)\n");
        return 2;
    }
    if (!mkdtemp(tmp)) {
        fprintf(stderr, "seshat-calibrate: cannot create %s: %s\n", tmp, strerror(errno));
        return 1;
    }
    snprintf(workdir, sizeof workdir, "%s", tmp);
    atexit(remove_workdir);
    snprintf(nat, sizeof nat, "%s/native.txt", tmp);
    snprintf(mod, sizeof mod, "%s/seshat.txt", tmp);
    printf("seshat-calibrate: measuring this machine's MPI (2 ranks)...\n");
    fflush(stdout);
    row nr[MAX_ROWS], mr[MAX_ROWS];
    int rc = measure(self, NULL, o, nat), nn = read_rows(nat, nr, MAX_ROWS), nm = 0;
    int64_t size[CALIB_MAX_POINTS];
    double t[CALIB_MAX_POINTS], call = 0;
    int np = 0;
    for (int i = 0; i < nn; i++) {
        if (!strcmp(nr[i].kind, "pingpong") && np < CALIB_MAX_POINTS) {
            size[np] = nr[i].bytes;
            t[np++] = nr[i].ns;
        } else if (!strcmp(nr[i].kind, "send_call")) {
            call = nr[i].ns;
        }
    }
    calib_fit fit;
    if (rc || calib_fit_run(size, t, np, call, o->tol, &fit)) {
        fprintf(stderr, "seshat-calibrate: the native measurement failed (exit %d, %d sizes)\n",
                rc, np);
        return 1;
    }
    char origin[PATH_MAX + 64];
    snprintf(origin, sizeof origin, "2 ranks, %d batches per size, fastest batch kept",
             o->plan.batches);
    if (calib_preset_write(out, &fit, size, t, np, NULL, 0, origin)) {
        fprintf(stderr, "seshat-calibrate: cannot write %s: %s\n", out, strerror(errno));
        return 1;
    }
    printf("fit: latency %.1f ns, %.4g GB/s, overhead %.0f ns, eager limit %lld B, %d piece(s)\n",
           fit.pieces[0].latency_ns, 1 / fmax(fit.pieces[0].ns_per_byte, 1e-6),
           fit.overhead_ns, (long long)fit.eager_limit, fit.npieces);
    /* Collectives: run under seshat with the preset, refit the factors,
     * until every collective agrees within the tolerance (the run that
     * shows it is the check) or MAX_REFITS refits. */
    static calib_coll_data coll[MAX_COLLS];
    int ncoll = 0, refits = 0;
    if (!o->verify && !o->plan.collectives) {
        printf("wrote %s\n", out);
        return 0;
    }
    for (;;) {
        printf(refits ? "refit %d: the collectives under seshat with the factors...\n"
                      : "checking: the same measurement under seshat with that preset...\n",
               refits);
        fflush(stdout);
        rc = measure(self, out, o, mod);
        nm = read_rows(mod, mr, MAX_ROWS);
        if (rc || !nm) {
            fprintf(stderr, "seshat-calibrate: the run under seshat failed (exit %d)\n", rc);
            return 1;
        }
        if (!o->plan.collectives || coll_error(nr, nn, mr, nm) <= o->tol || refits == MAX_REFITS)
            break;
        ncoll = fit_colls(nr, nn, mr, nm, o->tol, coll, ncoll);
        if (!ncoll || calib_preset_write(out, &fit, size, t, np, coll, ncoll, origin)) {
            fprintf(stderr, "seshat-calibrate: cannot fit the collectives or write %s\n", out);
            return 1;
        }
        refits++;
    }
    print_factors(coll, ncoll);
    printf("wrote %s (%d collective refit%s)\n", out, refits, refits == 1 ? "" : "s");
    double cworst, worst = compare(nr, nn, mr, nm, &cworst);
    printf("\nlargest ping-pong error: %.2f%% (the fit allows %.1f%%)\n", 100 * worst,
           100 * o->tol);
    if (o->plan.collectives)
        printf("largest collective error: %.2f%% (the fit allows %.1f%%)\n", 100 * cworst,
               100 * o->tol);
    return 0;
}

int main(int argc, char **argv)
{
    opts o;
    if (parse_args(argc, argv, &o))
        return 2;
    return o.into ? measure_main(argc, argv, &o) : launcher(&o);
}

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

#include "calibrate/calib_fit.h"
#include "calibrate/calib_measure.h"
#include "calibrate/calib_preset.h"
#include "common/job.h"
#include "config/config.h"

#define MAX_ROWS 64

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
          "                        [--no-collectives] [--no-verify]\n"
          "\n"
          "Measures this machine's MPI natively (2 ranks: ping-pong from 8 B to --max-size,\n"
          "default 4MiB; barrier, bcast, allreduce, alltoall), fits seshat's analytic model\n"
          "(latency, bandwidth, overhead, eager limit, and piecewise segments where one\n"
          "line leaves more than --tol, default 2%), writes the preset (default: the 'host'\n"
          "preset in your preset directory, used by `seshat-run --preset host`), then runs\n"
          "the same measurement under seshat with it and prints both side by side.\n",
          f);
}

static int parse_args(int argc, char **argv, opts *o)
{
    *o = (opts){ .plan = { 4 << 20, 7, 1 }, .tol = 0.02, .verify = 1 };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int64_t bytes;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
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

/* Runs argv as this process's job (common/job.h: a signal to
 * seshat-calibrate ends it, it dies with seshat-calibrate), waits;
 * returns its exit status (127 if it could not start). */
static int run(char *const *argv)
{
    pid_t pid = seshat_job_start("seshat-calibrate", argv, -1);
    if (pid < 0)
        return 127;
    int rc = seshat_job_exit_code(seshat_job_wait(pid, 0, NULL));
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
    char maxs[32], batches[16];
    snprintf(maxs, sizeof maxs, "%lldB", (long long)o->plan.max_size);
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

/* Native vs seshat, every measurement; returns the largest ping-pong error. */
static double compare(const row *nat, int nn, const row *mod, int nm)
{
    double worst = 0;
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
    }
    return worst;
}

static int launcher(const opts *o)
{
    char self[PATH_MAX], tmp[] = "/tmp/seshat-calib-XXXXXX", nat[PATH_MAX], mod[PATH_MAX];
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
    if (calib_preset_write(out, &fit, size, t, np, origin)) {
        fprintf(stderr, "seshat-calibrate: cannot write %s: %s\n", out, strerror(errno));
        return 1;
    }
    printf("fit: latency %.1f ns, %.4g GB/s, overhead %.0f ns, eager limit %lld B, %d piece(s)\n",
           fit.pieces[0].latency_ns, 1 / fmax(fit.pieces[0].ns_per_byte, 1e-6),
           fit.overhead_ns, (long long)fit.eager_limit, fit.npieces);
    printf("wrote %s\n", out);
    if (!o->verify)
        return 0;
    printf("checking: the same measurement under seshat with that preset...\n");
    fflush(stdout);
    rc = measure(self, out, o, mod);
    nm = read_rows(mod, mr, MAX_ROWS);
    if (rc || !nm) {
        fprintf(stderr, "seshat-calibrate: the run under seshat failed (exit %d)\n", rc);
        return 1;
    }
    double worst = compare(nr, nn, mr, nm);
    printf("\nlargest ping-pong error: %.2f%% (the fit allows %.1f%%)\n", 100 * worst,
           100 * o->tol);
    unlink(nat);
    unlink(mod);
    rmdir(tmp);
    return 0;
}

int main(int argc, char **argv)
{
    opts o;
    if (parse_args(argc, argv, &o))
        return 2;
    return o.into ? measure_main(argc, argv, &o) : launcher(&o);
}

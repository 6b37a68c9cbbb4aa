/* sensitivity.c - seshat-analyze --sensitivity (sensitivity.h). Each
 * scenario is the what-if replay of seshat-analyze --model (seshat-replay
 * under seshat-run, clock = none, the recorded compute scaled by
 * SESHAT_REPLAY_CPU_FACTOR) with a few --set changes to the base
 * configuration; a forked worker owns each replay as its job (common/job.h
 * runs one job per process), so several run at once. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/json_str.h"
#include "common/job.h"
#include "config/config.h"
#include "tools/sensitivity.h"

/* The ideal network the model accepts: no latency, no per-message CPU
 * overhead or gap, no size-dependent segments or collective factors, and
 * the largest bandwidth the configuration allows (1000 TB/s: a MiB in
 * 1 ns). */
#define IDEAL_SETS "network.latency=0", "network.overhead=0", "network.gap=0", \
    "network.bandwidth=1000TB/s", "network.latency_factor=1", "network.bandwidth_factor=1", \
    "network.segments=", "collectives.factors="

enum { S_BASE, S_LAT_HALF, S_LAT_TWICE, S_BW_HALF, S_BW_TWICE, S_IDEAL, S_CPU_HALF, NSCEN };

typedef struct scen {
    const char *name, *label;
    double lat, bw, cpu;      /* factors on the base's latency, bandwidth, compute */
    int ideal;
    int64_t ns;               /* predicted run time (largest final time over the ranks) */
} scen;

static scen S[NSCEN] = {
    { "base", "as recorded", 1, 1, 1, 0, -1 },
    { "latency_x0.5", "latency x1/2", 0.5, 1, 1, 0, -1 },
    { "latency_x2", "latency x2", 2, 1, 1, 0, -1 },
    { "bandwidth_x0.5", "bandwidth x1/2", 1, 0.5, 1, 0, -1 },
    { "bandwidth_x2", "bandwidth x2", 1, 2, 1, 0, -1 },
    { "ideal_network", "ideal network", 1, 1, 1, 1, -1 },
    { "cpu_x0.5", "CPU x1/2", 1, 1, 0.5, 0, -1 },
};

typedef struct ctx {
    const seshat_sens_opts *o;
    char bin[PATH_MAX], base[PATH_MAX], outdir[PATH_MAX + 16];
    seshat_config cfg;
    int nranks;
    long long timeout;
} ctx;

static void result_path(const ctx *c, int i, char *p, size_t n)
{
    snprintf(p, n, "%s/%s.txt", c->outdir, S[i].name);
}

/* In the forked worker: the replay of scenario i as this process's job,
 * its "SESHAT_REPLAY rank ns" lines into DIR/sensitivity/NAME.txt. */
static int worker(const ctx *c, int i)
{
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    const scen *s = &S[i];
    char run[PATH_MAX + 16], replay[PATH_MAX + 16], np[16], out[PATH_MAX + 64];
    char lat[64], bw[64], cpu[64];
    snprintf(run, sizeof run, "%s/seshat-run", c->bin);
    snprintf(replay, sizeof replay, "%s/seshat-replay", c->bin);
    snprintf(np, sizeof np, "%d", c->nranks);
    snprintf(lat, sizeof lat, "network.latency_factor=%.17g", c->cfg.latency_factor * s->lat);
    snprintf(bw, sizeof bw, "network.bandwidth_factor=%.17g", c->cfg.bandwidth_factor * s->bw);
    /* The recorded compute is the base's: scaled by the scenario only
     * (and by --model's cpu_factor, a what-if of its own). */
    snprintf(cpu, sizeof cpu, "%.17g", (c->o->model ? c->cfg.cpu_factor : 1.0) * s->cpu);
    setenv("SESHAT_REPLAY_CPU_FACTOR", cpu, 1);
    const char *ideal[] = { IDEAL_SETS };
    char *argv[64];
    int k = 0;
    const char *fixed[] = { run, "--config", c->base, "--set", "simulator.clock=none",
                            "--set", "simulator.watchdog=0", "--set", "trace.enabled=false",
                            "--set", "report.summary=false", "--set", "report.matrix=false" };
    for (size_t j = 0; j < sizeof fixed / sizeof *fixed; j++)
        argv[k++] = (char *)fixed[j];
    if (s->ideal) {
        for (size_t j = 0; j < sizeof ideal / sizeof *ideal; j++) {
            argv[k++] = "--set";
            argv[k++] = (char *)ideal[j];
        }
    } else {
        argv[k++] = "--set";
        argv[k++] = lat;
        argv[k++] = "--set";
        argv[k++] = bw;
    }
    const char *tail[] = { "-np", np, "--", replay, c->o->dir };
    for (size_t j = 0; j < sizeof tail / sizeof *tail; j++)
        argv[k++] = (char *)tail[j];
    argv[k] = NULL;
    result_path(c, i, out, sizeof out);
    int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "seshat-analyze: cannot write %s: %s\n", out, strerror(errno));
        return 1;
    }
    int timed_out = 0;
    pid_t pid = seshat_job_start("seshat-analyze", argv, fd);
    int st = pid < 0 ? -1 : seshat_job_wait(pid, (int)c->timeout, &timed_out);
    close(fd);
    seshat_job_reraise();
    if (st != 0)
        fprintf(stderr, "seshat-analyze: --sensitivity: the replay '%s' failed (exit %d%s)\n",
                s->label, seshat_job_exit_code(st),
                timed_out ? ", timed out: SESHAT_WHATIF_TIMEOUT sets the limit in seconds" : "");
    return st != 0;
}

/* The largest final time over the ranks; -1 unless every rank reported. */
static int64_t read_result(const ctx *c, int i)
{
    char path[PATH_MAX + 64], line[256];
    result_path(c, i, path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    int64_t most = -1;
    int got = 0;
    while (fgets(line, sizeof line, f)) {
        int r;
        long long ns;
        if (sscanf(line, "SESHAT_REPLAY %d %lld", &r, &ns) == 2 && r >= 0 && r < c->nranks) {
            most = ns > most ? ns : most;
            got++;
        }
    }
    fclose(f);
    return got == c->nranks ? most : -1;
}

/* All scenarios, at most `jobs` at once. Returns the number that failed. */
static int run_all(ctx *c)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int jobs = c->o->jobs > 0 ? c->o->jobs : (cores > 0 ? (int)cores : 1);
    pid_t pid[NSCEN] = { 0 };
    int next = 0, running = 0, failed = 0;
    fflush(NULL);
    while (next < NSCEN || running) {
        while (next < NSCEN && running < jobs) {
            pid[next] = fork();
            if (pid[next] == 0)
                _exit(worker(c, next));
            if (pid[next] < 0) {
                perror("seshat-analyze: fork");
                failed++;
            } else
                running++;
            next++;
        }
        int st;
        pid_t p = wait(&st);
        if (p < 0)
            break;
        running--;
        for (int i = 0; i < NSCEN; i++)
            if (pid[i] == p) {
                S[i].ns = st == 0 ? read_result(c, i) : -1;
                if (st == 0 && S[i].ns < 0)
                    fprintf(stderr, "seshat-analyze: --sensitivity: the replay '%s' reported "
                            "no time for some rank\n", S[i].label);
                failed += S[i].ns < 0;
            }
    }
    return failed;
}

typedef struct verdict {
    double e_lat, e_bw, e_cpu;  /* elasticities (bandwidth's negative: more is faster) */
    double net_share;           /* 1 - ideal / base */
    const char *limit;
} verdict;

/* ln(a / b) / ln(step); 0 when a run took no time (nothing to scale). */
static double lnratio(int64_t a, int64_t b, double step)
{
    return a > 0 && b > 0 ? log((double)a / (double)b) / log(step) : 0.0;
}

/* Elasticity d ln T / d ln p, central over x1/2 .. x2 (CPU: x1/2 .. x1). */
static verdict judge(void)
{
    verdict v;
    v.e_lat = lnratio(S[S_LAT_TWICE].ns, S[S_LAT_HALF].ns, 4.0);
    v.e_bw = lnratio(S[S_BW_TWICE].ns, S[S_BW_HALF].ns, 4.0);
    v.e_cpu = lnratio(S[S_BASE].ns, S[S_CPU_HALF].ns, 2.0);
    v.net_share = S[S_BASE].ns > 0 ? 1.0 - (double)S[S_IDEAL].ns / (double)S[S_BASE].ns : 0;
    v.limit = "latency";
    double best = fabs(v.e_lat);
    if (fabs(v.e_bw) > best) {
        best = fabs(v.e_bw);
        v.limit = "bandwidth";
    }
    if (fabs(v.e_cpu) > best)
        v.limit = "cpu";
    return v;
}

/* A 10% change against the parameter's grain: +10% latency, -10% bandwidth,
 * +10% compute time; the run time's change in percent. */
static double pct(double e, double step) { return (pow(1.0 + step, e) - 1.0) * 100.0; }

static void write_text(FILE *f, const ctx *c, const verdict *v)
{
    fprintf(f, "sensitivity of %s (%d ranks; base: %s)\n\n", c->o->dir, c->nranks, c->base);
    fprintf(f, "%-28s %16s %9s\n", "scenario", "run time (s)", "vs base");
    for (int i = 0; i < NSCEN; i++)
        fprintf(f, "%-28s %16.9f %+8.2f%%\n", S[i].label, (double)S[i].ns * 1e-9,
                S[S_BASE].ns > 0 ? ((double)S[i].ns / (double)S[S_BASE].ns - 1.0) * 100.0 : 0.0);
    fprintf(f, "\nelasticity of the run time (d ln T / d ln p):\n");
    fprintf(f, "  latency    %+.4f: +10%% latency costs %+.2f%% run time\n", v->e_lat,
            pct(v->e_lat, 0.1));
    fprintf(f, "  bandwidth  %+.4f: -10%% bandwidth costs %+.2f%% run time\n", v->e_bw,
            pct(v->e_bw, -0.1));
    fprintf(f, "  cpu        %+.4f: +10%% compute time costs %+.2f%% run time\n", v->e_cpu,
            pct(v->e_cpu, 0.1));
    fprintf(f, "the network (vs an ideal one) takes %.2f%% of the run time\n",
            v->net_share * 100.0);
    fprintf(f, "limited by %s\n", v->limit);
}

static void write_json(FILE *f, const ctx *c, const verdict *v)
{
    fputs("{\n  \"trace\": ", f);
    seshat_json_str(f, c->o->dir);
    fputs(",\n  \"base\": ", f);
    seshat_json_str(f, c->base);
    fprintf(f, ",\n  \"ranks\": %d,\n  \"runs\": {\n", c->nranks);
    for (int i = 0; i < NSCEN; i++)
        fprintf(f, "    \"%s\": { \"label\": \"%s\", \"latency_factor\": %g, "
                "\"bandwidth_factor\": %g, \"cpu_factor\": %g, \"ideal_network\": %s, "
                "\"run_time\": %.9f }%s\n", S[i].name, S[i].label, S[i].lat, S[i].bw, S[i].cpu,
                S[i].ideal ? "true" : "false", (double)S[i].ns * 1e-9, i + 1 < NSCEN ? "," : "");
    fprintf(f, "  },\n  \"elasticity\": { \"latency\": %.6f, \"bandwidth\": %.6f, "
            "\"cpu\": %.6f },\n", v->e_lat, v->e_bw, v->e_cpu);
    fprintf(f, "  \"percent_for_10_percent\": { \"latency_up\": %.4f, \"bandwidth_down\": %.4f, "
            "\"cpu_slower\": %.4f },\n", pct(v->e_lat, 0.1), pct(v->e_bw, -0.1),
            pct(v->e_cpu, 0.1));
    fprintf(f, "  \"network_share\": %.6f,\n  \"limiting\": \"%s\"\n}\n", v->net_share, v->limit);
}

/* A bar chart of the predicted times (gnuplot, when present). */
static void plot(const ctx *c)
{
    char dat[PATH_MAX + 32], png[PATH_MAX + 32], cmd[3 * PATH_MAX + 256];
    if (system("command -v gnuplot >/dev/null 2>&1") != 0)
        return;
    snprintf(dat, sizeof dat, "%s/plot.dat", c->outdir);
    snprintf(png, sizeof png, "%s/sensitivity.png", c->o->dir);
    FILE *f = fopen(dat, "w");
    if (!f)
        return;
    for (int i = 0; i < NSCEN; i++)
        fprintf(f, "\"%s\" %.9f\n", S[i].label, (double)S[i].ns * 1e-9);
    fclose(f);
    /* The paths go to gnuplot quoted; a path with a quote gets no plot. */
    if (strchr(dat, '\'') || strchr(png, '\''))
        return;
    snprintf(cmd, sizeof cmd,
             "gnuplot -e \"set terminal pngcairo size 800,450 noenhanced; set output '%s'; "
             "set title 'predicted run time'; set ylabel 'seconds'; set yrange [0:*]; "
             "set style fill solid 0.6; set boxwidth 0.6; set grid ytics; set key off; "
             "set xtics rotate by -20; plot '%s' using 0:2:xtic(1) with boxes\" 2>/dev/null",
             png, dat);
    if (system(cmd) == 0 && !c->o->quiet)
        printf("wrote %s\n", png);
}

static int write_reports(const ctx *c)
{
    verdict v = judge();
    char path[PATH_MAX + 32];
    static const char *const name[] = { "sensitivity.json", "sensitivity.txt" };
    for (int k = 0; k < 2; k++) {
        snprintf(path, sizeof path, "%s/%s", c->o->dir, name[k]);
        FILE *f = fopen(path, "w");
        if (!f) {
            fprintf(stderr, "seshat-analyze: cannot write %s: %s\n", path, strerror(errno));
            return 1;
        }
        (k ? write_text : write_json)(f, c, &v);
        fclose(f);
    }
    if (!c->o->quiet) {
        write_text(stdout, c, &v);
        printf("wrote %s/sensitivity.json, %s/sensitivity.txt\n", c->o->dir, c->o->dir);
    }
    plot(c);
    return 0;
}

int seshat_sensitivity(const seshat_sens_opts *o, int nranks)
{
    ctx c = { .o = o, .nranks = nranks, .timeout = 600 };
    char err[PATH_MAX + 256];
    if (o->model)
        snprintf(c.base, sizeof c.base, "%s", o->model);
    else
        snprintf(c.base, sizeof c.base, "%s/config.ini", o->dir);
    if (seshat_config_load(&c.cfg, c.base, NULL, 0, 0, err, sizeof err)) {
        fprintf(stderr, "seshat-analyze: --sensitivity: %s\n", err);
        return 2;
    }
    const char *limit = getenv("SESHAT_WHATIF_TIMEOUT");
    if (limit && *limit &&
        seshat_int_arg("seshat-analyze", "SESHAT_WHATIF_TIMEOUT", limit, 1, 1 << 30, &c.timeout))
        return 2;
    ssize_t l = readlink("/proc/self/exe", c.bin, sizeof c.bin - 1);
    c.bin[l > 0 ? l : 0] = 0;
    char *slash = strrchr(c.bin, '/');
    if (slash)
        *slash = 0;
    snprintf(c.outdir, sizeof c.outdir, "%s/sensitivity", o->dir);
    if (mkdir(c.outdir, 0755) && errno != EEXIST) {
        fprintf(stderr, "seshat-analyze: cannot create %s: %s\n", c.outdir, strerror(errno));
        return 1;
    }
    if (run_all(&c))
        return 1;
    return write_reports(&c);
}

/* counterfactual.c - seshat-analyze --counterfactuals (counterfactual.h). */
#include "tools/counterfactual.h"

#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/job.h"

/* The replay's per-rank lines: the run time is the largest; -1 if a
 * rank is missing. */
static int64_t replay_time(const char *path, int nranks)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[256];
    int got = 0, r;
    double ns;
    int64_t T = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "SESHAT_REPLAY %d %lf", &r, &ns) == 2 && r >= 0 && r < nranks) {
            T = (int64_t)ns > T ? (int64_t)ns : T;
            got++;
        }
    fclose(f);
    return got == nranks ? T : -1;
}

/* seshat-replay under seshat-run with the trace's own configuration and
 * clock = none (the recorded compute, already virtual, replayed at
 * cpu_factor 1); cause < 0: as recorded. Its run time, or -1. */
static int64_t replay(const char *dir, int nranks, int cause)
{
    char self[PATH_MAX], bin[PATH_MAX], run[PATH_MAX + 16], rep[PATH_MAX + 16], np[16];
    char cfg[PATH_MAX + 16], plan[PATH_MAX + 16], out[PATH_MAX + 32], idx[16];
    ssize_t l = readlink("/proc/self/exe", self, sizeof self - 1);
    self[l > 0 ? l : 0] = 0;
    snprintf(bin, sizeof bin, "%s", self);
    char *slash = strrchr(bin, '/');
    if (slash)
        *slash = 0;
    snprintf(run, sizeof run, "%s/seshat-run", bin);
    snprintf(rep, sizeof rep, "%s/seshat-replay", bin);
    snprintf(np, sizeof np, "%d", nranks);
    snprintf(cfg, sizeof cfg, "%s/config.ini", dir);
    snprintf(plan, sizeof plan, "%s/cf_plan.txt", dir);
    snprintf(out, sizeof out, cause < 0 ? "%s/cf_base.txt" : "%s/cf_%d.txt", dir, cause);
    snprintf(idx, sizeof idx, "%d", cause);
    setenv("SESHAT_REPLAY_CPU_FACTOR", "1", 1);
    if (cause >= 0) {
        setenv("SESHAT_REPLAY_CUTS", plan, 1);
        setenv("SESHAT_REPLAY_CAUSE", idx, 1);
    } else {
        unsetenv("SESHAT_REPLAY_CUTS");
        unsetenv("SESHAT_REPLAY_CAUSE");
    }
    int has_cfg = access(cfg, R_OK) == 0, k = 0;
    char *argv[32];
    argv[k++] = run;
    if (has_cfg) {
        argv[k++] = "--config";
        argv[k++] = cfg;
    }
    char *sets[] = { "simulator.clock=none", "simulator.cpu_factor=1", "simulator.watchdog=0",
                     "trace.enabled=false", "report.summary=false", "report.matrix=false" };
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
        argv[k++] = "--set";
        argv[k++] = sets[i];
    }
    argv[k++] = "-np", argv[k++] = np, argv[k++] = "--", argv[k++] = rep;
    argv[k++] = (char *)dir, argv[k] = NULL;
    int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "seshat-analyze: --counterfactuals: cannot write %s\n", out);
        return -1;
    }
    const char *limit = getenv("SESHAT_WHATIF_TIMEOUT");
    int secs = limit && atoi(limit) > 0 ? atoi(limit) : 600, timed_out = 0;
    pid_t pid = seshat_job_start("seshat-analyze", argv, fd);
    close(fd);
    int st = pid < 0 ? -1 : seshat_job_wait(pid, secs, &timed_out);
    unsetenv("SESHAT_REPLAY_CUTS");
    unsetenv("SESHAT_REPLAY_CAUSE");
    seshat_job_reraise();
    int64_t T = st == 0 ? replay_time(out, nranks) : -1;
    if (T < 0)
        fprintf(stderr, "seshat-analyze: --counterfactuals: the replay%s failed (exit %d%s; %s)\n",
                cause < 0 ? " as recorded" : " of a cause", seshat_job_exit_code(st),
                timed_out ? ", timed out: SESHAT_WHATIF_TIMEOUT sets the limit" : "", out);
    return T;
}

/* The first analysis, its standard output (the summary) silenced. */
static int analyze_quietly(const cf_hooks *h)
{
    fflush(stdout);
    int saved = dup(1), nul = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (saved >= 0 && nul >= 0)
        dup2(nul, 1);
    int rc = h->analyze(h->ctx);
    if (saved >= 0 && nul >= 0)
        dup2(saved, 1);
    if (saved >= 0)
        close(saved);
    if (nul >= 0)
        close(nul);
    return rc;
}

int cf_run(const char *dir, int nranks, int top, const cf_hooks *h)
{
    char plan[PATH_MAX + 16], res[PATH_MAX + 32], line[256];
    snprintf(plan, sizeof plan, "%s/cf_plan.txt", dir);
    snprintf(res, sizeof res, "%s/counterfactuals.txt", dir);
    unlink(plan);
    unlink(res);
    (void)top;   /* the plan holds the causes the analysis chose */
    setenv("SESHAT_CF_STAGE", "plan", 1);
    int rc = analyze_quietly(h);
    if (rc)
        return rc;
    FILE *f = fopen(plan, "r");
    if (!f) {
        fprintf(stderr, "seshat-analyze: --counterfactuals: no plan in %s (the root causes "
                "need the critical path pass: drop --no-critical-path and --no-root-causes)\n",
                plan);
        return 1;
    }
    int cause[64], rank[64], n = 0, i, r;
    while (n < 64 && fgets(line, sizeof line, f))
        if (sscanf(line, "cause %d %d", &i, &r) == 2)
            cause[n] = i, rank[n++] = r;
    fclose(f);
    FILE *o = fopen(res, "w");
    if (!o) {
        fprintf(stderr, "seshat-analyze: --counterfactuals: cannot write %s\n", res);
        return 1;
    }
    int64_t base = n ? replay(dir, nranks, -1) : 0;
    for (int k = 0; k < n && base >= 0; k++) {
        int64_t T = replay(dir, nranks, cause[k]);
        if (T >= 0)
            fprintf(o, "saved %d %lld base %lld evened %lld\n", rank[k], (long long)(base - T),
                    (long long)base, (long long)T);
    }
    fclose(o);
    setenv("SESHAT_CF_STAGE", "results", 1);
    rc = h->analyze(h->ctx);
    unsetenv("SESHAT_CF_STAGE");
    return rc;
}

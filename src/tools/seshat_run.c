/* seshat-run - launch an MPI program under seshat: N application ranks
 * plus the configured model ranks, libseshat preloaded, the configuration
 * checked before anything starts. Exits with the program's exit code. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/job.h"
#include "common/version.h"
#include "config/config.h"
#include "model/model.h"
#include "tools/live_status.h"
#include "tools/matrix_plot.h"
#include "tools/node_map.h"
#include "tools/prelaunch.h"

#define MAX_SETS 256
/* --preset may be given this many times (a network and an [io] preset). */
#define MAX_PRESETS 4

static void usage(FILE *out)
{
    fputs("usage: seshat-run [--preset NAME]... [--config FILE] [--set section.key=value]...\n"
          "                  [--trace DIR] [--profile[=DIR]]\n"
          "                  [--print-config] [--dry-run] [--help] -np N [--] PROGRAM [ARGS...]\n"
          "\n"
          "Runs PROGRAM on N application ranks plus [simulator] ranks model ranks, with\n"
          "libseshat preloaded: MPI_Wtime then reports the run time on the modeled network.\n"
          "Configuration: --config FILE, else $SESHAT_CONFIG, else ./seshat.ini, else\n"
          "defaults; then $SESHAT_SET and --set. See docs/configuration.md.\n"
          "--profile: per MPI call site, calls, virtual time, bytes and share of the run\n"
          "time, printed and written to DIR/profile.txt and profile.json (default: the\n"
          "current directory; no trace needed; docs/analysis.md).\n"
          "\n"
          "examples:\n"
          "  seshat-run -np 4 -- ./heat\n"
          "  seshat-run --set network.latency=500ns --set network.bandwidth=100Gb/s -np 8 ./cg.A.8\n"
          "  seshat-run --preset ib-ndr -np 8 -- ./my_app\n"
          "  seshat-run --preset ib-hdr --preset io-lustre -np 8 -- ./my_io_app\n"
          "  seshat-run --config next-gen.ini --print-config -np 1 true\n"
          "\npresets (config/presets, and yours: seshat-calibrate writes 'host'): ",
          out);
    seshat_preset_list(out);
}

static void lib_path(char *out, size_t len)
{
    const char *env = getenv("SESHAT_LIB");
    if (env && *env) {
        snprintf(out, len, "%s", env);
        return;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    snprintf(out, len, "%s/../lib/libseshat.so", dirname(exe));
    char real[PATH_MAX];
    if (realpath(out, real))
        snprintf(out, len, "%s", real);
}

/* $SESHAT_SET for the ranks: the items it came with (already in its
 * syntax), then each --set item with ';' and '\\' escaped, so a value
 * holding a ';' reaches the ranks whole (config.h). */
static char *join_sets(const char *env, char **sets, int n)
{
    size_t len = (env ? strlen(env) : 0) + 1;
    for (int i = 0; i < n; i++)
        len += 2 * strlen(sets[i]) + 1;
    char *s = calloc(len, 1), *o = s;
    if (env && *env)
        o += sprintf(o, "%s", env);
    for (int i = 0; i < n; i++) {
        if (o != s)
            *o++ = ';';
        for (const char *c = sets[i]; *c; c++) {
            if (*c == ';' || *c == '\\')
                *o++ = '\\';
            *o++ = *c;
        }
    }
    *o = 0;
    return s;
}

static void print_quoted(char **argv)
{
    /* Shell-quoted, so the line can be pasted (SESHAT_SET has ';'). */
    for (char **a = argv; *a; a++) {
        if (a != argv)
            putchar(' ');
        if (**a && strspn(*a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                              "0123456789_-+=/.,:@%") == strlen(*a)) {
            fputs(*a, stdout);
            continue;
        }
        putchar('\'');
        for (const char *c = *a; *c; c++) {
            if (*c == '\'')
                fputs("'\\''", stdout);
            else
                putchar(*c);
        }
        putchar('\'');
    }
    putchar('\n');
}

/* mpirun as seshat-run's job (see common/job.h): a signal to seshat-run
 * reaches it, and it dies with seshat-run. */
static int run(char **argv, int first_model, int nmodel)
{
    pid_t pid = seshat_job_start("seshat-run", argv, -1);
    int status = pid < 0 ? -1 : live_status_wait(pid, first_model, nmodel);
    return seshat_job_exit_code(status);
}

/* Directories of seshat-runs that were killed (SIGKILL leaves no chance
 * to clean up): seshat-run-<pid>-* of ours whose pid is gone. */
static void remove_stale(const char *tmp)
{
    DIR *d = opendir(tmp);
    struct dirent *e;
    int pid;
    while (d && (e = readdir(d))) {
        char path[PATH_MAX];
        struct stat st;
        if (sscanf(e->d_name, "seshat-run-%d-", &pid) != 1 || pid <= 0 ||
            kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        snprintf(path, sizeof path, "%s/%s", tmp, e->d_name);
        if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
            continue;
        size_t len = strlen(path);
        strncat(path, "/rankfile", sizeof path - len - 1);
        unlink(path);
        path[len] = 0;
        strncat(path, "/init", sizeof path - len - 1);
        unlink(path);
        rmdir(dirname(path));
    }
    if (d)
        closedir(d);
}

/* A temporary file the ranks' MPI_Init creates (common/job.h); "" when
 * the ranks may run on other hosts (SESHAT_MPIRUN_ARGS names hosts), where
 * this machine's /tmp is not theirs. */
static void init_file(char *path, size_t len)
{
    const char *extra = getenv("SESHAT_MPIRUN_ARGS"), *tmp = getenv("TMPDIR");
    path[0] = 0;
    if (extra && (strstr(extra, "host") || strstr(extra, "-H") || strstr(extra, "machinefile") ||
                  strstr(extra, "rankfile")))
        return;
    tmp = tmp && *tmp ? tmp : "/tmp";
    remove_stale(tmp);
    snprintf(path, len, "%s/seshat-run-%d-XXXXXX", tmp, (int)getpid());
    if (!mkdtemp(path)) {
        path[0] = 0;
        return;
    }
    strncat(path, "/init", len - strlen(path) - 1);
}

/* After the job: did any rank's MPI_Init reach seshat? (1 if not known.)
 * Removes the file and its directory. */
static int init_reached(const char *path)
{
    if (!path[0])
        return 1;
    int reached = access(path, F_OK) == 0;
    unlink(path);
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    rmdir(dirname(dir));
    return reached;
}

/* A local job (no host list for mpirun) must fit this machine's limits:
 * mpirun holds about 3 descriptors per process, each rank runs 3 threads.
 * Refused before anything starts (past them mpirun hangs half started). */
static int fits_locally(int total)
{
    const char *extra = getenv("SESHAT_MPIRUN_ARGS");
    if (extra && *extra)
        return 1;
    struct rlimit fd, nproc;
    long long need_fd = 3LL * total + 64, need_threads = 4LL * total;
    if (getrlimit(RLIMIT_NOFILE, &fd) == 0 && fd.rlim_cur != RLIM_INFINITY &&
        (long long)fd.rlim_cur < need_fd) {
        fprintf(stderr, "seshat-run: %d processes need about %lld open files in mpirun; "
                "the limit (ulimit -n) is %lld: at most %lld processes here\n", total, need_fd,
                (long long)fd.rlim_cur, ((long long)fd.rlim_cur - 64) / 3);
        return 0;
    }
    if (getrlimit(RLIMIT_NPROC, &nproc) == 0 && nproc.rlim_cur != RLIM_INFINITY &&
        (long long)nproc.rlim_cur < need_threads) {
        fprintf(stderr, "seshat-run: %d processes need about %lld threads; the limit "
                "(ulimit -u) is %lld: at most %lld processes here\n", total, need_threads,
                (long long)nproc.rlim_cur, (long long)nproc.rlim_cur / 4);
        return 0;
    }
    return 1;
}

/* simulator.ranks = per-node[:C]: find the nodes, place the ranks, and
 * (nodes named) write the rankfile into its own seshat-run-<pid>-* directory
 * (removed after the job, or by remove_stale); a dry run's stays for the
 * command it prints, as seshat-rankfile-*. Path "" on one machine, where
 * mpirun's own mapping is the same. */
static int per_node_map(seshat_node_map *m, int np, const seshat_config *cfg, int dry,
                        char *rankfile, size_t len)
{
    char err[1024];
    const char *tmp = getenv("TMPDIR"), *slot = getenv("SESHAT_RANKFILE_SLOT");
    if (seshat_nodes_find(m, getenv("SESHAT_MPIRUN_ARGS"), err, sizeof err) ||
        seshat_nodes_place(m, np, cfg->sim_ranks, err, sizeof err)) {
        fprintf(stderr, "seshat-run: simulator.ranks = per-node: %s\n", err);
        seshat_nodes_free(m);
        return -1;
    }
    rankfile[0] = 0;
    if (!strcmp(m->source, "this machine"))
        return 0;
    tmp = tmp && *tmp ? tmp : "/tmp";
    int fd = -1;
    if (dry) {
        snprintf(rankfile, len, "%s/seshat-rankfile-XXXXXX", tmp);
        fd = mkstemp(rankfile);
    } else {
        remove_stale(tmp);
        snprintf(rankfile, len, "%s/seshat-run-%d-XXXXXX", tmp, (int)getpid());
        fd = mkdtemp(rankfile) ? 0 : -1;
        strncat(rankfile, "/rankfile", len - strlen(rankfile) - 1);
    }
    if (fd < 0) {
        fprintf(stderr, "seshat-run: simulator.ranks = per-node: cannot create the rankfile "
                "in %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    if (fd > 0)
        close(fd);
    /* "0:*": every core of socket 0, where mpirun would bind by socket */
    if (seshat_nodes_rankfile(m, rankfile, slot && *slot ? slot : "0:*", err, sizeof err)) {
        fprintf(stderr, "seshat-run: simulator.ranks = per-node: %s\n", err);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *file = NULL, *presets[MAX_PRESETS];
    char *sets[MAX_SETS + 2] = { 0 };
    int nsets = 0, npresets = 0, np = 0, print = 0, dry = 0, traced = 0, i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            i++;
            break;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("seshat-run %s\n", SESHAT_VERSION);
            return 0;
        } else if (!strcmp(a, "--print-config")) {
            print = 1;
        } else if (!strcmp(a, "--dry-run")) {
            dry = 1;
        } else if (i + 1 >= argc && (!strcmp(a, "--config") || !strcmp(a, "--preset") ||
                                     !strcmp(a, "--set") || !strcmp(a, "--trace") ||
                                     !strcmp(a, "-np") || !strcmp(a, "-n"))) {
            fprintf(stderr, "seshat-run: %s needs a value (%s)\n", a,
                    !strcmp(a, "--set") ? "section.key=value" : !strcmp(a, "--trace") ? "DIR"
                    : a[1] == 'n' ? "the number of ranks" : !strcmp(a, "--preset") ? "NAME"
                    : "FILE");
            return 2;
        } else if (i + 1 < argc && !strcmp(a, "--config")) {
            file = argv[++i];
        } else if (i + 1 < argc && !strcmp(a, "--preset") && npresets == MAX_PRESETS) {
            fprintf(stderr, "seshat-run: at most %d --preset options\n", MAX_PRESETS);
            return 2;
        } else if (i + 1 < argc && !strcmp(a, "--preset")) {
            presets[npresets++] = argv[++i];
        } else if (nsets + 2 > MAX_SETS && (!strcmp(a, "--set") || !strcmp(a, "--trace") ||
                                          !strncmp(a, "--profile", 9))) {
            fprintf(stderr, "seshat-run: too many --set/--trace options\n");
            return 2;
        } else if (i + 1 < argc && !strcmp(a, "--set")) {
            sets[nsets++] = argv[++i];
        } else if (!strcmp(a, "--profile") || !strncmp(a, "--profile=", 10)) {
            /* the run's directory (the current one), or the one named */
            static char prof[SESHAT_PATH_MAX + 32];
            snprintf(prof, sizeof prof, "report.profile=%s", a[9] == '=' ? a + 10 : ".");
            sets[nsets++] = prof;
        } else if (i + 1 < argc && !strcmp(a, "--trace")) {
            static char dir[SESHAT_PATH_MAX + 16];
            snprintf(dir, sizeof dir, "trace.dir=%s", argv[++i]);
            if (traced++) {
                fprintf(stderr, "seshat-run: --trace given twice: name one directory\n");
                return 2;
            }
            sets[nsets++] = "trace.enabled=true";
            sets[nsets++] = dir;
        } else if (i + 1 < argc && (!strcmp(a, "-np") || !strcmp(a, "-n"))) {
            long long v;
            if (seshat_int_arg("seshat-run", a, argv[++i], 1, SESHAT_MAX_APP_RANKS, &v))
                return 2;
            if (np && np != (int)v) {   /* a wrapper's -np and the user's: which one? */
                fprintf(stderr, "seshat-run: -np given twice (%d and %lld): give it once\n", np, v);
                return 2;
            }
            np = (int)v;
        } else if (a[0] == '-') {
            fprintf(stderr, "seshat-run: unknown option %s (see --help)\n", a);
            return 2;
        } else {
            break;
        }
    }
    seshat_config cfg;
    char err[1024];
    static char files[(MAX_PRESETS + 1) * (PATH_MAX + 1)];
    if (npresets) {
        /* presets in their order, then the user's file: each file sets
         * only its own keys, so a network and an [io] preset combine */
        size_t len = 0;
        for (int k = 0; k < npresets; k++) {
            char pp[PATH_MAX];
            if (seshat_preset_path(presets[k], pp, sizeof pp) != 0) {
                fprintf(stderr, "seshat-run: unknown preset '%s'; available: ", presets[k]);
                seshat_preset_list(stderr);
                return 2;
            }
            len += (size_t)snprintf(files + len, sizeof files - len, "%s%s", k ? ":" : "", pp);
        }
        if (!file)
            file = getenv("SESHAT_CONFIG");
        snprintf(files + len, sizeof files - len, "%s%s", file && *file ? ":" : "", file ? file : "");
        file = files;
    }
    if (seshat_config_load(&cfg, file, (const char *const *)sets, nsets, 1, err, sizeof err) ||
        seshat_model_check_in(&seshat_models, &cfg, err, sizeof err)) {
        fprintf(stderr, "seshat: config error: %s\n", err);
        return 2;
    }
    if (print) {
        seshat_config_print(stdout, &cfg);
        return 0;
    }
    if (np <= 0 || i >= argc) {
        fprintf(stderr, "seshat-run: %s (see --help)\n",
                np <= 0 ? "-np N with N >= 1 is required" : "no program given");
        return 2;
    }
    if (traced && !cfg.trace_enabled) {
        fprintf(stderr, "seshat-run: --trace %s and trace.enabled = false (--set or "
                "$SESHAT_SET) contradict each other: drop one\n", cfg.trace_dir);
        return 2;
    }
    /* Everything that can fail before the program runs fails now, with
     * --dry-run too (docs/tracing.md). */
    int pre = seshat_prelaunch_check(&cfg, argv[i], np, err, sizeof err);
    if (pre) {
        fprintf(stderr, pre == -2 ? "seshat: config error: %s\n" : "seshat-run: %s\n", err);
        return 2;
    }

    seshat_node_map map = { 0 };
    int nmodel = cfg.sim_ranks;
    static char rankfile[PATH_MAX];
    if (cfg.sim_per_node && per_node_map(&map, np, &cfg, dry, rankfile, sizeof rankfile))
        return 2;
    nmodel = cfg.sim_per_node ? map.nmodel : nmodel;
    if (!cfg.sim_per_node && cfg.sim_ranks > np) {
        fprintf(stderr, "seshat-run: simulator.ranks = %d model ranks for %d application "
                "ranks (-np): at most %d\n", cfg.sim_ranks, np, np);
        return 2;
    }
    if (!dry && !fits_locally(np + nmodel))
        return 2;

    char lib[PATH_MAX + 64], preload[3 * PATH_MAX], cfgpath[PATH_MAX], nprocs[16];
    lib_path(lib, sizeof lib);
    if (strchr(lib, '/') && access(lib, R_OK) != 0) {
        fprintf(stderr, "seshat-run: cannot read the seshat library %s%s: %s\n", lib,
                getenv("SESHAT_LIB") && *getenv("SESHAT_LIB") ? " (SESHAT_LIB)" : "",
                strerror(errno));
        return 2;
    }
    const char *extra = getenv("SESHAT_PRELOAD_EXTRA"), *old = getenv("LD_PRELOAD");
    snprintf(preload, sizeof preload, "LD_PRELOAD=%s%s%s%s%s", extra ? extra : "",
             extra ? ":" : "", lib, old && *old ? ":" : "", old ? old : "");
    snprintf(nprocs, sizeof nprocs, "%d", np + nmodel);

    char *args[4096];
    int n = 0;
    const char *mpirun = getenv("SESHAT_MPIRUN");
    args[n++] = (char *)(mpirun && *mpirun ? mpirun : "mpirun");
    args[n++] = "--oversubscribe";
    if (geteuid() == 0)
        args[n++] = "--allow-run-as-root";
    char *extra_args = getenv("SESHAT_MPIRUN_ARGS") ? strdup(getenv("SESHAT_MPIRUN_ARGS")) : NULL;
    for (char *t = extra_args ? strtok(extra_args, " ") : NULL; t && n < 64; t = strtok(NULL, " "))
        args[n++] = t;
    if (rankfile[0]) {
        args[n++] = "--rankfile";
        args[n++] = rankfile;
    }
    args[n++] = "-np";
    args[n++] = nprocs;
    args[n++] = "-x";
    args[n++] = preload;
    if (cfg.file[0]) {
        static char env[2 * PATH_MAX + 32];
        snprintf(env, sizeof env, "SESHAT_CONFIG=%s",
                 strchr(cfg.file, ':') || !realpath(cfg.file, cfgpath) ? cfg.file : cfgpath);
        args[n++] = "-x";
        args[n++] = env;
    }
    /* $SESHAT_SET was already applied; pass it on with --set items after it. */
    char *joined = join_sets(getenv("SESHAT_SET"), sets, nsets);
    char *setenv_arg = malloc(strlen(joined) + 16);
    sprintf(setenv_arg, "SESHAT_SET=%s", joined);
    args[n++] = "-x";
    args[n++] = setenv_arg;
    static char init[PATH_MAX], init_env[PATH_MAX + 32];
    if (!dry && !rankfile[0])   /* a rankfile: the ranks run on other nodes */
        init_file(init, sizeof init);
    if (init[0]) {
        snprintf(init_env, sizeof init_env, "SESHAT_INIT_FILE=%s", init);
        args[n++] = "-x";
        args[n++] = init_env;
    }
    /* (model ranks on other nodes would write their status files there) */
    const char *status_env = dry || rankfile[0] ? NULL : live_status_env();
    if (status_env) {
        args[n++] = "-x";
        args[n++] = (char *)status_env;
    }
    const char *program = argv[i];
    for (; i < argc && n < 4095; i++)
        args[n++] = argv[i];
    args[n] = NULL;
    if (dry) {
        if (cfg.sim_per_node)
            seshat_nodes_print(&map, stdout, "# ");
        if (cfg.sim_per_node && cfg.sg_contention &&
            (seshat_model_find(cfg.model)->caps & SESHAT_MODEL_CAP_CONTENTION))
            seshat_nodes_print_engine(&map, stdout, "# ");
        if (rankfile[0])
            printf("# rankfile %s (written for this command; remove it after)\n", rankfile);
        print_quoted(args);
        seshat_nodes_free(&map);
        return 0;
    }
    int rc = run(args, np, nmodel), reached = init_reached(init);
    if (rankfile[0]) {
        unlink(rankfile);
        rmdir(dirname(rankfile));
    }
    seshat_job_reraise();   /* a signal ended the job: end the same way */
    if (!reached) {
        /* Not an MPI program, or the library not preloaded (a static
         * MPI, a setuid program): nothing was simulated. */
        fprintf(stderr, "seshat-run: %s never called MPI_Init under seshat: not an MPI "
                "program, or %s was not loaded into it; nothing was simulated\n", program, lib);
        rc = rc ? rc : 1;
    }
    if (cfg.report_matrix)
        seshat_matrix_plot(cfg.report_prefix);
    seshat_nodes_free(&map);
    return rc;
}

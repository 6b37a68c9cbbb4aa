/* live_status.c - poll, draw, clean up. The line is drawn only on a
 * terminal, so piped or redirected output never contains it. */
#include "tools/live_status.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char base[64];

const char *live_status_env(void)
{
    static char env[96];
    if (!isatty(STDERR_FILENO) || getenv("SESHAT_NO_STATUS"))
        return NULL;
    snprintf(base, sizeof base, "/tmp/seshat-status-%d", (int)getpid());
    snprintf(env, sizeof env, "SESHAT_STATUS=%s", base);
    return env;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Sum the model ranks' files; 0 if none is there yet. */
static int read_all(int first, int n, long long v[4])
{
    int found = 0;
    v[0] = v[1] = v[2] = v[3] = 0;
    for (int k = first; k < first + n; k++) {
        char path[96];
        long long x[4];
        snprintf(path, sizeof path, "%s.%d", base, k);
        FILE *f = fopen(path, "r");
        if (f && fscanf(f, "%lld %lld %lld %lld", &x[0], &x[1], &x[2], &x[3]) == 4) {
            found = 1;
            v[0] = x[0] > v[0] ? x[0] : v[0];
            for (int i = 1; i < 4; i++)
                v[i] += x[i];
        }
        if (f)
            fclose(f);
    }
    return found;
}

static void cleanup(int first, int n)
{
    for (int k = first; k < first + n; k++) {
        char path[128];
        snprintf(path, sizeof path, "%s.%d", base, k);
        unlink(path);
        snprintf(path, sizeof path, "%s.%d.tmp", base, k);
        unlink(path);
    }
}

int live_status_wait(pid_t pid, int first, int n)
{
    double t0 = now_s();
    int drawn = 0, st = 0;
    for (;;) {
        pid_t r = base[0] ? waitpid(pid, &st, WNOHANG) : waitpid(pid, &st, 0);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR)
            return -1;
        long long v[4];
        double wall = now_s() - t0;
        if (wall >= 1.0 && read_all(first, n, v)) {
            fprintf(stderr, "\r\033[Kseshat: virtual %.6f s | wall %.1f s | %lld messages | "
                    "trace %.1f MB\r", (double)v[0] * 1e-9, wall, v[1], (double)v[3] / 1e6);
            drawn = 1;
        }
        struct timespec nap = { 0, 250000000 };
        nanosleep(&nap, NULL);
    }
    if (drawn)
        fputs("\r\033[K", stderr);
    if (base[0])
        cleanup(first, n);
    return st;
}

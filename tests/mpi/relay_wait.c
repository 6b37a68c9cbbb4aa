/* relay_wait.c - the relay path's waits on a busy machine
 * (tests/mpi/run_relaywait.sh). 4 ranks.
 *
 *   relay_wait exchange W   50 MPI_Allreduce of one double from virtual 0,
 *                           then 200 eager round trips of 8 B in the pairs
 *                           (0,1) and (2,3); the odd ranks then compute W ns
 *                           (MPI_Pcontrol) so that all end together; each
 *                           rank prints its virtual ns after each phase.
 *   relay_wait barrier MS   rank 0 computes 1 ms (MPI_Pcontrol), then sleeps
 *                           MS ms of wall time outside MPI while the others
 *                           wait in MPI_Barrier; rank 0 prints the CPU
 *                           seconds the model ranks (this job's processes
 *                           beyond the application's world) used over its
 *                           sleep, read from /proc/PID/stat.
 *
 * Lines: "RESULT <key>-<rank> <ns>", "RESULT model_cpu <s>". */
#include <dirent.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long vns(double t0) { return llround((MPI_Wtime() - t0) * 1e9); }

/* The value of NAME in the environment block of process pid, or "". */
static void env_of(const char *pid, const char *name, char *out, size_t cap)
{
    char path[300], buf[65536];
    size_t nlen = strlen(name), n;
    out[0] = 0;
    snprintf(path, sizeof path, "/proc/%s/environ", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    for (size_t i = 0; i < n; i += strlen(buf + i) + 1)
        if (!strncmp(buf + i, name, nlen) && buf[i + nlen] == '=') {
            snprintf(out, cap, "%s", buf + i + nlen + 1);
            return;
        }
}

/* utime + stime of pid, in clock ticks, or -1. */
static long long ticks_of(const char *pid)
{
    char path[300], buf[1024];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');     /* the command may hold spaces */
    unsigned long long ut = 0, st = 0;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
        return -1;
    return (long long)(ut + st);
}

/* CPU ticks of this job's processes whose real world rank is at least
 * napp (the model ranks), found by their environment. */
static long long model_ticks(int napp, int *found)
{
    const char *ns = getenv("PMIX_NAMESPACE");
    char v[256], r[32];
    long long sum = 0;
    DIR *d = opendir("/proc");
    struct dirent *e;
    *found = 0;
    while (ns && d && (e = readdir(d))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        env_of(e->d_name, "PMIX_NAMESPACE", v, sizeof v);
        if (strcmp(v, ns))
            continue;
        env_of(e->d_name, "OMPI_COMM_WORLD_RANK", r, sizeof r);
        long long t;
        if (r[0] && atoi(r) >= napp && (t = ticks_of(e->d_name)) >= 0) {
            sum += t;
            (*found)++;
        }
    }
    if (d)
        closedir(d);
    return sum;
}

static void exchange(int rank, double w_ns)
{
    double t0 = MPI_Wtime(), x = rank, y = 0;
    char buf[8] = { 0 };
    for (int i = 0; i < 50; i++)
        MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    printf("RESULT allreduce-%d %lld\n", rank, vns(t0));
    int peer = rank ^ 1;
    for (int i = 0; i < 200; i++) {
        if (rank % 2 == 0) {
            MPI_Send(buf, 8, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
            MPI_Recv(buf, 8, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(buf, 8, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, 8, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
        }
    }
    printf("RESULT pingpong-%d %lld\n", rank, vns(t0));
    if (rank % 2)
        MPI_Pcontrol(5309, w_ns * 1e-9);
    MPI_Barrier(MPI_COMM_WORLD);
    printf("RESULT end-%d %lld\n", rank, vns(t0));
}

static void barrier(int rank, long ms)
{
    double t0 = MPI_Wtime();
    if (rank == 0) {
        int napp, found;
        MPI_Comm_size(MPI_COMM_WORLD, &napp);
        MPI_Pcontrol(5309, 1e-3);
        long long c0 = model_ticks(napp, &found);
        struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };
        nanosleep(&ts, NULL);
        long long c1 = model_ticks(napp, &found);
        printf("RESULT model_ranks %d\n", found);
        printf("RESULT model_cpu %.3f\n", (double)(c1 - c0) / (double)sysconf(_SC_CLK_TCK));
    }
    MPI_Barrier(MPI_COMM_WORLD);
    printf("RESULT barrier-%d %lld\n", rank, vns(t0));
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const char *mode = argc > 1 ? argv[1] : "exchange";
    if (!strcmp(mode, "barrier"))
        barrier(rank, argc > 2 ? atol(argv[2]) : 1000);
    else
        exchange(rank, argc > 2 ? atof(argv[2]) : 0);
    fflush(stdout);
    MPI_Finalize();
    return 0;
}

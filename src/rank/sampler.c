/* sampler.c - CPU-time call-stack sampling (sampler.h).
 *
 * Unwinding in the handler uses glibc's backtrace(), warmed up once at
 * start (its first call loads libgcc_s, which is not async-signal-safe).
 * After that, with glibc >= 2.35 and libgcc >= 12, the unwinder finds each
 * frame's unwind table through _dl_find_object, which takes no lock and
 * does not allocate, so interrupting any code (malloc included) cannot
 * deadlock it; and libgcc steps through the signal frame into the
 * interrupted code. Frame-pointer walking would need every program built
 * with -fno-omit-frame-pointer; libdw unwinding allocates. The handler
 * records only while the program computes (not inside seshat or MPI), into
 * a buffer only this thread touches. */
#include "rank/sampler.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#define SAMPLE_SIG SIGPROF

static timer_t timer;
static int perf_fd = -1;
static int running;
static volatile sig_atomic_t computing, calibrating;
static volatile uint32_t taken;   /* samples since the last resume */
static seshat_sample_set set;
static int64_t cost_ns;           /* one sample's CPU cost */
static int64_t period;
static uint64_t total;            /* samples taken, for the summary */

static void record(uintptr_t pc, void *const *bt, int nbt)
{
    uintptr_t path[SESHAT_SAMPLE_FRAMES] = { pc + 1 };
    int i = 0;
    while (i < nbt && (uintptr_t)bt[i] != pc)   /* the interrupted frame */
        i++;
    for (int k = 1; i + k < nbt && k < SESHAT_SAMPLE_FRAMES; k++)
        path[k] = (uintptr_t)bt[i + k];
    for (int j = 0; j < set.n; j++)
        if (!memcmp(set.path[j], path, sizeof path)) {
            set.count[j]++;
            return;
        }
    if (set.n == SESHAT_SAMPLE_PATHS) {
        set.lost++;
        return;
    }
    memcpy(set.path[set.n], path, sizeof path);
    set.count[set.n++] = 1;
}

static void on_signal(int sig, siginfo_t *si, void *uc_)
{
    (void)sig;
    (void)si;
    if (!computing && !calibrating)
        return;
    int saved = errno;
    ucontext_t *uc = uc_;
    uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
    void *bt[SESHAT_SAMPLE_FRAMES + 6];
    int n = backtrace(bt, SESHAT_SAMPLE_FRAMES + 6);
    if (calibrating) {
        set.n = 0;   /* the same work, thrown away */
        record(pc, bt, n);
        set.n = 0;
    } else {
        record(pc, bt, n);
        taken++;
        total++;
    }
    errno = saved;
}

static int64_t cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* One sample's cost: K signals sent to this thread, each unwound and
 * recorded, less K system calls of the same kind without a handler's work
 * (the timer's expiry costs no system call); the least of a few rounds
 * (load only adds). */
static int64_t measure_cost(void)
{
    enum { K = 200, ROUNDS = 5 };
    pid_t pid = getpid(), tid = (pid_t)syscall(SYS_gettid);
    int64_t best = INT64_MAX;
    for (int r = 0; r < ROUNDS; r++) {
        int64_t t0 = cpu_now();
        for (int i = 0; i < K; i++)
            syscall(SYS_tgkill, pid, tid, 0);   /* signal 0: the call, no delivery */
        int64_t t1 = cpu_now();
        calibrating = 1;
        for (int i = 0; i < K; i++)
            syscall(SYS_tgkill, pid, tid, SAMPLE_SIG);
        calibrating = 0;
        int64_t t2 = cpu_now();
        int64_t c = ((t2 - t1) - (t1 - t0)) / K;
        if (c < best)
            best = c;
    }
    return best > 0 ? best : 0;
}

/* The perf task clock of this thread, overflowing every period: an
 * hrtimer, so the period holds to the microsecond. A POSIX CPU-time timer
 * (the fallback where perf is not allowed) expires only at the scheduler
 * tick (4 ms at HZ = 250), whatever its period. */
static int perf_open(int64_t period_ns)
{
    struct perf_event_attr pa;
    memset(&pa, 0, sizeof pa);
    pa.size = sizeof pa;
    pa.type = PERF_TYPE_SOFTWARE;
    pa.config = PERF_COUNT_SW_TASK_CLOCK;
    pa.sample_period = (uint64_t)period_ns;
    pa.wakeup_events = 1;
    pa.disabled = 1;
    pa.exclude_kernel = 1;
    pa.exclude_hv = 1;
    int fd = (int)syscall(SYS_perf_event_open, &pa, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0)
        return -1;
    struct f_owner_ex own = { F_OWNER_TID, (pid_t)syscall(SYS_gettid) };
    if (fcntl(fd, F_SETOWN_EX, &own) || fcntl(fd, F_SETSIG, SAMPLE_SIG) ||
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC) ||
        ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
        close(fd);
        return -1;
    }
    perf_fd = fd;
    return 0;
}

int seshat_sampler_start(int64_t period_ns, char *why, size_t n)
{
    void *warm[4];
    backtrace(warm, 4);   /* loads libgcc_s now, outside any handler */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SAMPLE_SIG, &sa, NULL) != 0) {
        snprintf(why, n, "sigaction(SIGPROF): %s", strerror(errno));
        return -1;
    }
    cost_ns = measure_cost();
    period = period_ns;
    if (perf_open(period_ns) == 0) {
        running = 1;
        return 0;
    }
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev.sigev_signo = SAMPLE_SIG;
    ev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &timer) != 0) {
        snprintf(why, n, "timer_create(CLOCK_THREAD_CPUTIME_ID): %s", strerror(errno));
        return -1;
    }
    struct itimerspec it = { { period_ns / 1000000000, period_ns % 1000000000 },
                             { period_ns / 1000000000, period_ns % 1000000000 } };
    if (timer_settime(timer, 0, &it, NULL) != 0) {
        snprintf(why, n, "timer_settime: %s", strerror(errno));
        timer_delete(timer);
        return -1;
    }
    running = 1;
    return 0;
}

void seshat_sampler_stop(void)
{
    if (!running)
        return;
    computing = 0;
    if (perf_fd >= 0) {
        close(perf_fd);
        perf_fd = -1;
    } else {
        timer_delete(timer);
    }
    running = 0;
}

void seshat_sampler_resume(void)
{
    if (!running)
        return;
    set.n = 0;
    set.lost = 0;
    taken = 0;
    computing = 1;
}

int64_t seshat_sampler_pause(void)
{
    if (!running)
        return 0;
    computing = 0;
    return (int64_t)taken * cost_ns;
}

const seshat_sample_set *seshat_sampler_samples(void) { return running ? &set : NULL; }

int64_t seshat_sampler_cost(void) { return cost_ns; }

void seshat_sampler_print(FILE *f)
{
    if (!running)
        return;
    fprintf(f, "seshat: trace.sample every %lld ns of CPU time (%s), %llu samples on rank 0, "
            "%lld ns each subtracted\n", (long long)period, perf_fd >= 0 ? "perf task clock"
            : "CLOCK_THREAD_CPUTIME_ID timer, expiring at the scheduler tick",
            (unsigned long long)total, (long long)cost_ns);
}

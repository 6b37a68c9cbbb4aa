/* job.c - see job.h. Signal handlers only kill() and set flags. */
#include "common/job.h"
#include "common/realclock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define HIDDEN __attribute__((visibility("hidden")))

static volatile sig_atomic_t job_pid, got_signal, passed_on;
static const int forwarded[] = { SIGTERM, SIGINT, SIGHUP };

/* First signal: passed on (unless it came from the terminal, which sent
 * it to the job's process group already), and the grace alarm set; a
 * second one, or the alarm, kills the job. */
static void on_signal(int sig, siginfo_t *si, void *ctx)
{
    (void)ctx;
    if (sig != SIGALRM)
        got_signal = sig;
    if (job_pid <= 0)
        return;
    if (sig == SIGALRM || passed_on++) {
        kill((pid_t)job_pid, SIGKILL);
        return;
    }
    if (si->si_code != SI_KERNEL)
        kill((pid_t)job_pid, sig);
    alarm(SESHAT_JOB_GRACE_S);
}

static void handlers(int install)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof forwarded / sizeof forwarded[0]; i++)
        sigaddset(&sa.sa_mask, forwarded[i]);
    sigaddset(&sa.sa_mask, SIGALRM);
    if (!install)
        sa.sa_handler = SIG_DFL, sa.sa_flags = 0;
    for (size_t i = 0; i < sizeof forwarded / sizeof forwarded[0]; i++)
        sigaction(forwarded[i], &sa, NULL);
    sigaction(SIGALRM, &sa, NULL);
}

static void child(const char *tool, char *const argv[], int out_fd, pid_t parent,
                  const sigset_t *old)
{
    handlers(0);
    sigprocmask(SIG_SETMASK, old, NULL);
    /* Dies with the launcher; a launcher already gone is seen as a new
     * parent (the order matters: prctl first). */
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent)
        _exit(143);
    if (out_fd >= 0 && dup2(out_fd, STDOUT_FILENO) < 0)
        _exit(127);
    execvp(argv[0], argv);
    fprintf(stderr, "%s: cannot run %s: %s\n", tool, argv[0], strerror(errno));
    _exit(127);
}

HIDDEN pid_t seshat_job_start(const char *tool, char *const argv[], int out_fd)
{
    sigset_t block, old;
    sigemptyset(&block);
    for (size_t i = 0; i < sizeof forwarded / sizeof forwarded[0]; i++)
        sigaddset(&block, forwarded[i]);
    sigaddset(&block, SIGALRM);
    /* No signal between fork and job_pid: it would not be passed on. */
    sigprocmask(SIG_BLOCK, &block, &old);
    handlers(1);
    pid_t parent = getpid(), pid = fork();
    if (pid == 0)
        child(tool, argv, out_fd, parent, &old);
    if (pid < 0)
        fprintf(stderr, "%s: cannot start %s: %s\n", tool, argv[0], strerror(errno));
    job_pid = pid > 0 ? pid : 0;
    passed_on = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
    return pid;
}

HIDDEN int seshat_job_wait(pid_t pid, int timeout_s, int *timed_out)
{
    struct timespec t0, now, nap = { 0, 20000000 };
    seshat_real_clock_gettime(CLOCK_MONOTONIC, &t0);
    int st = 0, stage = 0;
    if (timed_out)
        *timed_out = 0;
    for (;;) {
        pid_t r = waitpid(pid, &st, timeout_s > 0 ? WNOHANG : 0);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR) {
            st = -1;
            break;
        }
        if (timeout_s <= 0 || r < 0)
            continue;
        seshat_real_clock_gettime(CLOCK_MONOTONIC, &now);
        long s = (long)(now.tv_sec - t0.tv_sec);
        if (stage == 0 && s >= timeout_s) {
            if (timed_out)
                *timed_out = 1;
            kill(pid, SIGTERM);
            stage = 1;
        } else if (stage == 1 && s >= timeout_s + SESHAT_JOB_GRACE_S) {
            kill(pid, SIGKILL);
            stage = 2;
        }
        nanosleep(&nap, NULL);
    }
    alarm(0);
    job_pid = 0;
    return st;
}

HIDDEN int seshat_job_signal(void) { return got_signal; }

HIDDEN int seshat_job_exit_code(int status)
{
    if (status == -1)
        return 1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

HIDDEN void seshat_job_reraise(void)
{
    int sig = got_signal;
    if (!sig)
        return;
    handlers(0);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    raise(sig);
}

HIDDEN void seshat_job_note_init(void)
{
    const char *path = getenv("SESHAT_INIT_FILE");
    int fd = path && *path ? open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600) : -1;
    if (fd >= 0)
        close(fd);
}

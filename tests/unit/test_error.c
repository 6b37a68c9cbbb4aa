/* test_error.c - the error policy (src/rank/error.c; docs/design.md,
 * "Error policy"): a failure seshat cannot go on without prints one line
 * naming what failed and ends the process with exit code 1; a checked
 * call that succeeds is silent. Each case runs in a child process. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/log.h"
#include "rank/core.h"

/* Runs fn in a child with stderr captured; returns its exit status
 * (-1 if it did not exit) and its stderr in out. */
static int run_child(void (*fn)(void), char *out, size_t n)
{
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        seshat_log_set_rank(3);
        fn();
        _exit(0);
    }
    close(fd[1]);
    size_t got = 0;
    ssize_t r;
    while (got + 1 < n && (r = read(fd[0], out + got, n - 1 - got)) > 0)
        got += (size_t)r;
    out[got] = 0;
    close(fd[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void ctl_fails(void) { seshat_ctl(MPI_ERR_COMM, "Send(envelope)"); }
static void ctl_passes(void) { seshat_ctl(MPI_SUCCESS, "Send(envelope)"); }
static void fatal_line(void) { seshat_fatal("out of memory (%zu bytes)", (size_t)4096); }
static void alloc_ok(void)
{
    char *p = seshat_xcalloc(3, 5);
    for (int i = 0; i < 15; i++)
        if (p[i])
            _exit(7);
    free(p);
    free(seshat_xmalloc(0));   /* never NULL, even for 0 bytes */
}

static void failed_call_ends_the_job(void **state)
{
    char out[512];
    (void)state;
    /* the real table is not resolved here: no error string, no MPI_Abort */
    assert_int_equal(run_child(ctl_fails, out, sizeof out), 1);
    char want[200];
    snprintf(want, sizeof want, "seshat[3]: error: real MPI_Send(envelope) on seshat's own "
             "communicator failed: no error string (error %d)\n", MPI_ERR_COMM);
    assert_string_equal(out, want);
}

static void success_is_silent(void **state)
{
    char out[512];
    (void)state;
    assert_int_equal(run_child(ctl_passes, out, sizeof out), 0);
    assert_string_equal(out, "");
    assert_int_equal(run_child(alloc_ok, out, sizeof out), 0);
    assert_string_equal(out, "");
}

static void fatal_is_one_line(void **state)
{
    char out[512];
    (void)state;
    assert_int_equal(run_child(fatal_line, out, sizeof out), 1);
    assert_string_equal(out, "seshat[3]: error: out of memory (4096 bytes)\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(failed_call_ends_the_job),
        cmocka_unit_test(success_is_silent),
        cmocka_unit_test(fatal_is_one_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

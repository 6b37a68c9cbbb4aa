/* test_safe_write.c - the one output writer (src/common/safe_write.h):
 * a planted link is replaced, never written through; a failed write leaves
 * the earlier file and no temporary file; new-only files refuse links. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/safe_write.h"

static char dir[64];

static void path_of(char *out, size_t n, const char *name) { snprintf(out, n, "%s/%s", dir, name); }

static void put(const char *name, const char *text)
{
    char p[128];
    path_of(p, sizeof p, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void expect_text(const char *name, const char *text)
{
    char p[128], got[256] = "";
    path_of(p, sizeof p, name);
    FILE *f = fopen(p, "r");
    assert_non_null(f);
    size_t n = fread(got, 1, sizeof got - 1, f);
    got[n] = 0;
    fclose(f);
    assert_string_equal(got, text);
}

/* Entries of the directory other than . and .. */
static int entries(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/sw-test-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void writes_and_replaces(void **state)
{
    (void)state;
    char p[128], err[256];
    seshat_sw w;
    path_of(p, sizeof p, "out.txt");
    put("out.txt", "old\n");
    FILE *f = seshat_sw_open(&w, p, err, sizeof err);
    assert_non_null(f);
    fputs("new\n", f);
    expect_text("out.txt", "old\n");   /* nothing changes before the commit */
    assert_int_equal(seshat_sw_commit(&w, err, sizeof err), 0);
    expect_text("out.txt", "new\n");
    assert_int_equal(entries(), 1);
}

static void link_replaced_not_followed(void **state)
{
    (void)state;
    char p[128], victim[128], err[256];
    struct stat st;
    put("victim", "precious\n");
    path_of(victim, sizeof victim, "victim");
    path_of(p, sizeof p, "analysis.json");
    assert_int_equal(symlink(victim, p), 0);
    assert_int_equal(seshat_sw_file(p, "{}\n", 3, err, sizeof err), 0);
    expect_text("victim", "precious\n");
    expect_text("analysis.json", "{}\n");
    assert_int_equal(lstat(p, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    /* a dangling link the same */
    path_of(p, sizeof p, "report.html");
    assert_int_equal(symlink("/nonexistent/seshat-sw-target", p), 0);
    assert_int_equal(seshat_sw_file(p, "x", 1, err, sizeof err), 0);
    assert_int_equal(access("/nonexistent/seshat-sw-target", F_OK), -1);
    expect_text("report.html", "x");
}

static void failure_keeps_old(void **state)
{
    (void)state;
    char p[128], inner[160], err[512];
    path_of(p, sizeof p, "busy");
    /* A non-empty directory in the target's place: the rename fails. */
    assert_int_equal(mkdir(p, 0755), 0);
    snprintf(inner, sizeof inner, "%s/keep", p);
    fclose(fopen(inner, "w"));
    assert_int_equal(seshat_sw_file(p, "data", 4, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot write"));
    assert_int_equal(entries(), 1);   /* no temporary file left */
    assert_int_equal(access(inner, F_OK), 0);
    /* an aborted writer leaves nothing either */
    seshat_sw w;
    path_of(p, sizeof p, "x.txt");
    assert_non_null(seshat_sw_open(&w, p, err, sizeof err));
    seshat_sw_abort(&w);
    assert_int_equal(entries(), 1);
    /* a missing directory: a one-line reason */
    snprintf(p, sizeof p, "%s/no/such/file", dir);
    assert_int_equal(seshat_sw_file(p, "x", 1, err, sizeof err), -1);
    assert_null(strchr(err, '\n'));
}

static void new_only_and_dirs(void **state)
{
    (void)state;
    char p[128], l[128], err[256];
    put("target", "t\n");
    path_of(p, sizeof p, "target");
    path_of(l, sizeof l, "rank-0.sst");
    assert_int_equal(symlink(p, l), 0);
    assert_int_equal(seshat_sw_create_new(l, O_APPEND), -1);
    expect_text("target", "t\n");
    path_of(l, sizeof l, "rank-1.sst");
    int fd = seshat_sw_create_new(l, O_APPEND);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(seshat_sw_create_new(l, 0), -1);   /* never an existing file */
    /* a directory that is a link is refused; a real or missing one is not */
    path_of(l, sizeof l, "traces");
    assert_int_equal(symlink("/tmp", l), 0);
    assert_int_equal(seshat_sw_check_dir(l, err, sizeof err), -1);
    assert_non_null(strstr(err, "symbolic link"));
    assert_int_equal(seshat_sw_check_dir(dir, err, sizeof err), 0);
    path_of(l, sizeof l, "none");
    assert_int_equal(seshat_sw_check_dir(l, err, sizeof err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(writes_and_replaces, setup, teardown),
        cmocka_unit_test_setup_teardown(link_replaced_not_followed, setup, teardown),
        cmocka_unit_test_setup_teardown(failure_keeps_old, setup, teardown),
        cmocka_unit_test_setup_teardown(new_only_and_dirs, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

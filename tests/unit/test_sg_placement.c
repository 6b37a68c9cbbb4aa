/* test_sg_placement.c - rank -> host for model = simgrid: block and
 * round_robin over natural name order, files looked up by name, and the
 * errors. A fake host table stands in for SimGrid (no SimGrid needed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/simgrid/sg_placement.h"

/* Deliberately not in name order, like a platform's host list may be. */
static const char *const names[] = { "node-10", "node-2", "node-1", "node-0" };

static int count(void) { return 4; }
static const char *name(int h) { return names[h]; }
static int index_of(const char *n)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(names[i], n) == 0)
            return i;
    return -1;
}
static const seshat_sg_api fake = { NULL, count, name, index_of, NULL, NULL, NULL, NULL, NULL, NULL,
                                    NULL, NULL };

static void place_names(const char *placement, int n, const char *want)
{
    int host[16];
    char err[256], got[256] = "";
    assert_int_equal(seshat_sg_place(&fake, placement, n, host, err, sizeof err), 0);
    for (int r = 0; r < n; r++) {
        strcat(got, names[host[r]]);
        strcat(got, r + 1 < n ? " " : "");
    }
    assert_string_equal(got, want);
}

static void test_block(void **state)
{
    (void)state;
    place_names("block", 4, "node-0 node-1 node-2 node-10");
    place_names("block", 6, "node-0 node-0 node-1 node-1 node-2 node-2");
}

static void test_round_robin(void **state)
{
    (void)state;
    place_names("round_robin", 6, "node-0 node-1 node-2 node-10 node-0 node-1");
}

static char *write_file(const char *text)
{
    static char path[] = "/tmp/seshat-placeXXXXXX";
    strcpy(path, "/tmp/seshat-placeXXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_file(void **state)
{
    (void)state;
    char *p = write_file("# rank 0\nnode-10\n\n  node-2   # rank 1\nnode-10\n");
    place_names(p, 3, "node-10 node-2 node-10");
    remove(p);
}

static void test_file_errors(void **state)
{
    (void)state;
    int host[4];
    char err[256], want[300];
    char *p = write_file("node-0\nnode-7\n");
    assert_int_equal(seshat_sg_place(&fake, p, 2, host, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:2: no host named 'node-7' in the platform", p);
    assert_string_equal(err, want);
    assert_int_equal(seshat_sg_place(&fake, p, 1, host, err, sizeof err), 0);
    remove(p);
    p = write_file("node-0\n");
    assert_int_equal(seshat_sg_place(&fake, p, 3, host, err, sizeof err), -1);
    assert_non_null(strstr(err, "1 host names for 3 ranks"));
    remove(p);
    assert_int_equal(seshat_sg_place(&fake, "/nonexistent/place", 1, host, err, sizeof err), -1);
    assert_non_null(strstr(err, "network.placement = /nonexistent/place: cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_block),
        cmocka_unit_test(test_round_robin),
        cmocka_unit_test(test_file),
        cmocka_unit_test(test_file_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_config.c - units, defaults, precedence and every kind of bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/config.h"

static void units(void **state)
{
    (void)state;
    int64_t v;
    double d;
    assert_int_equal(seshat_parse_time_ns("1.5us", &v), 0);
    assert_int_equal(v, 1500);
    assert_int_equal(seshat_parse_time_ns("2 ms", &v), 0);
    assert_int_equal(v, 2000000);
    assert_int_equal(seshat_parse_time_ns("0", &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(seshat_parse_bytes("64KiB", &v), 0);
    assert_int_equal(v, 65536);
    assert_int_equal(seshat_parse_bytes("1MB", &v), 0);
    assert_int_equal(v, 1000000);
    assert_int_equal(seshat_parse_bandwidth("1GB/s", &d), 0);
    assert_true(d == 1e9);
    assert_int_equal(seshat_parse_bandwidth("100Gb/s", &d), 0);
    assert_true(d == 12.5e9);
    assert_int_equal(seshat_parse_bandwidth("12.5GB/s", &d), 0);
    assert_true(d == 12.5e9);
    assert_int_equal(seshat_parse_time_ns("5", &v), -1);
    assert_int_equal(seshat_parse_time_ns("5 parsecs", &v), -1);
    assert_int_equal(seshat_parse_bytes("KiB", &v), -1);
    assert_int_equal(seshat_parse_bandwidth("10GB", &d), -1);
}

static void defaults(void **state)
{
    (void)state;
    seshat_config c;
    seshat_config_defaults(&c);
    assert_int_equal(c.sim_ranks, 1);
    assert_int_equal(c.clock, SESHAT_CLOCK_CPU);
    assert_int_equal(c.path, SESHAT_PATH_DIRECT);
    assert_int_equal(c.latency_ns, 1500);
    assert_true(c.bandwidth_Bps == 12.5e9);
    assert_int_equal(c.overhead_ns, 300);
    assert_int_equal(c.eager_limit, 65536);
    assert_int_equal(c.origin[0], SESHAT_FROM_DEFAULT);
}

static char *write_ini(const char *text)
{
    static char path[64];
    strcpy(path, "/tmp/seshat-test-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

static void precedence(void **state)
{
    (void)state;
    char err[512];
    seshat_config c;
    char *path = write_ini("[network]\nlatency = 7us\nbandwidth = 100Gb/s\n[simulator]\nclock = none\n");
    const char *sets[] = { "network.latency=9us" };
    assert_int_equal(seshat_config_load(&c, path, sets, 1, 0, err, sizeof err), 0);
    assert_int_equal(c.latency_ns, 9000);          /* --set wins over the file */
    assert_true(c.bandwidth_Bps == 12.5e9);        /* from the file */
    assert_int_equal(c.clock, SESHAT_CLOCK_NONE);
    assert_int_equal(c.overhead_ns, 300);          /* default */
    assert_string_equal(c.file, path);
    char out[8192] = "";
    FILE *f = fmemopen(out, sizeof out, "w");
    seshat_config_print(f, &c);
    fclose(f);
    assert_non_null(strstr(out, "latency = 9000ns    ; from --set"));
    assert_non_null(strstr(out, "clock = none    ; from file"));
    unlink(path);
}

static void env_overrides(void **state)
{
    (void)state;
    char err[512];
    seshat_config c;
    setenv("SESHAT_SET", "network.path=relay;simulator.ranks=2", 1);
    assert_int_equal(seshat_config_load(&c, NULL, NULL, 0, 1, err, sizeof err), 0);
    assert_int_equal(c.path, SESHAT_PATH_RELAY);
    assert_int_equal(c.sim_ranks, 2);
    setenv("SESHAT_SET", "network.pathh=relay", 1);
    assert_int_equal(seshat_config_load(&c, NULL, NULL, 0, 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "$SESHAT_SET"));
    assert_non_null(strstr(err, "network.pathh"));
    unsetenv("SESHAT_SET");
}

/* [collectives] factors: the piece covering a size, per collective, times
 * collective_factor; 1 where no piece covers it. */
static void coll_factors(void **state)
{
    (void)state;
    char err[512] = "";
    seshat_config c;
    const char *sets[] = { "collectives.factors=bcast:0:1.5 bcast:64KiB:0.25 alltoallv:4KiB:3 "
                           "alltoall:1MiB:2",
                           "network.collective_factor=2" };
    assert_int_equal(seshat_config_load(&c, NULL, sets, 2, 0, err, sizeof err), 0);
    assert_int_equal(c.ncoll_factors, 4);
    assert_true(seshat_config_coll_factor(&c, 1, 0) == 3.0);           /* bcast: 1.5 x 2 */
    assert_true(seshat_config_coll_factor(&c, 1, 65535) == 3.0);
    assert_true(seshat_config_coll_factor(&c, 1, 65536) == 0.5);
    assert_true(seshat_config_coll_factor(&c, SESHAT_FACTOR_ALLTOALLV, 4095) == 2.0);
    assert_true(seshat_config_coll_factor(&c, SESHAT_FACTOR_ALLTOALLV, 4096) == 6.0);
    assert_true(seshat_config_coll_factor(&c, 7, 1 << 20) == 4.0);     /* alltoall */
    assert_true(seshat_config_coll_factor(&c, 7, 4096) == 2.0);        /* below its piece */
    assert_true(seshat_config_coll_factor(&c, 0, 0) == 2.0);           /* barrier: none */
    assert_string_equal(seshat_factor_names[SESHAT_FACTOR_ALLTOALLV], "alltoallv");
    /* a rejected value leaves the previous one in force */
    assert_int_equal(seshat_config_set(&c, "collectives.factors=bcast:0:0", SESHAT_FROM_SET, err,
                                       sizeof err), -1);
    assert_int_equal(c.ncoll_factors, 4);
    assert_true(seshat_config_coll_factor(&c, 1, 65536) == 0.5);
}

static void bad_sets(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "network.latencyy=1us", "network.latencyy" },
        { "nosuch.key=1", "nosuch" },
        { "network.latency=5parsecs", "network.latency" },
        { "network.latency=5", "network.latency" },
        { "network.latency=-5us", "network.latency" },
        { "network.bandwidth=-1GB/s", "network.bandwidth" },
        { "network.bandwidth=0GB/s", "network.bandwidth" },
        { "network.overhead=fast", "network.overhead" },
        { "network.path=carrier-pigeon", "direct|relay" },
        { "simulator.clock=sundial", "simulator.clock" },
        { "simulator.ranks=0", "simulator.ranks" },
        { "simulator.ranks=1.5", "simulator.ranks" },
        { "simulator.ranks=per-node:0", "simulator.ranks" },
        { "simulator.ranks=per-node:65", "simulator.ranks" },
        { "simulator.ranks=per-nodes", "simulator.ranks" },
        { "simulator.ranks=per-node:", "simulator.ranks" },
        { "simulator.ranks=per-node:2x", "simulator.ranks" },
        { "simulator.cpu_factor=0", "simulator.cpu_factor" },
        { "network.eager_limit=12furlongs", "network.eager_limit" },
        { "trace.enabled=maybe", "trace.enabled" },
        { "novalue", "section.key=value" },
        { "collectives.factors=bcast:0", "collectives.factors" },
        { "collectives.factors=bcast:0:0", "collectives.factors" },
        { "collectives.factors=bcast:0:-1", "collectives.factors" },
        { "collectives.factors=bcast:1MiB:2 bcast:4KiB:1", "collectives.factors" },
        { "collectives.factors=neighbor:0:2", "collectives.factors" },
        { "collectives.factors=bcast:1parsec:2", "collectives.factors" },
        { "collectives.factors=bcast:0:2x", "collectives.factors" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[512] = "";
        seshat_config c;
        const char *sets[] = { cases[i][0] };
        assert_int_equal(seshat_config_load(&c, NULL, sets, 1, 0, err, sizeof err), -1);
        if (!strstr(err, cases[i][1]))
            fail_msg("%s: message '%s' does not name '%s'", cases[i][0], err, cases[i][1]);
        assert_non_null(strstr(err, "--set"));
    }
}

static void bad_files(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "[nosuch]\nkey = 1\n", "nosuch" },
        { "[network]\nlatencyy = 1us\n", "latencyy" },
        { "[network]\nbandwidth = -5GB/s\n", "bandwidth" },
        { "[network]\nlatency 1us\n[[[\n", "not a valid INI" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[512] = "";
        seshat_config c;
        char *path = write_ini(cases[i][0]);
        assert_int_equal(seshat_config_load(&c, path, NULL, 0, 0, err, sizeof err), -1);
        if (!strstr(err, cases[i][1]) || !strstr(err, path))
            fail_msg("case %zu: message '%s'", i, err);
        unlink(path);
    }
    char err[512];
    seshat_config c;
    assert_int_equal(seshat_config_load(&c, "/nonexistent/x.ini", NULL, 0, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/x.ini"));
}

/* The exact wording: out of range vs. missing unit. */
static void messages(void **state)
{
    (void)state;
    char err[512], want[600];
    seshat_config c;
    char *path = write_ini("[network]\nbandwidth = -5GB/s\n");
    assert_int_equal(seshat_config_load(&c, path, NULL, 0, 0, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: network.bandwidth = \"-5GB/s\": expected a bandwidth "
             "from 1KB/s to 1000TB/s", path);
    assert_string_equal(err, want);
    unlink(path);
    const char *sets[] = { "network.latency=5" };
    assert_int_equal(seshat_config_load(&c, NULL, sets, 1, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "--set: network.latency = \"5\": expected a time with a unit "
                                "such as 1.5us"));
    const char *neg[] = { "network.gap=-1us" };
    assert_int_equal(seshat_config_load(&c, NULL, neg, 1, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "expected a time from 0ns to 10s"));
    /* the struct stays usable after an error */
    assert_int_equal(c.latency_ns, 1500);
}

/* Every number whole and in range: the limits are named in the message. */
static void ranges(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "simulator.cpu_factor=1e15", "expected a number from 0.001 to 1000" },
        { "simulator.cpu_factor=0.0009", "expected a number from 0.001 to 1000" },
        { "simulator.cpu_factor=NaN", "simulator.cpu_factor = \"NaN\"" },
        { "simulator.cpu_factor=inf", "simulator.cpu_factor = \"inf\"" },
        { "simulator.cpu_factor=0x10", "simulator.cpu_factor = \"0x10\"" },
        { "simulator.ranks=1e3", "expected a whole number from 1 to 65536" },
        { "simulator.ranks=65537", "expected a whole number from 1 to 65536" },
        { "simulator.ranks=4294967297", "expected a whole number from 1 to 65536" },
        { "simulator.ranks= 2x", "simulator.ranks" },
        { "simulator.debug_model_delay=2s", "expected a time from 0ns to 1s" },
        { "network.latency=10.5s", "expected a time from 0ns to 10s" },
        { "network.latency=1e30s", "expected a time from 0ns to 10s" },
        { "network.latency=0x10us", "expected a time with a unit" },
        { "network.overhead=11s", "expected a time from 0ns to 10s" },
        { "network.gap=11s", "expected a time from 0ns to 10s" },
        { "network.bandwidth=1e-12B/s", "expected a bandwidth from 1KB/s to 1000TB/s" },
        { "network.bandwidth=999B/s", "expected a bandwidth from 1KB/s to 1000TB/s" },
        { "network.bandwidth=1.1e15B/s", "expected a bandwidth from 1KB/s to 1000TB/s" },
        { "network.eager_limit=2GiB", "expected a size from 0B to 1GiB" },
        { "network.latency_factor=1e16", "expected a number from 0.001 to 1000" },
        { "network.bandwidth_factor=0", "expected a number from 0.001 to 1000" },
        { "network.collective_factor=1001", "expected a number from 0.001 to 1000" },
        { "trace.buffer=4095B", "expected a size from 4KiB to 1GiB" },
        { "trace.min_bytes=2TiB", "trace.min_bytes" },
        { "trace.min_bytes=1025GiB", "expected a size from 0B to 1024GiB" },
        { "trace.debug_write_delay=2s", "expected a time from 0ns to 1s" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[512] = "";
        seshat_config c;
        const char *sets[] = { cases[i][0] };
        assert_int_equal(seshat_config_load(&c, NULL, sets, 1, 0, err, sizeof err), -1);
        if (!strstr(err, cases[i][1]))
            fail_msg("%s: message '%s' does not contain '%s'", cases[i][0], err, cases[i][1]);
    }
    /* the limits themselves are accepted */
    const char *edges[] = { "simulator.cpu_factor=0.001", "network.latency_factor=1000",
                            "network.latency=10s", "network.bandwidth=1KB/s",
                            "network.bandwidth=1000TB/s", "network.eager_limit=1GiB",
                            "simulator.ranks=65536", "trace.buffer=4KiB" };
    char err[512];
    seshat_config c;
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        if (seshat_config_load(&c, NULL, &edges[i], 1, 0, err, sizeof err))
            fail_msg("%s refused: %s", edges[i], err);
}

/* Settings that are valid alone but not together. */
static void combinations(void **state)
{
    (void)state;
    char err[512];
    seshat_config c;
    const char *cont[] = { "network.contention=on" };
    assert_int_equal(seshat_config_load(&c, NULL, cont, 1, 0, err, sizeof err), -1);
    assert_string_equal(err, "network.contention = on needs network.model = simgrid (the loggp "
                             "model has no links to share)");
    const char *bw[] = { "network.bandwidth=2KB/s", "network.bandwidth_factor=0.25" };
    assert_int_equal(seshat_config_load(&c, NULL, bw, 2, 0, err, sizeof err), -1);
    assert_string_equal(err, "network.bandwidth x network.bandwidth_factor = 500B/s: expected "
                             "at least 1KB/s");
    const char *seg[] = { "network.segments=4KiB:2us:5GB/s 64KiB:11s:9GB/s" };
    assert_int_equal(seshat_config_load(&c, NULL, seg, 1, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "network.segments: piece 2"));
    const char *ok_seg[] = { "network.segments=4KiB:2us:5GB/s 64KiB:6us:9GB/s" };
    assert_int_equal(seshat_config_load(&c, NULL, ok_seg, 1, 0, err, sizeof err), 0);
}

/* A key twice in one file, a directory for a file. */
static void file_faults(void **state)
{
    (void)state;
    char err[512], want[600];
    seshat_config c;
    char *path = write_ini("[network]\nlatency = 1us\n; latency = 3us\n[trace]\nbuffer = 64KiB\n"
                           "[NETWORK]\n  latency=2us\n");
    assert_int_equal(seshat_config_load(&c, path, NULL, 0, 0, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:7: NETWORK.latency is set twice (first on line 2)", path);
    assert_string_equal(err, want);
    unlink(path);
    assert_int_equal(seshat_config_load(&c, "/tmp", NULL, 0, 0, err, sizeof err), -1);
    assert_string_equal(err, "/tmp: is a directory; expected an INI file");
}

/* $SESHAT_SET: ';' separates, "\\;" is a ';' inside a value. */
static void env_escapes(void **state)
{
    (void)state;
    char err[512];
    seshat_config c;
    setenv("SESHAT_SET", "report.prefix=a\\;network.latency=1s;network.gap=2us;;"
                         "report.prefix=x\\\\y\\;z", 1);
    assert_int_equal(seshat_config_load(&c, NULL, NULL, 0, 1, err, sizeof err), 0);
    assert_string_equal(c.report_prefix, "x\\y;z");
    assert_int_equal(c.latency_ns, 1500);
    assert_int_equal(c.gap_ns, 2000);
    setenv("SESHAT_SET", "report.prefix=a\\;network.latency=1s", 1);
    assert_int_equal(seshat_config_load(&c, NULL, NULL, 0, 1, err, sizeof err), 0);
    assert_string_equal(c.report_prefix, "a;network.latency=1s");
    unsetenv("SESHAT_SET");
}

/* Whole-string integers for tools' arguments. */
static void strict_ints(void **state)
{
    (void)state;
    long long v;
    assert_int_equal(seshat_parse_int("42", 1, 100, &v), 0);
    assert_int_equal(v, 42);
    assert_int_equal(seshat_parse_int("-3", -5, 5, &v), 0);
    assert_int_equal(v, -3);
    const char *bad[] = { "", " 4", "4 ", "4x", "1e3", "0x10", "+4", "4294967297", "101",
                          "0", "99999999999999999999", "-", "2.0" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (seshat_parse_int(bad[i], 1, 100, &v) == 0)
            fail_msg("'%s' accepted", bad[i]);
}

/* simulator.ranks: K, per-node, per-node:C (docs/cluster.md), printed back
 * as given; per-node refuses contention. */
static void model_ranks(void **state)
{
    (void)state;
    static const struct { const char *v; int ranks, per_node; } ok[] = {
        { "3", 3, 0 }, { "per-node", 1, 1 }, { "per-node:1", 1, 1 }, { "PER-NODE:64", 64, 1 },
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        char set[64], err[512] = "", out[4096] = "";
        seshat_config c;
        snprintf(set, sizeof set, "simulator.ranks=%s", ok[i].v);
        const char *sets[] = { set };
        assert_int_equal(seshat_config_load(&c, NULL, sets, 1, 0, err, sizeof err), 0);
        assert_int_equal(c.sim_ranks, ok[i].ranks);
        assert_int_equal(c.sim_per_node, ok[i].per_node);
        FILE *f = fmemopen(out, sizeof out - 1, "w");
        seshat_config_print(f, &c);
        fclose(f);
        const char *want = !ok[i].per_node ? "ranks = 3" : ok[i].ranks == 1 ? "ranks = per-node"
                                                                           : "ranks = per-node:64";
        if (!strstr(out, want))
            fail_msg("%s: printed config lacks '%s'", ok[i].v, want);
    }
    char err[512] = "";
    seshat_config c;
    const char *sets[] = { "simulator.ranks=per-node", "network.model=simgrid",
                           "network.contention=on" };
    /* one engine, the others forward to it (docs/cluster.md) */
    assert_int_equal(seshat_config_load(&c, NULL, sets, 3, 0, err, sizeof err), 0);
    assert_int_equal(c.sim_per_node, 1);
    assert_int_equal(c.sg_contention, 1);
    assert_int_equal(c.path, SESHAT_PATH_RELAY);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(units),         cmocka_unit_test(defaults),
        cmocka_unit_test(precedence),    cmocka_unit_test(env_overrides),
        cmocka_unit_test(bad_sets),      cmocka_unit_test(bad_files),
        cmocka_unit_test(messages),      cmocka_unit_test(ranges),
        cmocka_unit_test(combinations),  cmocka_unit_test(file_faults),
        cmocka_unit_test(env_escapes),   cmocka_unit_test(strict_ints),
        cmocka_unit_test(coll_factors),  cmocka_unit_test(model_ranks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

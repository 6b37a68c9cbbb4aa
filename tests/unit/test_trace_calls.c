/* test_trace_calls.c - call ids in traces are the writing build's; the
 * trace's calls.txt names them and readers map them by name
 * (traceout/tracefmt/trace_calls.h). A trace written by a build with other ids (a
 * different mpi.h) reads as the same calls; a trace without calls.txt (an
 * older seshat) reads with this build's ids; a damaged calls.txt is an
 * error naming the file and line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "analyze/an_stream.h"
#include "mpi/calls.h"
#include "tracefmt/trace_calls.h"
#include "tracefmt/trace_format.h"
#include "tracefmt/trace_writer.h"

static char dir[64];

static void fresh_dir(void)
{
    strcpy(dir, "/tmp/seshat-tc-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static void remove_dir(void)
{
    char p[128];
    snprintf(p, sizeof p, "%s/rank-0.sst", dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/%s", dir, SESHAT_CALLS_FILE);
    unlink(p);
    rmdir(dir);
}

static void put(seshat_tw *w, unsigned kind, const uint64_t *v, int n)
{
    uint8_t buf[64];
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += seshat_put_varint(buf + len, v[i]);
    seshat_tw_record(w, kind, buf, len);
}

/* rank-0.sst: a header, then one ENTER/EXIT pair per id, 10 ns apart. */
static void write_stream(const uint64_t *ids, int n)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/rank-0.sst", dir);
    seshat_tw *w = seshat_tw_open(path, 65536, NULL, err, sizeof err);
    assert_non_null(w);
    uint8_t h[32];
    memcpy(h, SESHAT_TRACE_MAGIC, 8);
    size_t len = 8;
    len += seshat_put_varint(h + len, SESHAT_TRACE_VERSION);
    len += seshat_put_varint(h + len, 0);
    len += seshat_put_varint(h + len, 1);
    seshat_tw_record(w, SESHAT_REC_HEADER, h, len);
    for (int i = 0; i < n; i++) {
        put(w, SESHAT_REC_ENTER, (uint64_t[]){ ids[i], 10, 0 }, 3);
        put(w, SESHAT_REC_EXIT, (uint64_t[]){ ids[i], 10 }, 2);
    }
    assert_int_equal(seshat_tw_close(w), 0);
}

static void write_calls(const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, SESHAT_CALLS_FILE);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The calls of rank 0 as the analyzer reads them (this build's ids). */
static int read_calls(int *out, int max)
{
    char err[4400];
    an_iter *it = an_iter_open(dir, 0, NULL, err, sizeof err);
    assert_non_null(it);
    an_call c;
    int n = 0, rc;
    while ((rc = an_iter_next(it, &c, err, sizeof err)) == 1 && n < max)
        out[n++] = c.call;
    assert_int_equal(rc, 0);
    an_iter_close(it);
    return n;
}

static void names_are_sorted_and_found(void **state)
{
    (void)state;
    for (int i = 0; i < SESHAT_CALL_COUNT; i++) {
        assert_int_equal(seshat_call_by_name(seshat_call_names[i]), i);
        assert_string_equal(seshat_call_name(i), seshat_call_names[i]);
    }
    assert_int_equal(seshat_call_by_name("MPI_Send"), SESHAT_CALL_Send);
    assert_int_equal(seshat_call_by_name("MPI_No_such_call"), -1);
    assert_string_equal(seshat_call_name(-1), "?");
    assert_string_equal(seshat_call_name(SESHAT_CALL_COUNT), "?");
}

/* Another build's ids: 0 = MPI_Send, 1 = MPI_Recv, 5 = a call this build
 * does not have, 7 = MPI_Barrier (ids 2-4, 6 unnamed). */
static void other_build_ids_map_by_name(void **state)
{
    (void)state;
    fresh_dir();
    write_calls("# another build\n0 = MPI_Send\n1 = MPI_Recv\n\n5 = MPI_Future_call\n"
                "7 = MPI_Barrier\n");
    write_stream((uint64_t[]){ 1, 0, 7, 5, 3 }, 5);
    int got[8];
    assert_int_equal(read_calls(got, 8), 5);
    assert_int_equal(got[0], SESHAT_CALL_Recv);
    assert_int_equal(got[1], SESHAT_CALL_Send);
    assert_int_equal(got[2], SESHAT_CALL_Barrier);
    assert_int_equal(got[3], -1);   /* unknown here: a call, but of no id */
    assert_int_equal(got[4], -1);   /* unnamed in the trace */
    seshat_tcalls t;
    char err[4400];
    assert_int_equal(seshat_tcalls_load(&t, dir, err, sizeof err), 0);
    assert_false(t.legacy);
    assert_string_equal(seshat_tcalls_name(&t, 5), "MPI_Future_call");
    assert_string_equal(seshat_tcalls_name(&t, 3), "?");
    assert_string_equal(seshat_tcalls_name(&t, 99), "?");
    assert_int_equal(seshat_tcalls_id(&t, 99), -1);
    seshat_tcalls_free(&t);
    remove_dir();
}

/* What this build writes reads back as itself. */
static void own_table_round_trip(void **state)
{
    (void)state;
    fresh_dir();
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, SESHAT_CALLS_FILE);
    FILE *f = fopen(path, "w");
    assert_int_equal(seshat_tcalls_write(f), 0);
    fclose(f);
    seshat_tcalls t;
    char err[4400];
    assert_int_equal(seshat_tcalls_load(&t, dir, err, sizeof err), 0);
    assert_int_equal(t.n, SESHAT_CALL_COUNT);
    for (int i = 0; i < SESHAT_CALL_COUNT; i++)
        assert_int_equal(seshat_tcalls_id(&t, (uint64_t)i), i);
    seshat_tcalls_free(&t);
    remove_dir();
}

/* No calls.txt: a trace of an older seshat, in this build's ids. */
static void legacy_trace_reads_with_build_ids(void **state)
{
    (void)state;
    fresh_dir();
    write_stream((uint64_t[]){ SESHAT_CALL_Send, SESHAT_CALL_Recv, SESHAT_CALL_COUNT + 3 }, 3);
    int got[4];
    assert_int_equal(read_calls(got, 4), 3);
    assert_int_equal(got[0], SESHAT_CALL_Send);
    assert_int_equal(got[1], SESHAT_CALL_Recv);
    assert_int_equal(got[2], -1);
    remove_dir();
}

static void damaged_calls_file(void **state)
{
    (void)state;
    const char *bad[] = { "0 = MPI_Send\nnot a line\n", "0 MPI_Send\n", "-1 = MPI_Send\n",
                          "0 = MPI_Send\n0 = MPI_Recv\n", "0 = MPI_Send extra\n", "0 =\n" };
    const int line[] = { 2, 1, 1, 2, 1, 1 };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        fresh_dir();
        write_calls(bad[k]);
        seshat_tcalls t;
        char err[4400], want[4400];
        assert_int_equal(seshat_tcalls_load(&t, dir, err, sizeof err), -1);
        snprintf(want, sizeof want, "%s/%s:%d: ", dir, SESHAT_CALLS_FILE, line[k]);
        assert_memory_equal(err, want, strlen(want));
        write_stream((uint64_t[]){ 0 }, 1);
        an_iter *it = an_iter_open(dir, 0, NULL, err, sizeof err);
        assert_null(it);   /* the analyzer says so too */
        assert_non_null(strstr(err, SESHAT_CALLS_FILE));
        remove_dir();
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_are_sorted_and_found),
        cmocka_unit_test(other_build_ids_map_by_name),
        cmocka_unit_test(own_table_round_trip),
        cmocka_unit_test(legacy_trace_reads_with_build_ids),
        cmocka_unit_test(damaged_calls_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

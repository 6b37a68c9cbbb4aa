/* test_trace_mutations.c - the reader against damaged input, SQLite
 * style: a valid stream mutated thousands of ways (byte flips, insertions,
 * deletions, truncations; fixed seed, so failures reproduce) must never
 * crash, hang or read out of bounds (run under ASan by make check-asan),
 * and must either end cleanly or report an error naming the file.
 * Then the writer's signal-time flush as a killed rank leaves it: cut at
 * every offset (a SIGKILL during the handler's write), and racing the
 * writer thread (a frame being compressed or written at the signal). */
#include <errno.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tracefmt/trace_format.h"
#include "tracefmt/trace_reader.h"
#include "tracefmt/trace_writer.h"

static char good[64], bad[80];

static size_t slurp(const char *p, unsigned char **out)
{
    FILE *f = fopen(p, "rb");
    fseek(f, 0, SEEK_END);
    size_t n = (size_t)ftell(f);
    rewind(f);
    *out = malloc(n + 64);
    assert_int_equal(fread(*out, 1, n, f), n);
    fclose(f);
    return n;
}

/* A new file each time: truncating and rewriting the old one makes ext4
 * flush it to disk at close (auto_da_alloc), seconds over thousands. */
static void spit(const char *p, const unsigned char *b, size_t n)
{
    unlink(p);
    FILE *f = fopen(p, "wb");
    fwrite(b, 1, n, f);
    fclose(f);
}

static void mutations(void **state)
{
    (void)state;
    strcpy(good, "/tmp/seshat-mut-XXXXXX");
    close(mkstemp(good));
    unlink(good);
    snprintf(bad, sizeof bad, "%s.bad", good);
    char err[256];
    seshat_tw *w = seshat_tw_open(good, 65536, NULL, err, sizeof err);
    uint8_t buf[32];
    for (uint64_t i = 0; i < 30000; i++)
        seshat_tw_record(w, 2 + (unsigned)(i % 4), buf, seshat_put_varint(buf, i * 977));
    assert_int_equal(seshat_tw_close(w), 0);
    unsigned char *orig;
    size_t n = slurp(good, &orig);
    unsigned char *m = malloc(n + 64);
    srand(12345);
    for (int iter = 0; iter < 3000; iter++) {
        size_t len = n;
        memcpy(m, orig, n);
        int edits = 1 + rand() % 4;
        for (int e = 0; e < edits; e++) {
            size_t at = (size_t)rand() % len;
            int op = rand() % 4;
            if (op == 0) {                                   /* flip */
                m[at] ^= (unsigned char)(1 + rand() % 255);
            } else if (op == 1 && len < n + 60) {            /* insert */
                memmove(m + at + 1, m + at, len - at);
                m[at] = (unsigned char)rand();
                len++;
            } else if (op == 2 && len > 1) {                 /* delete */
                memmove(m + at, m + at + 1, len - at - 1);
                len--;
            } else if (op == 3) {                            /* truncate */
                len = at + 1;
            }
        }
        spit(bad, m, len);
        seshat_tr *r = seshat_tr_open(bad, err, sizeof err);
        assert_non_null(r);
        seshat_tr_record rec;
        int rc;
        uint64_t count = 0;
        while ((rc = seshat_tr_next(r, &rec)) == 1)
            assert_true(++count <= 40000);
        if (rc < 0)
            assert_non_null(strstr(seshat_tr_error(r), bad));
        seshat_tr_close(r);
    }
    free(m);
    free(orig);
    unlink(good);
    unlink(bad);
}

/* Record i: kind 3, payload = i as 8 little-endian bytes (10 bytes). */
static void put_seq(seshat_tw *w, uint64_t i)
{
    uint8_t b[8];
    for (int k = 0; k < 8; k++)
        b[k] = (uint8_t)(i >> (8 * k));
    seshat_tw_record(w, 3, b, 8);
}

/* Reads `path`; every record must be the next of the sequence. Returns how
 * many, the result (0 or -1) and the byte offset named in the error. */
static uint64_t read_seq(const char *path, int *rc, long *err_at)
{
    char err[256];
    seshat_tr *r = seshat_tr_open(path, err, sizeof err);
    assert_non_null(r);
    seshat_tr_record rec;
    uint64_t i = 0;
    while ((*rc = seshat_tr_next(r, &rec)) == 1) {
        assert_int_equal(rec.kind, 3);
        assert_int_equal(rec.len, 8);
        uint64_t v = 0;
        for (int k = 0; k < 8; k++)
            v |= (uint64_t)rec.payload[k] << (8 * k);
        assert_int_equal(v, i);   /* in order, none twice, none skipped */
        i++;
    }
    *err_at = -1;
    const char *at = strstr(seshat_tr_error(r), "at byte ");
    if (*rc < 0 && at)
        *err_at = atol(at + 8);
    seshat_tr_close(r);
    return i;
}

/* A rank killed by SIGTERM: the default 4 MiB buffer, not yet full, is
 * appended by the signal-time flush; a SIGKILL (Open MPI's, 1 s after its
 * SIGTERM) may cut that write anywhere. Every cut must keep the records
 * of the complete frames before it: at most one 64 KiB frame is lost, and
 * the stream never becomes unreadable from byte 0. */
static void emergency_cut(void **state)
{
    (void)state;
    strcpy(good, "/tmp/seshat-mut-XXXXXX");
    close(mkstemp(good));
    unlink(good);
    snprintf(bad, sizeof bad, "%s.cut", good);
    char err[256];
    const uint64_t n = 300000;   /* 3 MB of records: less than a buffer */
    seshat_tw *w = seshat_tw_open(good, 4u << 20, NULL, err, sizeof err);
    assert_non_null(w);
    for (uint64_t i = 0; i < n; i++)
        put_seq(w, i);
    seshat_tw_emergency(w);
    assert_int_equal(seshat_tw_close(w), 0);
    unsigned char *whole;
    size_t size = slurp(good, &whole);
    int rc;
    long at;
    assert_int_equal(read_seq(good, &rc, &at), n);
    assert_int_equal(rc, 0);
    uint64_t prev = 0;
    for (size_t cut = 0; cut < size; cut += 16411) {
        spit(bad, whole, cut);
        uint64_t got = read_seq(bad, &rc, &at);
        assert_true(got >= prev);
        prev = got;
        /* records are 10 bytes; a frame holds at most 64 KiB + a record
         * and costs under 32 bytes of framing per 64 KiB */
        if (cut >= 70000) {
            assert_true(got * 10 + 65536 + 10 + 32 * (cut / 65536 + 1) >= cut);
            assert_true(rc == 0 || at > 0);
        }
    }
    free(whole);
    unlink(good);
    unlink(bad);
}

/* The writer thread is inside write(2) with a full buffer when the signal
 * comes: its frame must come first in the file, then the signal's. The
 * first write (the thread's) takes 200 ms, the others none. */
static volatile int writes_started;
static ssize_t slow_write(int fd, const void *buf, size_t len)
{
    if (__atomic_fetch_add(&writes_started, 1, __ATOMIC_SEQ_CST) == 0) {
        struct timespec ts = { 0, 200000000 };
        nanosleep(&ts, NULL);
    }
    return write(fd, buf, len);
}

static void emergency_during_write(void **state)
{
    (void)state;
    strcpy(good, "/tmp/seshat-mut-XXXXXX");
    close(mkstemp(good));
    unlink(good);
    char err[256];
    writes_started = 0;
    seshat_tw *w = seshat_tw_open(good, 65536, slow_write, err, sizeof err);
    assert_non_null(w);
    const uint64_t n = 8000;   /* 80 kB: one full buffer, and a part */
    for (uint64_t i = 0; i < n; i++)
        put_seq(w, i);
    while (!__atomic_load_n(&writes_started, __ATOMIC_SEQ_CST))
        sched_yield();
    seshat_tw_emergency(w);
    seshat_tw_close(w);
    int rc;
    long at;
    assert_int_equal(read_seq(good, &rc, &at), n);
    assert_int_equal(rc, 0);
    unlink(good);
}

/* The writer thread is still compressing a full 4 MiB buffer (LZ4 HC)
 * when the signal comes: that buffer must not be lost, nor land after the
 * records that follow it. */
static void emergency_during_compression(void **state)
{
    (void)state;
    strcpy(good, "/tmp/seshat-mut-XXXXXX");
    close(mkstemp(good));
    unlink(good);
    char err[256];
    seshat_tw *w = seshat_tw_open(good, 4u << 20, NULL, err, sizeof err);
    assert_non_null(w);
    const uint64_t n = 420000;   /* 4.2 MB: one full buffer, and a part */
    for (uint64_t i = 0; i < n; i++)
        put_seq(w, i);
    seshat_tw_emergency(w);
    seshat_tw_close(w);
    int rc;
    long at;
    assert_int_equal(read_seq(good, &rc, &at), n);
    assert_int_equal(rc, 0);
    unlink(good);
}

/* Writes fail after N calls (ENOSPC; odd N: the failing call first writes
 * half): the records the writer counts as written are exactly those a
 * reader gets back, for every N. */
static int calls_left, half_first;
static ssize_t failing_write(int fd, const void *buf, size_t len)
{
    if (calls_left-- > 0)
        return write(fd, buf, len);
    if (half_first && len > 1) {
        half_first = 0;
        return write(fd, buf, len / 2);
    }
    errno = ENOSPC;
    return -1;
}

static void counted_on_failure(void **state)
{
    (void)state;
    for (int n = 0; n < 4; n++) {
        strcpy(good, "/tmp/seshat-mut-XXXXXX");
        close(mkstemp(good));
        unlink(good);
        calls_left = n;
        half_first = n % 2;
        char err[256];
        seshat_tw *w = seshat_tw_open(good, 1u << 21, failing_write, err, sizeof err);
        assert_non_null(w);
        seshat_tw_count_kinds(w, 1u << 3);
        const uint64_t total = 700000;   /* 7 MB: 4 writes (3 full buffers and the rest), 2 frames each */
        for (uint64_t i = 0; i < total; i++)
            put_seq(w, i);
        uint64_t counted = 99;
        char why[256];
        assert_int_equal(seshat_tw_close_counted(w, &counted, why, sizeof why), -1);
        assert_non_null(strstr(why, "No space left on device"));
        int rc;
        long at;
        uint64_t got = read_seq(good, &rc, &at);
        assert_int_equal(counted, got);
        assert_true(got < total);
        if (n >= 2)
            assert_true(got > 0);
        unlink(good);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mutations),
        cmocka_unit_test(emergency_cut),
        cmocka_unit_test(emergency_during_write),
        cmocka_unit_test(emergency_during_compression),
        cmocka_unit_test(counted_on_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

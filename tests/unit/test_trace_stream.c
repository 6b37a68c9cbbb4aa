/* test_trace_stream.c - writer -> reader round trips, truncation,
 * corruption, unknown records, and write failures injected after N calls. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tracefmt/trace_format.h"
#include "tracefmt/trace_reader.h"
#include "tracefmt/trace_writer.h"

static char path[64];

static void fresh_path(void)
{
    strcpy(path, "/tmp/seshat-tw-XXXXXX");
    int fd = mkstemp(path);
    close(fd);
    unlink(path);
}

/* Record i: kind 2 + (i % 3), payload = varint(i) repeated (i % 5) + 1 times. */
static size_t make(uint64_t i, uint8_t *buf)
{
    size_t n = 0;
    for (uint64_t k = 0; k <= i % 5; k++)
        n += seshat_put_varint(buf + n, i);
    return n;
}

static void write_records(uint64_t count, size_t bufsize)
{
    char err[256];
    seshat_tw *w = seshat_tw_open(path, bufsize, NULL, err, sizeof err);
    assert_non_null(w);
    uint8_t buf[64];
    for (uint64_t i = 0; i < count; i++)
        seshat_tw_record(w, 2 + (unsigned)(i % 3), buf, make(i, buf));
    assert_int_equal(seshat_tw_close(w), 0);
}

/* Reads and checks records in order; returns how many, and the result. */
static uint64_t read_records(int *result)
{
    char err[256];
    seshat_tr *r = seshat_tr_open(path, err, sizeof err);
    assert_non_null(r);
    seshat_tr_record rec;
    uint64_t i = 0;
    uint8_t buf[64];
    int rc;
    while ((rc = seshat_tr_next(r, &rec)) == 1) {
        size_t n = make(i, buf);
        assert_int_equal(rec.kind, 2 + i % 3);
        assert_int_equal(rec.len, n);
        assert_memory_equal(rec.payload, buf, n);
        i++;
    }
    if (rc < 0)
        assert_non_null(strstr(seshat_tr_error(r), path));
    *result = rc;
    seshat_tr_close(r);
    return i;
}

static void varints(void **state)
{
    (void)state;
    uint8_t b[SESHAT_VARINT_MAX];
    const uint64_t v[] = { 0, 1, 127, 128, 300, 1ull << 35, UINT64_MAX };
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
        size_t n = seshat_put_varint(b, v[k]);
        const uint8_t *p = b;
        uint64_t out;
        assert_int_equal(seshat_get_varint(&p, b + n, &out), 0);
        assert_true(out == v[k]);
        assert_ptr_equal(p, b + n);
        p = b;
        if (n > 1)
            assert_int_equal(seshat_get_varint(&p, b + n - 1, &out), -1);
    }
    assert_int_equal(seshat_unzigzag(seshat_zigzag(-1)), -1);
    assert_int_equal(seshat_unzigzag(seshat_zigzag(-2147483647LL)), -2147483647LL);
    assert_int_equal(seshat_zigzag(-1), 1);
}

static void round_trip(void **state)
{
    (void)state;
    fresh_path();
    write_records(100000, 65536);
    int rc;
    assert_int_equal(read_records(&rc), 100000);
    assert_int_equal(rc, 0);
    unlink(path);
}

/* Random records of every kind (1..12) and sizes 0..300, across many
 * 64 KiB frames, read back identically. */
static void every_kind(void **state)
{
    (void)state;
    fresh_path();
    char err[256];
    seshat_tw *w = seshat_tw_open(path, 65536, NULL, err, sizeof err);
    uint8_t buf[301];
    srand(7);
    for (int i = 0; i < 20000; i++) {
        size_t len = (size_t)(rand() % 301);
        for (size_t k = 0; k < len; k++)
            buf[k] = (uint8_t)rand();
        seshat_tw_record(w, 1 + (unsigned)(i % 12), buf, len);
    }
    assert_int_equal(seshat_tw_close(w), 0);
    seshat_tr *r = seshat_tr_open(path, err, sizeof err);
    seshat_tr_record rec;
    srand(7);
    int i = 0;
    while (seshat_tr_next(r, &rec) == 1) {
        size_t len = (size_t)(rand() % 301);
        for (size_t k = 0; k < len; k++)
            buf[k] = (uint8_t)rand();
        assert_int_equal(rec.kind, 1 + i % 12);
        assert_int_equal(rec.len, len);
        assert_memory_equal(rec.payload, buf, len);
        i++;
    }
    assert_int_equal(i, 20000);
    assert_true(seshat_tr_offset(r) > 3 * 65536 / 2);   /* several frames */
    seshat_tr_close(r);
    unlink(path);
}

static void truncation(void **state)
{
    (void)state;
    fresh_path();
    write_records(20000, 65536);
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    /* Cuts at every 997th byte and the whole, longest first: each a
     * truncate() of the same file (rewriting it made ext4 flush it). */
    uint64_t next = 20000;
    long cut = size;
    for (;;) {
        assert_int_equal(truncate(path, cut), 0);
        int rc;
        uint64_t n = read_records(&rc);
        assert_true(n <= next);                       /* more bytes never lose records */
        next = n;
        if (cut == size)
            assert_true(rc == 0 && n == 20000);
        else if (cut > 0)
            assert_int_equal(rc, -1);                 /* and the damage is reported */
        if (cut == 0)
            break;
        cut = cut == size ? (size - 1) / 997 * 997 : cut - 997;
    }
    unlink(path);
}

/* A stream of two frames cut at every byte offset of its last frame: the
 * first frame always reads back whole, and the loss is reported. */
static void last_frame(void **state)
{
    (void)state;
    fresh_path();
    char err[256];
    seshat_tw *w = seshat_tw_open(path, 65536, NULL, err, sizeof err);
    uint8_t buf[8];
    uint64_t n = 0;
    for (uint64_t i = 0; i < 20000; i++)
        seshat_tw_record(w, SESHAT_REC_EXIT, buf, seshat_put_varint(buf, i));
    assert_int_equal(seshat_tw_close(w), 0);
    FILE *f = fopen(path, "rb");
    unsigned char whole[1 << 18];
    long size = (long)fread(whole, 1, sizeof whole, f);
    fclose(f);
    long last = size - 4;   /* the last frame starts with LZ4's magic number */
    while (last > 0 && !(whole[last] == 0x04 && whole[last + 1] == 0x22 &&
                         whole[last + 2] == 0x4d && whole[last + 3] == 0x18))
        last--;
    assert_true(last > 0);
    seshat_tr_record rec;
    /* Longest cut first, each one a truncate() of the same file: rewriting
     * it for every offset made the filesystem flush it to disk each time
     * (a minute of make test); the bytes read at each cut are the same. */
    for (long cut = size - 1; cut >= last; cut--) {
        assert_int_equal(truncate(path, cut), 0);
        seshat_tr *r = seshat_tr_open(path, err, sizeof err);
        uint64_t got = 0;
        int rc;
        while ((rc = seshat_tr_next(r, &rec)) == 1)
            got++;
        if (cut == size - 1)
            n = got;
        assert_true(n > 0 && n < 20000 && got == n);
        assert_int_equal(rc, cut == last ? 0 : -1);
        if (rc < 0)
            assert_non_null(strstr(seshat_tr_error(r), "truncated"));
        seshat_tr_close(r);
    }
    unlink(path);
}

static void corruption(void **state)
{
    (void)state;
    fresh_path();
    write_records(50000, 65536);
    FILE *f = fopen(path, "r+b");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, size / 2, SEEK_SET);
    int c = fgetc(f);
    fseek(f, size / 2, SEEK_SET);
    fputc(c ^ 0x5a, f);
    fclose(f);
    int rc;
    uint64_t n = read_records(&rc);
    assert_int_equal(rc, -1);
    assert_true(n > 0 && n < 50000);
    unlink(path);
}

static void unknown_kinds(void **state)
{
    (void)state;
    fresh_path();
    char err[256];
    seshat_tw *w = seshat_tw_open(path, 65536, NULL, err, sizeof err);
    uint8_t junk[5] = { 1, 2, 3, 4, 5 };
    seshat_tw_record(w, 99, junk, sizeof junk);
    seshat_tw_record(w, SESHAT_REC_END, junk, 2);
    seshat_tw_close(w);
    seshat_tr *r = seshat_tr_open(path, err, sizeof err);
    seshat_tr_record rec;
    int seen_end = 0;
    while (seshat_tr_next(r, &rec) == 1)
        seen_end |= rec.kind == SESHAT_REC_END && rec.len == 2;
    assert_true(seen_end);
    seshat_tr_close(r);
    unlink(path);
}

static int calls_left;
static ssize_t failing_write(int fd, const void *buf, size_t len)
{
    if (calls_left-- <= 0) {
        errno = ENOSPC;
        return -1;
    }
    return write(fd, buf, len);
}

static void write_failures(void **state)
{
    (void)state;
    for (int n = 0; n < 6; n++) {
        fresh_path();
        calls_left = n;
        char err[256];
        seshat_tw *w = seshat_tw_open(path, 65536, failing_write, err, sizeof err);
        uint8_t buf[64];
        for (uint64_t i = 0; i < 100000; i++)
            seshat_tw_record(w, 2 + (unsigned)(i % 3), buf, make(i, buf));
        assert_true(seshat_tw_failed(w));
        assert_non_null(strstr(seshat_tw_error(w), "No space left"));
        assert_int_equal(seshat_tw_close(w), -1);
        int rc;
        uint64_t got = read_records(&rc);   /* whatever was written reads back */
        (void)got;
        unlink(path);
    }
    char err[256];
    assert_null(seshat_tw_open("/nonexistent-dir/x", 65536, NULL, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent-dir/x"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(varints),    cmocka_unit_test(round_trip), cmocka_unit_test(every_kind),
        cmocka_unit_test(truncation), cmocka_unit_test(last_frame), cmocka_unit_test(corruption),
        cmocka_unit_test(unknown_kinds), cmocka_unit_test(write_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_trace_mutations.c - the reader against damaged input, SQLite
 * style: a valid stream mutated thousands of ways (byte flips, insertions,
 * deletions, truncations; fixed seed, so failures reproduce) must never
 * crash, hang or read out of bounds (run under ASan by make check-asan),
 * and must either end cleanly or report an error naming the file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "trace_format.h"
#include "trace_reader.h"
#include "trace_writer.h"

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

static void spit(const char *p, const unsigned char *b, size_t n)
{
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

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(mutations) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_an_keys.c - the analyzer's map keys (src/analyze/an_util.h) are
 * exact: its maps store the 64-bit key only, so two message channels with
 * the same key would pair a receive with another sender's message. Every
 * tuple of a grid of small values (where structured collisions live:
 * ranks, communicator ids, tags, sequence numbers) has its own key. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "analyze/an_util.h"

static int cmp(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

static void assert_distinct(uint64_t *k, size_t n)
{
    qsort(k, n, sizeof *k, cmp);
    for (size_t i = 1; i < n; i++)
        assert_true(k[i] != k[i - 1]);
}

/* (dst, src, comm, tag, seq): the point-to-point channel keys. The pair
 * (to 0, from 1, tag 2) and (to 0, from 2, tag 1) once collided. */
static void key5_distinct(void **state)
{
    (void)state;
    size_t n = 0, cap = 6 * 6 * 3 * 7 * 6;
    uint64_t *k = malloc(cap * sizeof *k);
    for (int a = 0; a < 6; a++)
        for (int b = 0; b < 6; b++)
            for (int c = 0; c < 3; c++)
                for (int d = -1; d < 6; d++)
                    for (int e = 0; e < 6; e++)
                        k[n++] = an_key5(a, b, c, d, e);
    assert_int_equal(n, cap);
    assert_true(an_key5(0, 1, 0, 2, 0) != an_key5(0, 2, 0, 1, 0));
    assert_distinct(k, n);
    free(k);
}

static void key3_distinct(void **state)
{
    (void)state;
    size_t n = 0, cap = 40 * 40 * 40;
    uint64_t *k = malloc(cap * sizeof *k);
    for (int a = -5; a < 35; a++)
        for (int b = -5; b < 35; b++)
            for (int c = -5; c < 35; c++)
                k[n++] = an_key3(a, b, c);
    assert_distinct(k, n);
    free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(key5_distinct),
        cmocka_unit_test(key3_distinct),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

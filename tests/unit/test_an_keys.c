/* test_an_keys.c - the analyzer's map keys (src/analyze/an_util.h): every
 * tuple of small fields (ranks, communicator ids, tags, sequence numbers
 * near 0, where real traces live) gets its own key. The old an_key5 was
 * symmetric under (b, c) <-> (d, e) when a = 0, so rank 0's first messages
 * 1 -> 0 tag 2 and 2 -> 0 tag 1 shared a key (hpcc's RandomAccess). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "analyze/an_util.h"

#define LO (-1)
#define HI 6   /* fields in -1..6: 8^5 = 32768 tuples */
#define SPAN (HI - LO + 1)

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

static size_t duplicates(uint64_t *k, size_t n)
{
    qsort(k, n, sizeof *k, cmp_u64);
    size_t d = 0;
    for (size_t i = 1; i < n; i++)
        d += k[i] == k[i - 1];
    return d;
}

static void key5_distinct(void **state)
{
    (void)state;
    size_t n = (size_t)SPAN * SPAN * SPAN * SPAN * SPAN, i = 0;
    uint64_t *k = malloc(n * sizeof *k);
    assert_non_null(k);
    for (int a = LO; a <= HI; a++)
        for (int b = LO; b <= HI; b++)
            for (int c = LO; c <= HI; c++)
                for (int d = LO; d <= HI; d++)
                    for (int e = LO; e <= HI; e++)
                        k[i++] = an_key5(a, b, c, d, e);
    assert_int_equal(i, n);
    assert_int_equal(duplicates(k, n), 0);
    free(k);
}

static void key5_the_hpcc_pair(void **state)
{
    (void)state;
    /* receiver 0, communicator 0, first message: sender 1 tag 2, sender 2 tag 1 */
    assert_true(an_key5(0, 1, 0, 2, 0) != an_key5(0, 2, 0, 1, 0));
    assert_true(an_key5(0, 1, 3, 2, 5) != an_key5(0, 2, 5, 1, 3));
}

static void key3_distinct(void **state)
{
    (void)state;
    size_t n = (size_t)SPAN * SPAN * SPAN, i = 0;
    uint64_t k[SPAN * SPAN * SPAN];
    for (int a = LO; a <= HI; a++)
        for (int b = LO; b <= HI; b++)
            for (int c = LO; c <= HI; c++)
                k[i++] = an_key3(a, b, c);
    assert_int_equal(duplicates(k, n), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(key5_distinct),
        cmocka_unit_test(key5_the_hpcc_pair),
        cmocka_unit_test(key3_distinct),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

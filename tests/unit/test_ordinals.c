/* test_ordinals.c - per-key message counters (src/rank/ordinals.h): keys
 * are independent, bump returns the ordinal then advances, growth keeps
 * every count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "rank/ordinals.h"

static void counts_per_key(void **state)
{
    (void)state;
    seshat_ordinals *m = NULL;
    assert_int_equal(seshat_ordinal(&m, 3, 0, 7, 0), 0);
    assert_int_equal(seshat_ordinal(&m, 3, 0, 7, 1), 0);
    assert_int_equal(seshat_ordinal(&m, 3, 0, 7, 1), 1);
    assert_int_equal(seshat_ordinal(&m, 3, 0, 7, 0), 2);
    assert_int_equal(seshat_ordinal(&m, 3, 1, 7, 0), 0);   /* another communicator */
    assert_int_equal(seshat_ordinal(&m, 4, 0, 7, 0), 0);   /* another peer */
    assert_int_equal(seshat_ordinal(&m, 3, 0, 8, 0), 0);   /* another tag */
    seshat_ordinals_free(&m);
    assert_null(m);
}

static void grows(void **state)
{
    (void)state;
    seshat_ordinals *m = NULL;
    for (int k = 0; k < 5000; k++)
        for (int b = 0; b <= k % 3; b++)
            seshat_ordinal(&m, k, k % 5, -k, 1);
    for (int k = 0; k < 5000; k++)
        assert_int_equal(seshat_ordinal(&m, k, k % 5, -k, 0), k % 3 + 1);
    seshat_ordinals_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(counts_per_key), cmocka_unit_test(grows) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_json_str.c - the one JSON string escaper (src/common/json_str.h):
 * hostile trace strings (quotes, control bytes, invalid UTF-8) become
 * strings every JSON reader accepts, valid UTF-8 passes unchanged. The
 * expected texts are written out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_str.h"

static void expect(const char *in, const char *out)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    seshat_json_str(f, in);
    fclose(f);
    assert_string_equal(buf, out);
    free(buf);
}

static void plain_and_escapes(void **state)
{
    (void)state;
    expect("", "\"\"");
    expect("main.c:42", "\"main.c:42\"");
    expect("a\"b\\c", "\"a\\\"b\\\\c\"");
    expect("tab\there\nnl\x7f", "\"tab\\u0009here\\u000anl\\u007f\"");
}

static void utf8(void **state)
{
    (void)state;
    expect("gr\xc3\xbc\xc3\x9f \xe2\x82\xac \xf0\x9f\x98\x80", "\"gr\xc3\xbc\xc3\x9f \xe2\x82\xac \xf0\x9f\x98\x80\"");
    expect("a\xff" "b", "\"a\\ufffdb\"");                 /* never a UTF-8 byte */
    expect("\xc0\xaf", "\"\\ufffd\\ufffd\"");               /* overlong '/' */
    expect("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");    /* a surrogate */
    expect("cut \xe2\x82", "\"cut \\ufffd\\ufffd\"");       /* cut by the end */
    expect("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* > U+10FFFF */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plain_and_escapes),
        cmocka_unit_test(utf8),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

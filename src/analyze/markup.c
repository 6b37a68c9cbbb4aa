/* markup.c - one escaper for the CUBE and HTML writers. */
#include "analyze/markup.h"

#include <string.h>

size_t an_utf8_len(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    if (p[0] < 0x80)
        return 1;
    size_t n = p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3
             : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    /* overlong 3- and 4-byte forms, surrogates, beyond U+10FFFF */
    if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0) ||
        (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))
        return 0;
    return n;
}

void an_markup_n(FILE *f, const char *s, size_t n)
{
    const char *end = s + strnlen(s, n);
    while (s < end) {
        size_t k = an_utf8_len(s);
        if (!k || s + k > end) {
            fputs("\xef\xbf\xbd", f);
            s++;
            continue;
        }
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default:
            if ((unsigned char)*s >= 0x20 ? *s != 0x7f : *s == '\t')
                fwrite(s, 1, k, f);
        }
        s += k;
    }
}

void an_markup(FILE *f, const char *s) { an_markup_n(f, s, strlen(s)); }

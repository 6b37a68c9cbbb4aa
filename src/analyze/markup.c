/* markup.c - one escaper for the CUBE and HTML writers. */
#include "common/json_str.h"
#include "analyze/markup.h"

#include <string.h>

void an_markup_n(FILE *f, const char *s, size_t n)
{
    const char *end = s + strnlen(s, n);
    while (s < end) {
        size_t k = seshat_utf8_len(s);
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

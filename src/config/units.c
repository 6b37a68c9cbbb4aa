/* units.c - quantities with units: times, sizes, bandwidths. SI prefixes
 * are powers of 1000, binary ones (KiB, MiB, GiB) powers of 1024; `b` in a
 * bandwidth means bits. A bare number is refused (except 0). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config/config.h"

struct unit { const char *name; double scale; };

static const struct unit time_units[] = {
    { "ns", 1 }, { "us", 1e3 }, { "ms", 1e6 }, { "s", 1e9 }, { NULL, 0 }
};
static const struct unit size_units[] = {
    { "B", 1 }, { "KB", 1e3 }, { "MB", 1e6 }, { "GB", 1e9 }, { "TB", 1e12 },
    { "KiB", 1024.0 }, { "MiB", 1048576.0 }, { "GiB", 1073741824.0 }, { NULL, 0 }
};
static const struct unit bw_units[] = {
    { "B/s", 1 }, { "KB/s", 1e3 }, { "MB/s", 1e6 }, { "GB/s", 1e9 }, { "TB/s", 1e12 },
    { "KiB/s", 1024.0 }, { "MiB/s", 1048576.0 }, { "GiB/s", 1073741824.0 },
    { "b/s", 0.125 }, { "Kb/s", 125.0 }, { "Mb/s", 125e3 }, { "Gb/s", 125e6 }, { "Tb/s", 125e9 },
    { NULL, 0 }
};

/* Parse "<number><unit>"; whitespace between them is allowed. */
static int parse(const char *s, const struct unit *units, double *out)
{
    char *end;
    while (*s == ' ' || *s == '\t')
        s++;
    if (strpbrk(s, "xX"))   /* strtod would read hex */
        return -1;
    double v = strtod(s, &end);
    if (end == s || !isfinite(v))
        return -1;
    while (*end == ' ' || *end == '\t')
        end++;
    size_t len = strlen(end);
    while (len > 0 && (end[len - 1] == ' ' || end[len - 1] == '\t'))
        len--;
    if (len == 0) {
        if (v != 0)
            return -1;
        *out = 0;
        return 0;
    }
    for (const struct unit *u = units; u->name; u++)
        if (strlen(u->name) == len && strncmp(end, u->name, len) == 0) {
            *out = v * u->scale;
            return 0;
        }
    return -1;
}

/* Beyond int64: the largest value of that sign (every key's range check
 * then refuses it, naming the range). */
static int64_t saturate(double v)
{
    if (v >= 9.2e18)
        return INT64_MAX;
    if (v <= -9.2e18)
        return INT64_MIN;
    return (int64_t)llround(v);
}

int seshat_parse_time_ns(const char *s, int64_t *ns)
{
    double v;
    if (parse(s, time_units, &v) != 0)
        return -1;
    *ns = saturate(v);
    return 0;
}

int seshat_parse_bytes(const char *s, int64_t *bytes)
{
    double v;
    if (parse(s, size_units, &v) != 0)
        return -1;
    *bytes = saturate(v);
    return 0;
}

int seshat_parse_bandwidth(const char *s, double *bytes_per_s)
{
    return parse(s, bw_units, bytes_per_s);
}

int seshat_parse_int(const char *s, long long lo, long long hi, long long *out)
{
    const char *d = s + (*s == '-');
    if (!isdigit((unsigned char)*d))
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (*end || errno == ERANGE || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int seshat_int_arg(const char *tool, const char *opt, const char *s, long long lo,
                   long long hi, long long *out)
{
    if (seshat_parse_int(s, lo, hi, out) == 0)
        return 0;
    fprintf(stderr, "%s: %s %s: expected a whole number from %lld to %lld\n", tool, opt,
            *s ? s : "''", lo, hi);
    return -1;
}

int seshat_parse_list(const char *s, int max, int (*item)(const char *tok, int i, void *ctx),
                      void *ctx)
{
    int n = 0;
    char tok[128];
    while (*s) {
        s += strspn(s, " \t,");
        size_t len = strcspn(s, " \t,");
        if (!len)
            break;
        if (len >= sizeof tok || n == max)
            return -1;
        memcpy(tok, s, len);
        tok[len] = 0;
        if (item(tok, n, ctx))
            return -1;
        n++;
        s += len;
    }
    return n;
}

/* filters.c - the set-valued [trace] keys: rank sets ("0-3,8"), event
 * kinds ("p2p,collective"), and time windows ("1ms-5ms", "2s-"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"

static const char *const kind_names[] = { "p2p", "collective", "comm", "waittest", "other" };

int seshat_kindset_mask(const char *s, unsigned *mask)
{
    if (!strcmp(s, "all") || !*s) {
        *mask = (1u << SESHAT_KIND_COUNT) - 1;
        return 0;
    }
    *mask = 0;
    char *copy = strdup(s), *save = NULL;
    int rc = 0;
    for (char *t = strtok_r(copy, ", ", &save); t && rc == 0; t = strtok_r(NULL, ", ", &save)) {
        int found = 0;
        for (int k = 0; k < SESHAT_KIND_COUNT; k++)
            if (!strcmp(t, kind_names[k])) {
                *mask |= 1u << k;
                found = 1;
            }
        rc = found ? 0 : -1;
    }
    free(copy);
    return rc;
}

/* Calls fn(lo, hi) per range; -1 on a malformed set. */
static int ranges(const char *s, int rank, int *hit)
{
    const char *p = s;
    *hit = 0;
    while (*p) {
        char *end;
        long lo = strtol(p, &end, 10), hi = lo;
        if (end == p || lo < 0)
            return -1;
        p = end;
        if (*p == '-') {
            hi = strtol(p + 1, &end, 10);
            if (end == p + 1 || hi < lo)
                return -1;
            p = end;
        }
        *hit |= rank >= lo && rank <= hi;
        if (*p == ',')
            p++;
        else if (*p)
            return -1;
    }
    return 0;
}

int seshat_rankset_check(const char *s)
{
    int hit;
    return (!strcmp(s, "all") || !*s) ? 0 : ranges(s, 0, &hit);
}

int seshat_rankset_contains(const char *s, int rank)
{
    int hit;
    if (!strcmp(s, "all") || !*s)
        return 1;
    return ranges(s, rank, &hit) == 0 && hit;
}

void seshat_rankset_format(const int *ranks, int n, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < n && used < len; i++) {
        int j = i;
        while (j + 1 < n && ranks[j + 1] == ranks[j] + 1)
            j++;
        char item[40];
        int w = j > i ? snprintf(item, sizeof item, "%s%d-%d", i ? "," : "", ranks[i], ranks[j])
                      : snprintf(item, sizeof item, "%s%d", i ? "," : "", ranks[i]);
        if (used + (size_t)w + 4 > len && j + 1 < n) {
            snprintf(buf + used, len - used, ",...");
            return;
        }
        snprintf(buf + used, len - used, "%s", item);
        used += (size_t)w;
        i = j;
    }
}

int seshat_window_parse(const char *s, int64_t *from, int64_t *to)
{
    *from = 0;
    *to = INT64_MAX;
    if (!strcmp(s, "all") || !*s)
        return 0;
    const char *dash = strchr(s, '-');
    if (!dash)
        return -1;
    char a[128];
    snprintf(a, sizeof a, "%.*s", (int)(dash - s), s);
    if (seshat_parse_time_ns(a, from) != 0)
        return -1;
    return dash[1] ? seshat_parse_time_ns(dash + 1, to) != 0 || *to < *from ? -1 : 0 : 0;
}

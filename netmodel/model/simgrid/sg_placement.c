/* sg_placement.c - rank -> host. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sg_placement.h"

/* Natural order: digit runs compare as numbers, so node-2 < node-10. */
static int natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            char *ea, *eb;
            unsigned long long x = strtoull(a, &ea, 10), y = strtoull(b, &eb, 10);
            if (x != y)
                return x < y ? -1 : 1;
            a = ea;
            b = eb;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a - (unsigned char)*b;
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static int by_name(const void *x, const void *y, void *api)
{
    const seshat_sg_api *sg = api;
    return natural_cmp(sg->host_name(*(const int *)x), sg->host_name(*(const int *)y));
}

static int place_file(const seshat_sg_api *sg, const char *file, int napp, int *host, char *err,
                      size_t errlen)
{
    FILE *f = fopen(file, "r");
    if (!f) {
        snprintf(err, errlen, "network.placement = %s: cannot open the file (expected block, "
                 "round_robin or a file of host names)", file);
        return -1;
    }
    char line[512];
    int r = 0, lineno = 0;
    while (r < napp && fgets(line, sizeof line, f)) {
        lineno++;
        char *s = line, *e;
        while (isspace((unsigned char)*s))
            s++;
        for (e = s; *e && !isspace((unsigned char)*e) && *e != '#'; e++)
            ;
        *e = 0;
        if (!*s)
            continue;
        host[r] = sg->host_index(s);
        if (host[r] < 0) {
            snprintf(err, errlen, "%s:%d: no host named '%s' in the platform", file, lineno, s);
            fclose(f);
            return -1;
        }
        r++;
    }
    fclose(f);
    if (r < napp) {
        snprintf(err, errlen, "%s: %d host names for %d ranks (expected one line per rank)", file,
                 r, napp);
        return -1;
    }
    return 0;
}

int seshat_sg_place(const seshat_sg_api *sg, const char *placement, int napp, int *host,
                    char *err, size_t errlen)
{
    int block = strcmp(placement, "block") == 0, rr = strcmp(placement, "round_robin") == 0;
    if (!block && !rr)
        return place_file(sg, placement, napp, host, err, errlen);
    int nh = sg->host_count();
    int *order = malloc((size_t)nh * sizeof *order);
    for (int i = 0; i < nh; i++)
        order[i] = i;
    qsort_r(order, (size_t)nh, sizeof *order, by_name, (void *)sg);
    int per = (napp + nh - 1) / nh;
    for (int r = 0; r < napp; r++)
        host[r] = order[block ? r / per : r % nh];
    free(order);
    return 0;
}

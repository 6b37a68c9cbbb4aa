/* coll_factors.c - [collectives] factors: a cost factor per collective and
 * size range, "NAME:FROM:FACTOR ..." (e.g. "bcast:0:1.3 bcast:64KiB:0.25
 * alltoallv:0:1.1"): a NAME collective whose block size (as its schedule
 * sees it) is FROM bytes or more has every cost of its schedule multiplied
 * by FACTOR, on top of [network] collective_factor. seshat-calibrate
 * writes them. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config/config.h"

const char *const seshat_factor_names[SESHAT_FACTOR_CLASSES] = {
    "barrier", "bcast", "reduce", "allreduce", "gather", "scatter", "allgather",
    "alltoall", "reduce_scatter", "scan", "exscan", "alltoallv",
};

static int class_of(const char *name, size_t len)
{
    for (int i = 0; i < SESHAT_FACTOR_CLASSES; i++)
        if (strlen(seshat_factor_names[i]) == len && !strncasecmp(seshat_factor_names[i], name, len))
            return i;
    return -1;
}

/* NAME:FROM:FACTOR, FACTOR > 0. */
static int parse_one(const char *tok, seshat_coll_factor *f)
{
    char buf[128], *end;
    if (strlen(tok) >= sizeof buf)
        return -1;
    strcpy(buf, tok);
    char *from = strchr(buf, ':');
    char *fac = from ? strchr(from + 1, ':') : NULL;
    if (!fac)
        return -1;
    f->cls = class_of(buf, (size_t)(from - buf));
    *fac++ = 0;
    f->factor = strtod(fac, &end);
    if (f->cls < 0 || seshat_parse_bytes(from + 1, &f->from) || f->from < 0 || end == fac ||
        *end || !(f->factor > 0) || f->factor > 1e6)
        return -1;
    return 0;
}

/* Pieces of one collective must come with increasing FROM. */
static int ordered(const seshat_coll_factor *f, int n)
{
    for (int i = 0; i < n; i++)
        if (f[i].cls == f[n].cls && f[i].from >= f[n].from)
            return 0;
    return 1;
}

static int factor_item(const char *tok, int i, void *ctx)
{
    seshat_coll_factor *f = ctx;
    return parse_one(tok, &f[i]) || !ordered(f, i);
}

int seshat_coll_factors_parse(const char *s, seshat_coll_factor *f, int max)
{
    return seshat_parse_list(s, max, factor_item, f);
}

double seshat_config_coll_factor(const seshat_config *cfg, int cls, int64_t bytes)
{
    double piece = 1;
    int64_t best = -1;
    for (int i = 0; i < cfg->ncoll_factors; i++) {
        const seshat_coll_factor *f = &cfg->coll_factor[i];
        if (f->cls == cls && bytes >= f->from && f->from > best) {
            best = f->from;
            piece = f->factor;
        }
    }
    return cfg->collective_factor * piece;
}

double seshat_config_coll_factor_min(const seshat_config *cfg)
{
    double piece = 1;
    for (int i = 0; i < cfg->ncoll_factors; i++)
        if (cfg->coll_factor[i].factor < piece)
            piece = cfg->coll_factor[i].factor;
    double f = cfg->collective_factor * piece;
    return f < 1 ? f : 1;
}

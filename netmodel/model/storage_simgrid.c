/* storage_simgrid.c - MPI-IO on SimGrid's disks (storage_simgrid.h). */
#include <math.h>
#include <stdlib.h>

#include "model/storage_simgrid.h"

int seshat_sg_storage_init(seshat_sg_storage *s, const seshat_config *cfg, int napp,
                           seshat_disk_fn disk, void *ctx)
{
    *s = (seshat_sg_storage){ cfg->io_latency_ns, cfg->io_metadata_ns, disk, ctx, napp, NULL };
    s->cache = malloc((size_t)(napp > 0 ? napp : 1) * sizeof *s->cache);
    if (!s->cache)
        return -1;
    for (int r = 0; r < napp; r++)
        for (int op = 0; op < 2; op++)
            s->cache[r][op][0] = -2;
    return 0;
}

static const double *disk_of(seshat_sg_storage *s, int rank, int write)
{
    static const double none[2] = { -1, 0 };
    if (rank < 0 || rank >= s->napp)
        return none;
    double *d = s->cache[rank][write != 0];
    if (d[0] == -2)
        s->disk(s->ctx, rank, write != 0, d);
    return d;
}

static int64_t ns_at(int64_t bytes, double bw)
{
    return bw > 0 ? (int64_t)llround((double)bytes * 1e9 / bw) : 0;
}

int64_t seshat_sg_storage_independent(seshat_sg_storage *s, int rank, int write, int64_t bytes)
{
    return s->latency_ns + ns_at(bytes, disk_of(s, rank, write)[1]);
}

int64_t seshat_sg_storage_collective(seshat_sg_storage *s, int write, int n, const int *world,
                                     const int64_t *bytes)
{
    int64_t worst = 0;
    for (int i = 0; i < n; i++) {   /* disk of member i, once: at its first member */
        const double *d = disk_of(s, world[i], write);
        int first = 1;
        for (int j = 0; j < i && first; j++)
            first = disk_of(s, world[j], write)[0] != d[0];
        if (!first)
            continue;
        int64_t sum = 0;
        for (int j = i; j < n; j++)
            sum += disk_of(s, world[j], write)[0] == d[0] ? bytes[j] : 0;
        int64_t t = ns_at(sum, d[1]);
        worst = t > worst ? t : worst;
    }
    return s->latency_ns + worst;
}

void seshat_sg_storage_free(seshat_sg_storage *s)
{
    free(s->cache);
    s->cache = NULL;
}

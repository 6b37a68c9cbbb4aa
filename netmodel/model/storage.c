/* storage.c - the MPI-IO storage model's formulas (storage.h). */
#include <math.h>

#include "model/storage.h"

void seshat_storage_init(seshat_storage *s, const seshat_config *cfg)
{
    *s = (seshat_storage){ cfg->io_model != SESHAT_IO_NONE, cfg->io_latency_ns,
                           cfg->io_metadata_ns, cfg->io_bandwidth_Bps, cfg->io_client_Bps };
}

static int64_t transfer(const seshat_storage *s, int64_t bytes, double bw)
{
    return s->latency_ns + (int64_t)llround((double)bytes * 1e9 / bw);
}

int64_t seshat_storage_independent(const seshat_storage *s, int64_t bytes)
{
    if (!s->on)
        return 0;
    return transfer(s, bytes, fmin(s->client_Bps, s->bandwidth_Bps));
}

int64_t seshat_storage_collective(const seshat_storage *s, int members, int64_t total)
{
    if (!s->on)
        return 0;
    return transfer(s, total, fmin(s->bandwidth_Bps, (members > 0 ? members : 1) * s->client_Bps));
}

int64_t seshat_storage_metadata(const seshat_storage *s) { return s->on ? s->metadata_ns : 0; }

/* registry.c - the network models by name. Adding one is its file plus
 * its line here (docs/design.md, "Adding a network model"); the line's
 * position is its network.model choice (src/config/schema.c lists the
 * names in this order; tests/unit/test_model_registry.c checks). */
#include <stdio.h>
#include <string.h>

#include "model/model.h"

extern const seshat_model_desc seshat_model_loggp, seshat_model_simgrid;

static const seshat_model_desc *const models[] = {
    &seshat_model_loggp,      /* SESHAT_MODEL_LOGGP */
    &seshat_model_simgrid,    /* SESHAT_MODEL_SIMGRID */
};
enum { NMODELS = sizeof models / sizeof *models };

int seshat_model_count(void) { return NMODELS; }

const seshat_model_desc *seshat_model_at(int i)
{
    return i >= 0 && i < NMODELS ? models[i] : NULL;
}

const seshat_model_desc *seshat_model_find(const char *name)
{
    for (int i = 0; i < NMODELS; i++)
        if (strcmp(models[i]->name, name) == 0)
            return models[i];
    return NULL;
}

int seshat_model_init(seshat_model *m, const seshat_config *cfg, char *err, size_t errlen)
{
    const seshat_model_desc *d = seshat_model_at((int)cfg->model);
    memset(m, 0, sizeof *m);
    if (!d) {
        snprintf(err, errlen, "network.model: no model #%d (%d registered)", (int)cfg->model,
                 NMODELS);
        return -1;
    }
    m->desc = d;
    m->name = d->name;
    m->caps = d->caps;
    m->f = (seshat_model_factors){ cfg->latency_factor, cfg->bandwidth_factor, 1.0 };
    if (d->init(m, cfg, err, errlen) != 0)
        return -1;
    m->send_overhead_base = m->send_overhead;
    return 0;
}

int seshat_model_load(seshat_model *m, int napp, char *err, size_t errlen)
{
    return m->desc->load ? m->desc->load(m, napp, err, errlen) : 0;
}

void seshat_model_route(const seshat_model *m, int src, int dst, double out[2])
{
    out[0] = out[1] = 0;
    if (m->desc->route)
        m->desc->route(m, src, dst, out);
}

void seshat_model_set_fetch(seshat_model *m, int napp, seshat_model_fetch_fn fetch, void *ctx)
{
    if (m->desc->set_fetch)
        m->desc->set_fetch(m, napp, fetch, ctx);
}

void seshat_model_free(seshat_model *m)
{
    if (m->desc && m->desc->free)
        m->desc->free(m);
}

seshat_model seshat_model_scaled(const seshat_model *m, double f)
{
    seshat_model s = *m;
    if (f == 1.0)
        return s;
    s.f.cost *= f;
    s.send_overhead = seshat_model_cpu(&s, s.send_overhead_base);
    return s;
}

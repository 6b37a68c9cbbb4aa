/* registry.c - the network models by name: the lines of models.def
 * (docs/design.md, "Adding a network model"). network.model names one;
 * the config layer below cannot see this list, so the name is checked
 * here, when the model is built. */
#include <stdio.h>
#include <string.h>

#include "model/model.h"

#define SESHAT_MODEL(name) extern const seshat_model_desc seshat_model_##name;
#include "model/models.def"
#undef SESHAT_MODEL

#define SESHAT_MODEL(name) &seshat_model_##name,
static const seshat_model_desc *const builtin[] = {
#include "model/models.def"
};
#undef SESHAT_MODEL

const seshat_model_registry seshat_models = { builtin, (int)(sizeof builtin / sizeof *builtin) };

int seshat_model_count(void) { return seshat_models.count; }

const seshat_model_desc *seshat_model_at(int i)
{
    return i >= 0 && i < seshat_models.count ? builtin[i] : NULL;
}

const seshat_model_desc *seshat_model_find_in(const seshat_model_registry *r, const char *name)
{
    for (int i = 0; i < r->count; i++)
        if (strcmp(r->models[i]->name, name) == 0)
            return r->models[i];
    return NULL;
}

const seshat_model_desc *seshat_model_find(const char *name)
{
    return seshat_model_find_in(&seshat_models, name);
}

/* "a, b, c" (sep ", ") or "a or b" (sep " or "): the names of r's models
 * that have every capability in caps. */
static void names(const seshat_model_registry *r, unsigned caps, const char *sep, char *buf,
                  size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < r->count && k < len; i++)
        if ((r->models[i]->caps & caps) == caps)
            k += (size_t)snprintf(buf + k, len - k, "%s%s", k ? sep : "", r->models[i]->name);
}

int seshat_model_check_in(const seshat_model_registry *r, const seshat_config *cfg, char *err,
                          size_t errlen)
{
    char list[256];
    const seshat_model_desc *d = seshat_model_find_in(r, cfg->model);
    if (!d) {
        names(r, 0, ", ", list, sizeof list);
        snprintf(err, errlen, "network.model = %s: expected one of %s", cfg->model, list);
        return -1;
    }
    if (cfg->sg_contention && !(d->caps & SESHAT_MODEL_CAP_CONTENTION)) {
        names(r, SESHAT_MODEL_CAP_CONTENTION, " or ", list, sizeof list);
        snprintf(err, errlen, "network.contention = on needs network.model = %s (the %s model "
                 "has no links to share)", list, d->name);
        return -1;
    }
    return 0;
}

int seshat_model_init_in(const seshat_model_registry *r, seshat_model *m,
                         const seshat_config *cfg, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    if (seshat_model_check_in(r, cfg, err, errlen) != 0)
        return -1;
    const seshat_model_desc *d = seshat_model_find_in(r, cfg->model);
    m->desc = d;
    m->name = d->name;
    m->caps = d->caps;
    m->f = (seshat_model_factors){ cfg->latency_factor, cfg->bandwidth_factor, 1.0 };
    if (d->init(m, cfg, err, errlen) != 0)
        return -1;
    m->send_overhead_base = m->send_overhead;
    return 0;
}

int seshat_model_init(seshat_model *m, const seshat_config *cfg, char *err, size_t errlen)
{
    return seshat_model_init_in(&seshat_models, m, cfg, err, errlen);
}

int seshat_model_contended(const seshat_model *m, const seshat_config *cfg)
{
    return (m->caps & SESHAT_MODEL_CAP_CONTENTION) && cfg->sg_contention;
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

/* analysis.c - the analysis result: the pattern table, allocation. */
#include "analyze/analysis.h"

#include "analyze/an_samples.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const seshat_pattern_info seshat_pattern_infos[SESHAT_NPATTERNS] = {
#define SESHAT_PAT_INFO(id, name, parent, disp, desc) [SESHAT_PAT_##id] = { name, parent, disp, desc },
    SESHAT_PATTERNS(SESHAT_PAT_INFO)
#undef SESHAT_PAT_INFO
};

const seshat_delay_info seshat_delay_infos[SESHAT_NDELAYS] = {
#define SESHAT_DL_INFO(id, name, parent, disp) [SESHAT_DL_##id] = { name, parent, disp },
    SESHAT_DELAYS(SESHAT_DL_INFO)
#undef SESHAT_DL_INFO
};

int64_t seshat_delay_inclusive(const seshat_analysis *a, int metric, int site, int rank)
{
    int64_t v = *seshat_delay(a, metric, site, rank);
    for (int c = metric + 1; c < SESHAT_NDELAYS; c++)
        if (seshat_delay_infos[c].parent == metric)
            v += seshat_delay_inclusive(a, c, site, rank);
    return v;
}

int seshat_analysis_alloc(seshat_analysis *a, int nranks, int nsites)
{
    size_t r = (size_t)nranks, s = (size_t)nsites + 1;
    *a = (seshat_analysis){ .nranks = nranks, .nsites = nsites, .complete = 1 };
    a->traced = calloc(r ? r : 1, 1);
    a->sites = calloc((size_t)nsites + 1, sizeof *a->sites);
    a->rank_time = calloc(r, sizeof *a->rank_time);
    a->sev = calloc(SESHAT_NPATTERNS * s * r, sizeof *a->sev);
    a->visits = calloc(s * r, sizeof *a->visits);
    a->msg_count = calloc(r * r, sizeof *a->msg_count);
    a->msg_bytes = calloc(r * r, sizeof *a->msg_bytes);
    a->critical_path = calloc(s, sizeof *a->critical_path);
    a->cp_imbalance = calloc(s, sizeof *a->cp_imbalance);
    a->cp_rank = calloc(s * r, sizeof *a->cp_rank);
    a->delay = calloc(SESHAT_NDELAYS * s * r + 1, sizeof *a->delay);
    a->whatif_rank_time = calloc(r, sizeof *a->whatif_rank_time);
    a->timeline = calloc(r, sizeof *a->timeline);
    a->ntimeline = calloc(r, sizeof *a->ntimeline);
    a->site_kind = calloc(s, sizeof *a->site_kind);
    a->local_site = calloc(r, sizeof *a->local_site);
    a->nlocal = calloc(r, sizeof *a->nlocal);
    a->io_read = calloc(r ? r : 1, sizeof *a->io_read);
    a->io_written = calloc(r ? r : 1, sizeof *a->io_written);
    if (!a->io_read || !a->io_written) {
        seshat_analysis_free(a);
        return -1;
    }
    if (!a->sites || !a->rank_time || !a->sev || !a->visits || !a->msg_count || !a->msg_bytes ||
        !a->critical_path || !a->cp_imbalance || !a->cp_rank || !a->delay || !a->whatif_rank_time || !a->timeline ||
        !a->ntimeline || !a->site_kind || !a->local_site || !a->nlocal || !a->traced) {
        seshat_analysis_free(a);
        return -1;
    }
    return 0;
}

void seshat_analysis_free(seshat_analysis *a)
{
    if (a->sites)
        for (int i = 0; i < a->nsites; i++) {
            free(a->sites[i].function);
            free(a->sites[i].location);
            free(a->sites[i].callers);
        }
    if (a->timeline)
        for (int i = 0; i < a->nranks; i++)
            free(a->timeline[i]);
    if (a->local_site)
        for (int i = 0; i < a->nranks; i++)
            free(a->local_site[i]);
    free(a->local_site);
    free(a->nlocal);
    for (int i = 0; i < a->nproblems; i++)
        free(a->problems[i]);
    free(a->problems);
    free(a->traced);
    free(a->sites);
    free(a->rank_time);
    free(a->sev);
    free(a->visits);
    free(a->msg_count);
    free(a->msg_bytes);
    free(a->msgs);
    free(a->critical_path);
    free(a->cp_imbalance);
    free(a->cp_rank);
    free(a->delay);
    free(a->root_causes);
    free(a->delay_cuts);
    free(a->whatif_model);
    free(a->whatif_rank_time);
    free(a->timeline);
    free(a->ntimeline);
    free(a->site_kind);
    free(a->io_read);
    free(a->io_written);
    for (int i = 0; i < a->nio_files; i++)
        free(a->io_files[i].name);
    free(a->io_files);
    *a = (seshat_analysis){ 0 };
}

int64_t seshat_analysis_inclusive(const seshat_analysis *a, int pattern, int site, int rank)
{
    int64_t v = *seshat_sev(a, pattern, site, rank);
    for (int c = pattern + 1; c < SESHAT_NPATTERNS; c++)
        if (seshat_pattern_infos[c].parent == pattern)
            v += seshat_analysis_inclusive(a, c, site, rank);
    return v;
}

/* The sampled call path named for a computation cause, NULL if none. */
static const an_spath *cause_path(const seshat_analysis *a, const seshat_root_cause *c)
{
    int comp = c->site < 0 || c->site >= a->nsites;
    return comp && a->samples && c->path >= 0 && c->path < a->samples->n ? &a->samples->p[c->path]
                                                                         : NULL;
}

const char *seshat_root_cause_location(const seshat_analysis *a, const seshat_root_cause *c)
{
    const an_spath *p = cause_path(a, c);
    if (p)
        return p->site;
    return c->site < 0 || c->site >= a->nsites ? "computation (outside MPI)"
                                               : a->sites[c->site].location;
}

const char *seshat_root_cause_callers(const seshat_analysis *a, const seshat_root_cause *c)
{
    const an_spath *p = cause_path(a, c);
    if (p)
        return p->callers;
    return c->site < 0 || c->site >= a->nsites || !a->sites[c->site].callers
               ? ""
               : a->sites[c->site].callers;
}

void seshat_root_cause_what(const seshat_analysis *a, const seshat_root_cause *c, char *buf,
                            size_t n)
{
    const an_spath *p = cause_path(a, c);
    if (p)
        snprintf(buf, n, "computation in %s (%s)", p->function, p->location);
    else if (c->site < 0 || c->site >= a->nsites)
        snprintf(buf, n, "computation (outside MPI)");
    else
        snprintf(buf, n, "%s at %s", a->sites[c->site].function, a->sites[c->site].location);
}

void seshat_root_cause_words(const seshat_analysis *a, int i, char *buf, size_t n)
{
    const seshat_root_cause *c = &a->root_causes[i];
    char what[1024];
    seshat_root_cause_what(a, c, what, sizeof what);
    snprintf(buf, n,
             "rank %d's %s keeps its partners waiting: it causes %.9f s of waiting, "
             "%.9f s directly and %.9f s through the waits it propagates to other ranks",
             c->rank, what, 1e-9 * (double)(c->direct + c->propagated), 1e-9 * (double)c->direct,
             1e-9 * (double)c->propagated);
    size_t l = strlen(buf);
    if (c->saved >= 0 && l < n)
        snprintf(buf + l, n - l, "; evening it out saves %.9f s of run time (replayed)",
                 1e-9 * (double)c->saved);
}

void seshat_analysis_pop(const seshat_analysis *a, seshat_pop *p)
{
    *p = (seshat_pop){ .serialization = -1, .transfer = -1 };
    for (int r = 0; r < a->nranks; r++) {
        int64_t u = *seshat_sev(a, SESHAT_PAT_COMPUTATION, -1, r);
        p->useful_sum += u;
        p->useful_max = u > p->useful_max ? u : p->useful_max;
    }
    if (!a->nranks || p->useful_max <= 0 || a->run_time <= 0)
        return;
    p->defined = 1;
    double mean = (double)p->useful_sum / a->nranks;
    p->load_balance = mean / (double)p->useful_max;
    p->communication = (double)p->useful_max / (double)a->run_time;
    if (a->have_ideal && a->ideal_time > 0) {
        p->serialization = (double)p->useful_max / (double)a->ideal_time;
        p->transfer = (double)a->ideal_time / (double)a->run_time;
        p->communication = p->serialization * p->transfer;
    }
    p->parallel = p->load_balance * p->communication;
}

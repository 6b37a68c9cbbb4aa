/* an_cf.c - the counterfactual plan and results (an_cf.h). */
#include "analyze/an_cf.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int an_cf_write_plan(const seshat_analysis *a, const char *path, int top, char *err, size_t n)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, n, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    int k = 0;
    for (int i = 0; i < a->nroot_causes && k < top; i++) {
        const seshat_root_cause *c = &a->root_causes[i];
        if (c->site >= 0 && c->site < a->nsites)
            continue;   /* an MPI call: no compute to even out */
        fprintf(f, "cause %d %d\n", k, c->rank);
        for (size_t j = 0; j < a->ndelay_cuts; j++)
            if (a->delay_cuts[j][0] == c->rank)
                fprintf(f, "cut %d %lld %lld %lld\n", k, (long long)a->delay_cuts[j][1],
                        (long long)a->delay_cuts[j][2], (long long)a->delay_cuts[j][3]);
        k++;
    }
    if (fclose(f)) {
        snprintf(err, n, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int an_cf_read(seshat_analysis *a, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[256];
    int rank;
    long long ns;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "saved %d %lld", &rank, &ns) == 2)
            for (int i = 0; i < a->nroot_causes; i++) {
                seshat_root_cause *c = &a->root_causes[i];
                if (c->rank == rank && (c->site < 0 || c->site >= a->nsites))
                    c->saved = ns;
            }
    fclose(f);
    return 0;
}

void an_cf_stage(seshat_analysis *a, const char *dir, int top)
{
    const char *stage = getenv("SESHAT_CF_STAGE");
    char path[PATH_MAX], err[PATH_MAX + 128];
    if (!stage || !a->have_delay)
        return;
    if (!strcmp(stage, "plan")) {
        snprintf(path, sizeof path, "%s/cf_plan.txt", dir);
        if (an_cf_write_plan(a, path, top, err, sizeof err))
            fprintf(stderr, "seshat-analyze: %s\n", err);
    } else if (!strcmp(stage, "results")) {
        snprintf(path, sizeof path, "%s/counterfactuals.txt", dir);
        if (an_cf_read(a, path))
            fprintf(stderr, "seshat-analyze: --counterfactuals: no results in %s\n", path);
    }
}

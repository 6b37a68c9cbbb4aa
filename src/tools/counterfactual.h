/* counterfactual.h - seshat-analyze --counterfactuals: exact
 * counterfactuals for the largest root causes (docs/analysis.md).
 *
 * The analysis runs twice: the first (its output silenced) writes the
 * plan of the computation to even out per cause (src/analyze/an_cf.h);
 * then the trace is replayed under its own configuration (config.ini,
 * clock = none) once as recorded and once per cause with that cause's
 * delaying computation cut to what the waiting partners spent
 * (src/tools/replay_cuts.h); the second analysis reads each saving,
 * the first replay's run time minus the cause's. */
#ifndef SESHAT_COUNTERFACTUAL_H
#define SESHAT_COUNTERFACTUAL_H

/* The analysis job: the caller's launcher, with its context. Returns its
 * exit status. */
typedef struct cf_hooks {
    void *ctx;
    int (*analyze)(void *ctx);
} cf_hooks;

/* The whole procedure for the first `top` computation causes of the
 * trace in dir (nranks ranks); the exit status for seshat-analyze. */
int cf_run(const char *dir, int nranks, int top, const cf_hooks *h);

#endif

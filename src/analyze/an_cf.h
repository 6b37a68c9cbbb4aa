/* an_cf.h - exact counterfactuals, the analyzer's side: which intervals
 * a replay evens out, and what the replays measured.
 *
 * seshat-analyze --counterfactuals runs the analysis twice around the
 * replays (src/tools/counterfactual.h): the first time the root writes
 * the plan, TRACEDIR/cf_plan.txt, for the largest computation root
 * causes; the second time it reads their savings from
 * TRACEDIR/counterfactuals.txt into the root causes' `saved`. */
#ifndef SESHAT_AN_CF_H
#define SESHAT_AN_CF_H

#include <stddef.h>

#include "analyze/analysis.h"

/* The plan: "cause I RANK" for the first `top` root causes that are
 * computation (in cost order, I from 0), each followed by its rank's
 * delaying intervals, "cut I START END EXCESS" (ns). 0, or -1 with err. */
int an_cf_write_plan(const seshat_analysis *a, const char *path, int top, char *err, size_t n);

/* Reads "saved RANK NS ..." lines into the computation root causes of
 * those ranks; 0, or -1 when the file cannot be read. */
int an_cf_read(seshat_analysis *a, const char *path);

/* In the analysis job, on the root: the plan or the reading, as
 * $SESHAT_CF_STAGE says ("plan" or "results"; nothing otherwise). */
void an_cf_stage(seshat_analysis *a, const char *dir, int top);

#endif

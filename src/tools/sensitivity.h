/* sensitivity.h - seshat-analyze --sensitivity: one trace replayed under a
 * base configuration and six changes of it (latency x1/2 and x2,
 * bandwidth x1/2 and x2, an ideal network, CPU x1/2), the replays side by
 * side (at most one per core); reports the predicted run times, the
 * elasticity of the run time to each parameter and the one that limits the
 * application: TRACEDIR/sensitivity.json, sensitivity.txt (also printed)
 * and sensitivity.png (with gnuplot). docs/analysis.md, Sensitivity. */
#ifndef SESHAT_SENSITIVITY_H
#define SESHAT_SENSITIVITY_H

typedef struct seshat_sens_opts {
    const char *dir;      /* the trace directory (a whole trace) */
    const char *model;    /* base configuration; NULL: DIR/config.ini, the recorded one */
    int jobs;             /* replays at once; 0: the number of cores */
    int quiet;            /* no text report on stdout */
} seshat_sens_opts;

/* Runs the replays (each under seshat-run, beside this executable) and
 * writes the reports. Returns 0, 1 when a replay failed (named on stderr),
 * 2 on bad input. The caller has checked that the trace is whole. */
int seshat_sensitivity(const seshat_sens_opts *o, int nranks);

#endif

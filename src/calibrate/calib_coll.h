/* calib_coll.h - fit a collective's cost factor per size range.
 *
 * Input, for one collective: the sizes measured (increasing), the native
 * time at each, and the model's time at each with factor 1 (the same timed
 * loop run under seshat). A collective's cost factor multiplies every cost
 * inside its schedule, so the model's time is nearly linear in the factor
 * (not exactly: the barrier before each timed call skews the entries): at
 * each size the factor that reproduces the measurement is estimated as
 * r = used x measured / model, where `used` is the factor the model ran
 * with; seshat-calibrate repeats run and fit until every size agrees
 * within the tolerance (the fixed point of that estimate). From the
 * smallest size up, a piece
 * grows while one factor (the least squares of the relative errors,
 * f = sum(1/r) / sum(1/r^2)) stays within the tolerance of every point it
 * covers; the next point starts a new piece. A piece applies from its first
 * measured size on. */
#ifndef SESHAT_CALIB_COLL_H
#define SESHAT_CALIB_COLL_H

#include <stdint.h>

#include "calibrate/calib_fit.h"

typedef struct calib_coll_piece {
    int64_t from;     /* first size of the piece, bytes (0 for the first) */
    double factor;
} calib_coll_piece;

typedef struct calib_coll_fit {
    int npieces;
    calib_coll_piece pieces[CALIB_MAX_POINTS];
    double model_ns[CALIB_MAX_POINTS];   /* model x fitted factor, per size */
    double error[CALIB_MAX_POINTS];      /* that / measured - 1 */
} calib_coll_fit;

/* One collective's data and fit, as seshat-calibrate collects them. */
typedef struct calib_coll_data {
    const char *name;                     /* as [collectives] factors names it */
    int n;
    int64_t size[CALIB_MAX_POINTS];       /* block sizes, increasing */
    double measured[CALIB_MAX_POINTS];    /* native, ns */
    double model[CALIB_MAX_POINTS];       /* seshat with factor `used`, ns */
    double used[CALIB_MAX_POINTS];        /* the factor seshat ran with */
    calib_coll_fit fit;
} calib_coll_data;

/* tol: largest relative error one factor may leave (0.02 = 2%). Returns
 * 0, or -1 if n is out of 1..CALIB_MAX_POINTS, a time or factor is not
 * positive or the sizes do not increase. `used` NULL: every factor 1.
 * out->model_ns is the linear estimate model / used x fitted factor. */
int calib_coll_fit_run(const int64_t *size, const double *measured, const double *model,
                       const double *used, int n, double tol, calib_coll_fit *out);

/* The fitted factor for a collective of `bytes`. */
double calib_coll_factor(const calib_coll_fit *f, int64_t bytes);

#endif

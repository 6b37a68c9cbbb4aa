/* calib_coll.c - greedy piecewise-constant factor over the measured sizes
 * (the method is in calib_coll.h). */
#include "calibrate/calib_coll.h"

#include <math.h>

/* The factor minimizing sum (f / r_i - 1)^2 over points [lo, hi]. */
static double factor(const double *r, int lo, int hi)
{
    double s1 = 0, s2 = 0;
    for (int i = lo; i <= hi; i++) {
        s1 += 1 / r[i];
        s2 += 1 / (r[i] * r[i]);
    }
    return s1 / s2;
}

static int fits(const double *r, int lo, int hi, double f, double tol)
{
    for (int i = lo; i <= hi; i++)
        if (fabs(f / r[i] - 1) > tol)
            return 0;
    return 1;
}

static int valid(const int64_t *size, const double *measured, const double *model,
                 const double *used, int n)
{
    if (n < 1 || n > CALIB_MAX_POINTS)
        return 0;
    for (int i = 0; i < n; i++)
        if (!(measured[i] > 0) || !(model[i] > 0) || (used && !(used[i] > 0)) ||
            (i && size[i] <= size[i - 1]))
            return 0;
    return 1;
}

int calib_coll_fit_run(const int64_t *size, const double *measured, const double *model,
                       const double *used, int n, double tol, calib_coll_fit *f)
{
    if (!valid(size, measured, model, used, n))
        return -1;
    double r[CALIB_MAX_POINTS], base[CALIB_MAX_POINTS];
    for (int i = 0; i < n; i++) {
        base[i] = model[i] / (used ? used[i] : 1);   /* the model at factor 1, linearly */
        r[i] = measured[i] / base[i];
    }
    f->npieces = 0;
    for (int lo = 0; lo < n;) {
        int hi = lo;
        double fac = r[lo];
        while (hi + 1 < n && fits(r, lo, hi + 1, factor(r, lo, hi + 1), tol))
            fac = factor(r, lo, ++hi);
        f->pieces[f->npieces] = (calib_coll_piece){ f->npieces ? size[lo] : 0, fac };
        f->npieces++;
        lo = hi + 1;
    }
    for (int i = 0; i < n; i++) {
        f->model_ns[i] = base[i] * calib_coll_factor(f, size[i]);
        f->error[i] = f->model_ns[i] / measured[i] - 1;
    }
    return 0;
}

double calib_coll_factor(const calib_coll_fit *f, int64_t bytes)
{
    for (int i = f->npieces - 1; i > 0; i--)
        if (bytes >= f->pieces[i].from)
            return f->pieces[i].factor;
    return f->pieces[0].factor;
}

/* calib_fit.c - greedy piecewise least squares over the measured sizes. */
#include "calibrate/calib_fit.h"

#include <math.h>

/* Least squares line t = a + b n over points [lo, hi], with a >= amin
 * (a piece's intercept holds fixed costs: overheads, handshakes). */
static void line(const int64_t *size, const double *t, int lo, int hi, double amin, double *a,
                 double *b)
{
    int k = hi - lo + 1;
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = lo; i <= hi; i++) {
        double x = (double)size[i];
        sx += x;
        sy += t[i];
        sxx += x * x;
        sxy += x * t[i];
    }
    double den = k * sxx - sx * sx;
    *b = (k > 1 && den > 0) ? (k * sxy - sx * sy) / den : 0;
    *a = (sy - *b * sx) / k;
    if (*a < amin || *b < 0) {   /* refit through (0, amin) */
        *a = amin;
        *b = sxx > 0 ? fmax(0, (sxy - amin * sx) / sxx) : 0;
    }
}

static int fits(const int64_t *size, const double *t, int lo, int hi, double a, double b,
                double tol)
{
    for (int i = lo; i <= hi; i++)
        if (fabs((a + b * (double)size[i]) / t[i] - 1) > tol)
            return 0;
    return 1;
}

/* One piece from point lo: grow it while one line fits, never across the
 * eager limit. Returns its last point. */
static int piece(const int64_t *size, const double *t, int n, int lo, int64_t eager,
                 double amin, double tol, double *a, double *b)
{
    int hi = lo;
    *b = 0;
    line(size, t, lo, lo, amin, a, b);
    if (lo + 1 < n && (size[lo] > eager) == (size[lo + 1] > eager)) {
        double na, nb;
        line(size, t, lo, lo + 1, amin, &na, &nb);
        if (!fits(size, t, lo, lo + 1, na, nb, tol))
            return lo;   /* even two points need two pieces */
        *a = na;
        *b = nb;
        hi = lo + 1;
    }
    while (hi + 1 < n && (size[lo] > eager) == (size[hi + 1] > eager)) {
        double na, nb;
        line(size, t, lo, hi + 1, amin, &na, &nb);
        if (!fits(size, t, lo, hi + 1, na, nb, tol))
            break;
        hi++;
        *a = na;
        *b = nb;
    }
    return hi;
}

/* Where the MPI switches protocol: the first doubling of the size that
 * more than 2.5x the time (bandwidth alone gives at most 2x). */
static int64_t eager_limit(const int64_t *size, const double *t, int n)
{
    for (int i = 0; i + 1 < n; i++)
        if (t[i + 1] > 2.5 * t[i] * ((double)size[i + 1] / (double)size[i]) / 2)
            return size[i];
    return size[n - 1];
}

double calib_fit_oneway(const calib_fit *f, int64_t bytes)
{
    const calib_piece *p = &f->pieces[0];
    for (int i = f->npieces - 1; i > 0; i--)
        if (bytes >= f->pieces[i].from) {
            p = &f->pieces[i];
            break;
        }
    double hand = bytes > f->eager_limit ? 2 * f->pieces[0].latency_ns : 0;
    return 2 * f->overhead_ns + hand + p->latency_ns + (double)bytes * p->ns_per_byte;
}

int calib_fit_run(const int64_t *size, const double *t, int n, double overhead_ns, double tol,
                  calib_fit *f)
{
    if (n < 2 || n > CALIB_MAX_POINTS)
        return -1;
    /* The overhead cannot exceed a quarter of the smallest message's cost. */
    f->overhead_ns = fmax(0, fmin(overhead_ns, t[0] / 4));
    f->eager_limit = eager_limit(size, t, n);
    f->npieces = 0;
    for (int lo = 0; lo < n;) {
        calib_piece *p = &f->pieces[f->npieces];
        double fixed = 2 * f->overhead_ns +
                       (size[lo] > f->eager_limit ? 2 * f->pieces[0].latency_ns : 0);
        double a, b;
        int hi = piece(size, t, n, lo, f->eager_limit, fixed, tol, &a, &b);
        if (hi == lo) {   /* a lone point: the previous slope, lowered if it must */
            b = f->npieces ? f->pieces[f->npieces - 1].ns_per_byte : 0;
            if (t[lo] - b * (double)size[lo] < fixed)
                b = fmax(0, (t[lo] - fixed) / (double)size[lo]);
            a = fmax(fixed, t[lo] - b * (double)size[lo]);
        }
        p->from = f->npieces ? size[lo] : 0;
        p->latency_ns = a - fixed;
        p->ns_per_byte = b;
        f->npieces++;
        lo = hi + 1;
    }
    for (int i = 0; i < n; i++) {
        f->model_ns[i] = calib_fit_oneway(f, size[i]);
        f->error[i] = f->model_ns[i] / t[i] - 1;
    }
    return 0;
}

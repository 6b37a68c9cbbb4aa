/* calib_fit.h - fit seshat's analytic model to measured one-way times.
 *
 * Input: message sizes (increasing) and their measured one-way times (half
 * a ping-pong round trip), and the per-call CPU overhead o. Output: the
 * eager limit, the base latency and bandwidth, and piecewise segments where
 * one line does not fit, such that the model's one-way time
 *     eager:      2o + L_seg + n / B_seg
 *     rendezvous: 2o + 2 L_base + L_seg + n / B_seg   (RTS/CTS handshake)
 * reproduces each measured size within the tolerance where the data allow. */
#ifndef SESHAT_CALIB_FIT_H
#define SESHAT_CALIB_FIT_H

#include <stdint.h>

#define CALIB_MAX_POINTS 40

typedef struct calib_piece {
    int64_t from;            /* first size of the piece, bytes */
    double latency_ns;       /* L of the piece */
    double ns_per_byte;      /* 1/B of the piece */
} calib_piece;

typedef struct calib_fit {
    double overhead_ns;
    int64_t eager_limit;     /* largest eager size */
    int npieces;             /* pieces[0] is the base (from = 0) */
    calib_piece pieces[CALIB_MAX_POINTS];
    double model_ns[CALIB_MAX_POINTS];   /* the fitted model at each size */
    double error[CALIB_MAX_POINTS];      /* model / measured - 1 */
} calib_fit;

/* tol: largest relative error a line may leave before a new piece starts
 * (0.02 = 2%). Returns 0, or -1 if fewer than 2 sizes are given. */
int calib_fit_run(const int64_t *size, const double *oneway_ns, int n, double overhead_ns,
                  double tol, calib_fit *out);

/* The model's one-way time for `bytes` under the fit. */
double calib_fit_oneway(const calib_fit *f, int64_t bytes);

#endif

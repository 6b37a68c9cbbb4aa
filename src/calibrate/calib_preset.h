/* calib_preset.h - write a fit as a seshat INI preset. */
#ifndef SESHAT_CALIB_PRESET_H
#define SESHAT_CALIB_PRESET_H

#include <stdio.h>

#include "calibrate/calib_coll.h"
#include "calibrate/calib_fit.h"

/* `sizes`/`measured` are the data the fit came from (written as comments,
 * with the fit's error per size); `coll` the ncoll collectives' fits
 * ([collectives] factors; none if ncoll = 0). Returns 0 or -1 (errno set). */
int calib_preset_write(const char *path, const calib_fit *f, const int64_t *sizes,
                       const double *measured, int n, const calib_coll_data *coll, int ncoll,
                       const char *origin);

#endif

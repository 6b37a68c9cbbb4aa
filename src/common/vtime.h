/* vtime.h - the virtual time type, below every layer that keeps time (the
 * tracer, the models, the ranks). */
#ifndef SESHAT_VTIME_H
#define SESHAT_VTIME_H

#include <stdint.h>

typedef int64_t seshat_vtime; /* virtual nanoseconds since MPI_Init */

#endif

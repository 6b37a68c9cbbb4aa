/* sg_placement.h - which platform host each application rank runs on. */
#ifndef SESHAT_SG_PLACEMENT_H
#define SESHAT_SG_PLACEMENT_H

#include <stddef.h>

#include "sg_bridge.h"

/* Fill host[0..napp) with host indices for `placement`: "block" (ranks
 * fill hosts in turn, ceil(napp/H) each), "round_robin" (rank r on host
 * r mod H), both over the host names in natural order (node-2 before
 * node-10); or a file with one host name per line for ranks 0, 1, ...
 * (looked up by name; blank lines and # comments skipped). */
int seshat_sg_place(const seshat_sg_api *sg, const char *placement, int napp, int *host,
                    char *err, size_t errlen);

#endif

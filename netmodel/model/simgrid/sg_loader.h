/* sg_loader.h - find and dlopen libseshat-simgrid.so (RTLD_LOCAL: its SMPI
 * MPI_* symbols must never bind for anyone else). */
#ifndef SESHAT_SG_LOADER_H
#define SESHAT_SG_LOADER_H

#include <stddef.h>

#include "sg_bridge.h"

/* The bridge next to the library (or program) that holds this code, or
 * $SESHAT_SIMGRID_LIB. NULL with a message if it cannot be loaded. */
const seshat_sg_api *seshat_sg_load_bridge(char *err, size_t errlen);

#endif

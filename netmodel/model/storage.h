/* storage.h - the MPI-IO storage model (docs/models.md, "MPI-IO"): one
 * file system with a per-request latency L, an aggregate bandwidth A that
 * every client shares and a per-client bandwidth C; metadata operations
 * cost a latency M. Stateless: the same call gives the same cost on every
 * rank, so every member of a collective access computes the same exit.
 *   independent access of B bytes:          L + B / min(C, A)
 *   collective access, N members, S bytes:  L + S / min(A, N x C)
 *                                           (from the last member's entry)
 *   metadata (open, close, sync, ...):      M (collective: from the last entry)
 * io.model = simgrid: metadata as here, data accesses on SimGrid disks
 * (storage_simgrid.h). io.model = none: every cost is 0 (and collective accesses do not
 * synchronize the members in virtual time). */
#ifndef SESHAT_STORAGE_H
#define SESHAT_STORAGE_H

#include <stdint.h>

#include "config/config.h"

typedef struct seshat_storage {
    int on;                  /* io.model != none (simgrid: data accesses in storage_simgrid.h) */
    int64_t latency_ns, metadata_ns;
    double bandwidth_Bps, client_Bps;
} seshat_storage;

void seshat_storage_init(seshat_storage *s, const seshat_config *cfg);
/* Nanoseconds (rounded to the nearest) of one independent access of
 * `bytes`. */
int64_t seshat_storage_independent(const seshat_storage *s, int64_t bytes);
/* ... of a collective access by `members` ranks moving `total` bytes. */
int64_t seshat_storage_collective(const seshat_storage *s, int members, int64_t total);
/* ... of a metadata operation. */
int64_t seshat_storage_metadata(const seshat_storage *s);

#endif

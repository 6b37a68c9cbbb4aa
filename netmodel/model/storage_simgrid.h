/* storage_simgrid.h - io.model = simgrid (docs/models.md, "MPI-IO"): data
 * accesses go to the disk of the rank's host in the SimGrid platform
 * (network.model = simgrid; SimGrid 3.3x <disk read_bw write_bw> inside
 * a <host>). A model rank times one lone read and one lone write on each
 * rank's disk with SimGrid's disk model at load time, so the effective
 * bandwidths are SimGrid's; application ranks fetch them once per rank
 * (like routes). io.latency stays the per-request latency,
 * io.metadata_latency the metadata cost:
 *   independent access of B bytes by rank r:  L + B / bw_r(op)
 *   collective access: each disk serves its members' bytes at once,
 *     L + max over disks d of (sum of the bytes of d's members) / bw_d(op)
 * Concurrent independent accesses do not share a disk (not modeled). */
#ifndef SESHAT_STORAGE_SIMGRID_H
#define SESHAT_STORAGE_SIMGRID_H

#include <stdint.h>

#include "config/config.h"

/* Rank's disk for op (write 0: read, 1: write): out[0] its key (ranks on
 * one host share it; < 0: none), out[1] its bandwidth in B/s. */
typedef void (*seshat_disk_fn)(void *ctx, int rank, int write, double out[2]);

typedef struct seshat_sg_storage {
    int64_t latency_ns, metadata_ns;
    seshat_disk_fn disk;
    void *ctx;
    int napp;
    double (*cache)[2][2];   /* [rank][op] {key, B/s}; key -2: not fetched */
} seshat_sg_storage;

/* 0, or -1 when out of memory. */
int seshat_sg_storage_init(seshat_sg_storage *s, const seshat_config *cfg, int napp,
                           seshat_disk_fn disk, void *ctx);
int64_t seshat_sg_storage_independent(seshat_sg_storage *s, int rank, int write, int64_t bytes);
/* n members, world[i] moving bytes[i]. */
int64_t seshat_sg_storage_collective(seshat_sg_storage *s, int write, int n, const int *world,
                                     const int64_t *bytes);
void seshat_sg_storage_free(seshat_sg_storage *s);

#endif

/* chooser.h - which protocol and which line (latency, bandwidth) a
 * message of a given size takes: network.eager_limit and network.segments
 * (docs/models.md). Shared by models; part of a model's state. */
#ifndef SESHAT_CHOOSER_H
#define SESHAT_CHOOSER_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "model/model.h"

typedef struct seshat_line {
    int64_t from;          /* messages of at least this many bytes */
    double latency_ns;     /* as configured: factors are the model's to apply */
    double bandwidth_Bps;
} seshat_line;

typedef struct seshat_chooser {
    int64_t eager_limit;
    int nlines;            /* line[0] is the base (from 0), then the segments */
    seshat_line line[1 + SESHAT_MAX_SEGMENTS];
} seshat_chooser;

/* From cfg: eager_limit, latency + bandwidth, segments. Returns 0, or -1
 * with a message naming the key. */
int seshat_chooser_init(seshat_chooser *ch, const seshat_config *cfg, char *err, size_t errlen);
/* Eager up to eager_limit; synchronous sends always rendezvous. */
enum seshat_proto seshat_chooser_proto(const seshat_chooser *ch, int64_t bytes, int synchronous);
/* The line a `bytes` message takes: the last one it is at least `from` of. */
const seshat_line *seshat_chooser_line(const seshat_chooser *ch, int64_t bytes);

#endif

/* chooser.c - protocol and line by message size (chooser.h). */
#include <stdio.h>

#include "model/chooser.h"

int seshat_chooser_init(seshat_chooser *ch, const seshat_config *cfg, char *err, size_t errlen)
{
    seshat_net_segment seg[SESHAT_MAX_SEGMENTS];
    int n = seshat_segments_parse(cfg->segments, seg, SESHAT_MAX_SEGMENTS);
    if (n < 0) {
        snprintf(err, errlen, "network.segments = \"%s\": malformed", cfg->segments);
        return -1;
    }
    ch->eager_limit = cfg->eager_limit;
    ch->line[0] = (seshat_line){ 0, (double)cfg->latency_ns, cfg->bandwidth_Bps };
    for (int i = 0; i < n; i++)
        ch->line[1 + i] = (seshat_line){ seg[i].from, (double)seg[i].latency_ns,
                                         seg[i].bandwidth_Bps };
    ch->nlines = 1 + n;
    return 0;
}

enum seshat_proto seshat_chooser_proto(const seshat_chooser *ch, int64_t bytes, int synchronous)
{
    return (synchronous || bytes > ch->eager_limit) ? SESHAT_PROTO_RENDEZVOUS : SESHAT_PROTO_EAGER;
}

const seshat_line *seshat_chooser_line(const seshat_chooser *ch, int64_t bytes)
{
    int i = ch->nlines - 1;
    while (i > 0 && bytes < ch->line[i].from)
        i--;
    return &ch->line[i];
}

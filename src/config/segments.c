/* segments.c - [network] segments: piecewise latency and bandwidth by
 * message size, "FROM:LATENCY:BANDWIDTH ..." (e.g. "4KiB:2.1us:5GB/s
 * 64KiB:6us:9GB/s"): messages of FROM bytes or more use that latency and
 * bandwidth. Real MPIs change protocol with size (shared-memory copy,
 * pipelining, single-copy), so one line rarely fits every size. */
#include <stdlib.h>
#include <string.h>

#include "config/config.h"

static int parse_one(const char *tok, seshat_net_segment *s)
{
    char buf[128];
    if (strlen(tok) >= sizeof buf)
        return -1;
    strcpy(buf, tok);
    char *lat = strchr(buf, ':');
    char *bw = lat ? strchr(lat + 1, ':') : NULL;
    if (!bw)
        return -1;
    *lat++ = 0;
    *bw++ = 0;
    if (seshat_parse_bytes(buf, &s->from) || s->from < 0 ||
        seshat_parse_time_ns(lat, &s->latency_ns) || s->latency_ns < 0 ||
        seshat_parse_bandwidth(bw, &s->bandwidth_Bps) || s->bandwidth_Bps <= 0)
        return -1;
    return 0;
}

static int segment_item(const char *tok, int i, void *ctx)
{
    seshat_net_segment *seg = ctx;
    return parse_one(tok, &seg[i]) || (i && seg[i].from <= seg[i - 1].from);
}

int seshat_segments_parse(const char *s, seshat_net_segment *seg, int max)
{
    return seshat_parse_list(s, max, segment_item, seg);
}

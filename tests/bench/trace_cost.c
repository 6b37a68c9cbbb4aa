/* trace_cost.c - benchmark of the trace writer alone: nanoseconds the
 * application thread spends per recorded event (an ENTER or EXIT record,
 * as libseshat writes them) and the events per second the background
 * thread compresses and writes. Prints "BENCH <name> <value>". */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "tracefmt/trace_format.h"
#include "tracefmt/trace_writer.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000000;
    char path[] = "/tmp/seshat-bench-XXXXXX", err[256];
    close(mkstemp(path));
    unlink(path);
    seshat_tw *w = seshat_tw_open(path, 4 << 20, NULL, err, sizeof err);
    if (!w) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    uint8_t buf[32];
    double t0 = now();
    for (long i = 0; i < n; i++) {
        /* a NAS-like mix: a handful of calls, small time deltas */
        size_t len = seshat_put_varint(buf, (uint64_t)(i % 7) * 13);
        len += seshat_put_varint(buf + len, 200 + (uint64_t)(i % 97) * 31);
        if (!(i & 1))
            len += seshat_put_varint(buf + len, (uint64_t)(i % 11));
        seshat_tw_record(w, (i & 1) ? SESHAT_REC_EXIT : SESHAT_REC_ENTER, buf, len);
    }
    double t1 = now();
    seshat_tw_close(w);
    double t2 = now();
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    unlink(path);
    printf("BENCH record_ns %.1f\n", (t1 - t0) * 1e9 / (double)n);
    printf("BENCH writer_events_per_s %.0f\n", (double)n / (t2 - t0));
    printf("BENCH synthetic_bytes_per_event %.2f\n", (double)size / (double)n);
    return 0;
}

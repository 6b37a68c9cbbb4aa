/* fuzz_reader.c - libFuzzer target for the trace reader: any bytes, as a
 * stream file, must be read without crashing, leaking or reading out of
 * bounds (built with -fsanitize=fuzzer,address,undefined by make fuzz). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tracefmt/trace_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "/dev/shm/seshat-fuzz-%d.sst", (int)getpid());
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    char err[256];
    seshat_tr *r = seshat_tr_open(path, err, sizeof err);
    if (!r)
        return 0;
    seshat_tr_record rec;
    unsigned long n = 0;
    while (seshat_tr_next(r, &rec) == 1)
        n += rec.len;
    (void)n;
    seshat_tr_close(r);
    return 0;
}

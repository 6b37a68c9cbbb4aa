/* tar_writer.c - POSIX ustar headers: 512-byte blocks, octal fields. */
#include "analyze/tar_writer.h"

#include <string.h>

int tar_add(FILE *out, const char *name, const void *data, size_t len)
{
    unsigned char h[512] = { 0 };
    if (strlen(name) >= 100)
        return -1;
    memcpy(h, name, strlen(name));
    memcpy(h + 100, "0000644", 7);
    memcpy(h + 108, "0000000", 7);
    memcpy(h + 116, "0000000", 7);
    snprintf((char *)h + 124, 12, "%011llo", (unsigned long long)len);
    memcpy(h + 136, "00000000000", 11);
    h[156] = '0';
    memcpy(h + 257, "ustar", 6);
    memcpy(h + 263, "00", 2);
    memcpy(h + 265, "root", 4);
    memcpy(h + 297, "root", 4);
    memset(h + 148, ' ', 8);
    unsigned sum = 0;
    for (int i = 0; i < 512; i++)
        sum += h[i];
    snprintf((char *)h + 148, 8, "%06o", sum);
    h[155] = ' ';
    static const unsigned char zero[512];
    size_t pad = (512 - len % 512) % 512;
    if (fwrite(h, 1, 512, out) != 512 || (len && fwrite(data, 1, len, out) != len) ||
        (pad && fwrite(zero, 1, pad, out) != pad))
        return -1;
    return 0;
}

int tar_finish(FILE *out)
{
    static const unsigned char zero[1024];
    return fwrite(zero, 1, sizeof zero, out) == sizeof zero ? 0 : -1;
}

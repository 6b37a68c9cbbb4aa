/* status.c - write the live status file; failures are silent (the status
 * line is a convenience, never a reason to disturb the run). */
#include "server/status.h"

#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>

static long long dir_bytes(const char *dir)
{
    long long sum = 0;
    DIR *d = *dir ? opendir(dir) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char p[4400];
        struct stat sb;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (stat(p, &sb) == 0 && S_ISREG(sb.st_mode))
            sum += (long long)sb.st_size;
    }
    if (d)
        closedir(d);
    return sum;
}

void seshat_status_write(const char *base, int rank, int64_t vt_ns, long long messages,
                         long long bytes, const char *trace_dir)
{
    char path[4200], tmp[4300];
    snprintf(path, sizeof path, "%s.%d", base, rank);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    fprintf(f, "%lld %lld %lld %lld\n", (long long)vt_ns, messages, bytes,
            trace_dir ? dir_bytes(trace_dir) : 0);
    if (fclose(f) == 0)
        rename(tmp, path);
}

/* presets.c - where presets live: the user's own directory first (where
 * seshat-calibrate writes `host`), then the installed share/seshat/presets,
 * then the source tree's config/presets (running from build/bin). */
#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/config.h"

int seshat_user_preset_dir(char *out, size_t len)
{
    const char *env = getenv("SESHAT_PRESETS");
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    int n;
    if (env && *env)
        n = snprintf(out, len, "%s", env);
    else if (xdg && *xdg)
        n = snprintf(out, len, "%s/seshat/presets", xdg);
    else if (home && *home)
        n = snprintf(out, len, "%s/.config/seshat/presets", home);
    else
        return -1;
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* The candidate directories, in search order. */
static int preset_dirs(char dirs[3][PATH_MAX])
{
    int n = 0;
    if (seshat_user_preset_dir(dirs[n], PATH_MAX) == 0)
        n++;
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[len > 0 ? len : 0] = 0;
    const char *bin = dirname(exe);
    const char *const rel[] = { "%s/../share/seshat/presets", "%s/../../config/presets" };
    for (int i = 0; i < 2; i++) {
        char p[PATH_MAX + 64];
        snprintf(p, sizeof p, rel[i], bin);
        if (realpath(p, dirs[n]))
            n++;
    }
    return n;
}

int seshat_preset_path(const char *name, char *out, size_t len)
{
    char dirs[3][PATH_MAX];
    int n = preset_dirs(dirs);
    if (!*name || strchr(name, '/'))
        return -1;
    for (int i = 0; i < n; i++) {
        int k = snprintf(out, len, "%s/%s.ini", dirs[i], name);
        if (k > 0 && (size_t)k < len && access(out, R_OK) == 0)
            return 0;
    }
    return -1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void seshat_preset_list(FILE *out)
{
    char dirs[3][PATH_MAX], *names[256];
    int n = preset_dirs(dirs), count = 0;
    for (int i = 0; i < n; i++) {
        DIR *d = opendir(dirs[i]);
        struct dirent *e;
        while (d && (e = readdir(d)) && count < 256) {
            size_t l = strlen(e->d_name);
            if (l < 5 || strcmp(e->d_name + l - 4, ".ini"))
                continue;
            char *name = strndup(e->d_name, l - 4);
            int dup = 0;
            for (int j = 0; j < count && !dup; j++)
                dup = !strcmp(names[j], name);
            if (dup || !name)
                free(name);
            else
                names[count++] = name;
        }
        if (d)
            closedir(d);
    }
    qsort(names, (size_t)count, sizeof *names, by_name);
    for (int i = 0; i < count; i++) {
        fprintf(out, "%s%s", i ? " " : "", names[i]);
        free(names[i]);
    }
    fputc('\n', out);
}

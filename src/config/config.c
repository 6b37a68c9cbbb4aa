/* config.c - load, validate and print the configuration (see config.h). */
#include <errno.h>
#include <iniparser/iniparser.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "config/schema.h"

static const char *const expected[] = {
    [KEY_INT] = "an integer",
    [KEY_DOUBLE] = "a number",
    [KEY_TIME] = "a time with a unit such as 1.5us (ns us ms s)",
    [KEY_BYTES] = "a size with a unit such as 64KiB (B KB MB GB KiB MiB GiB)",
    [KEY_BANDWIDTH] = "a bandwidth with a unit such as 12.5GB/s or 100Gb/s",
    [KEY_BOOL] = "true or false",
    [KEY_ENUM] = "one of",
    [KEY_STRING] = "a string",
    [KEY_KINDS] = "all or a comma-separated list of p2p, collective, comm, waittest, other",
    [KEY_RANKS] = "all or a rank set such as 0-3,8",
    [KEY_WINDOW] = "all or a time window such as 1ms-5ms or 2s-",
    [KEY_SEGMENTS] = "pieces FROM:LATENCY:BANDWIDTH with increasing FROM, such as "
                     "\"4KiB:2us:5GB/s 64KiB:6us:9GB/s\"",
    [KEY_FACTORS] = "pieces NAME:FROM:FACTOR (a collective of [collectives] or alltoallv, "
                    "increasing FROM per name, FACTOR > 0), such as \"bcast:0:1.3 bcast:64KiB:0.25\"",
};

/* What a key expects, for an error about `value`: a quantity that parses
 * but is out of range gets "a positive bandwidth such as ...", one that
 * does not parse gets "a time with a unit such as ... (units: ...)". */
static void describe(const seshat_key *k, const char *value, char *buf, size_t len)
{
    static const char *const noun[] = { [KEY_TIME] = "time", [KEY_BYTES] = "size",
                                        [KEY_BANDWIDTH] = "bandwidth" };
    static const char *const example[] = { [KEY_TIME] = "1.5us", [KEY_BYTES] = "64KiB",
                                           [KEY_BANDWIDTH] = "12.5GB/s or 100Gb/s" };
    static const char *const units[] = {
        [KEY_TIME] = "ns us ms s",
        [KEY_BYTES] = "B KB MB GB TB KiB MiB GiB",
        [KEY_BANDWIDTH] = "B/s KB/s MB/s GB/s TB/s KiB/s MiB/s GiB/s b/s Kb/s Mb/s Gb/s Tb/s",
    };
    const char *sign = k->positive ? "positive" : "non-negative";
    int64_t i;
    double d;
    switch (k->kind) {
    case KEY_INT:
        snprintf(buf, len, "an integer >= %d", k->positive ? 1 : 0);
        return;
    case KEY_DOUBLE:
        snprintf(buf, len, "a %s number such as 1 or 0.5", sign);
        return;
    case KEY_TIME:
    case KEY_BYTES:
    case KEY_BANDWIDTH: {
        int parsed = k->kind == KEY_TIME    ? seshat_parse_time_ns(value, &i) == 0
                     : k->kind == KEY_BYTES ? seshat_parse_bytes(value, &i) == 0
                                            : seshat_parse_bandwidth(value, &d) == 0;
        if (parsed)
            snprintf(buf, len, "a %s %s such as %s", sign, noun[k->kind], example[k->kind]);
        else
            snprintf(buf, len, "a %s with a unit such as %s (units: %s)", noun[k->kind],
                     example[k->kind], units[k->kind]);
        return;
    }
    case KEY_ENUM:
        snprintf(buf, len, "one of %s", k->choices);
        return;
    case KEY_STRING:
        snprintf(buf, len, "a string shorter than %d characters", SESHAT_PATH_MAX);
        return;
    default:
        snprintf(buf, len, "%s", expected[k->kind]);
    }
}

static const seshat_key *find_key(const char *section, const char *key)
{
    for (int i = 0; i < seshat_nkeys; i++)
        if (!strcasecmp(seshat_keys[i].section, section) && !strcasecmp(seshat_keys[i].key, key))
            return &seshat_keys[i];
    return NULL;
}

static int known_section(const char *section)
{
    for (int i = 0; i < seshat_nkeys; i++)
        if (!strcasecmp(seshat_keys[i].section, section))
            return 1;
    return 0;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int parse_enum(const char *choices, const char *v, int *out)
{
    int idx = 0;
    for (const char *p = choices; *p; idx++) {
        size_t len = strcspn(p, "|");
        if (strlen(v) == len && !strncasecmp(p, v, len)) {
            *out = idx;
            return 0;
        }
        p += len + (p[len] == '|');
    }
    return -1;
}

static int parse_number(const char *v, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(v, &end);
    while (*end == ' ')
        end++;
    return (end == v || *end || errno) ? -1 : 0;
}

/* Parse v for k into cfg; range checks included. */
static int store(seshat_config *cfg, const seshat_key *k, const char *v)
{
    char *field = (char *)cfg + k->offset;
    double d = 0;
    int64_t i = 0;
    int e;
    switch (k->kind) {
    case KEY_INT:
        if (parse_number(v, &d) || d != (double)(int)d || d < (k->positive ? 1 : 0))
            return -1;
        *(int *)field = (int)d;
        return 0;
    case KEY_DOUBLE:
        if (parse_number(v, &d) || d < 0 || (k->positive && d == 0))
            return -1;
        *(double *)field = d;
        return 0;
    case KEY_TIME:
    case KEY_BYTES:
        if ((k->kind == KEY_TIME ? seshat_parse_time_ns(v, &i) : seshat_parse_bytes(v, &i)) ||
            i < 0 || (k->positive && i == 0))
            return -1;
        *(int64_t *)field = i;
        return 0;
    case KEY_BANDWIDTH:
        if (seshat_parse_bandwidth(v, &d) || d <= 0)
            return -1;
        *(double *)field = d;
        return 0;
    case KEY_BOOL:
        if (parse_enum("false|true|no|yes|off|on|0|1", v, &e))
            return -1;
        *(int *)field = e & 1;
        return 0;
    case KEY_ENUM:
        if (parse_enum(k->choices, v, &e))
            return -1;
        *(int *)field = e;
        return 0;
    case KEY_STRING:
        if (strlen(v) >= SESHAT_PATH_MAX)
            return -1;
        strcpy(field, v);
        return 0;
    case KEY_SEGMENTS: {
        seshat_net_segment seg[SESHAT_MAX_SEGMENTS];
        if (strlen(v) >= sizeof cfg->segments ||
            seshat_segments_parse(v, seg, SESHAT_MAX_SEGMENTS) < 0)
            return -1;
        strcpy(field, v);
        return 0;
    }
    case KEY_FACTORS: {
        int n = strlen(v) < sizeof cfg->coll_factors
                    ? seshat_coll_factors_parse(v, cfg->coll_factor, SESHAT_MAX_COLL_FACTORS)
                    : -1;
        if (n < 0) {   /* keep the previous value usable */
            cfg->ncoll_factors = seshat_coll_factors_parse(cfg->coll_factors, cfg->coll_factor,
                                                           SESHAT_MAX_COLL_FACTORS);
            return -1;
        }
        cfg->ncoll_factors = n;
        strcpy(field, v);
        return 0;
    }
    case KEY_KINDS:
    case KEY_RANKS:
    case KEY_WINDOW: {
        unsigned mask;
        int64_t a, b;
        if (strlen(v) >= 256 || (k->kind == KEY_KINDS && seshat_kindset_mask(v, &mask)) ||
            (k->kind == KEY_RANKS && seshat_rankset_check(v)) ||
            (k->kind == KEY_WINDOW && seshat_window_parse(v, &a, &b)))
            return -1;
        strcpy(field, v);
        return 0;
    }
    }
    return -1;
}

static int set_one(seshat_config *cfg, const char *where, const char *section, const char *key,
                   const char *value, seshat_origin origin, char *err, size_t errlen)
{
    if (!known_section(section))
        return fail(err, errlen, "%s: unknown section [%s] (in %s.%s); sections are "
                    "simulator, network, trace, report", where, section, section, key);
    const seshat_key *k = find_key(section, key);
    if (!k)
        return fail(err, errlen, "%s: unknown key %s.%s", where, section, key);
    if (store(cfg, k, value) != 0) {
        char what[256];
        describe(k, value, what, sizeof what);
        return fail(err, errlen, "%s: %s.%s = \"%s\": expected %s", where, section, key,
                    value, what);
    }
    cfg->origin[k - seshat_keys] = (unsigned char)origin;
    return 0;
}

void seshat_config_defaults(seshat_config *cfg)
{
    char err[256];
    memset(cfg, 0, sizeof *cfg);
    for (int i = 0; i < seshat_nkeys; i++)
        set_one(cfg, "defaults", seshat_keys[i].section, seshat_keys[i].key, seshat_keys[i].def,
                SESHAT_FROM_DEFAULT, err, sizeof err);
}

int seshat_config_set(seshat_config *cfg, const char *assignment, seshat_origin origin,
                      char *err, size_t errlen)
{
    const char *where = origin == SESHAT_FROM_ENV ? "$SESHAT_SET" : "--set";
    const char *dot = strchr(assignment, '.'), *eq = strchr(assignment, '=');
    if (!dot || !eq || dot > eq)
        return fail(err, errlen, "%s: \"%s\": expected section.key=value", where, assignment);
    char section[64], key[64];
    snprintf(section, sizeof section, "%.*s", (int)(dot - assignment), assignment);
    snprintf(key, sizeof key, "%.*s", (int)(eq - dot - 1), dot + 1);
    return set_one(cfg, where, section, key, eq + 1, origin, err, errlen);
}

static int quiet(const char *fmt, ...)
{
    (void)fmt;
    return 0;
}

static int load_file(seshat_config *cfg, const char *path, char *err, size_t errlen)
{
    if (access(path, R_OK) != 0)
        return fail(err, errlen, "%s: cannot read the configuration file: %s", path,
                    strerror(errno));
    iniparser_set_error_callback(quiet);
    dictionary *d = iniparser_load(path);
    if (!d)
        return fail(err, errlen, "%s: not a valid INI file (expected [section] headers and "
                    "key = value lines)", path);
    int rc = 0;
    for (int s = 0; rc == 0 && s < iniparser_getnsec(d); s++) {
        const char *sec = iniparser_getsecname(d, s);
        int n = iniparser_getsecnkeys(d, sec);
        const char **keys = calloc((size_t)(n > 0 ? n : 1), sizeof *keys);
        iniparser_getseckeys(d, sec, keys);
        if (n == 0 && !known_section(sec))
            rc = fail(err, errlen, "%s: unknown section [%s]", path, sec);
        for (int i = 0; rc == 0 && i < n; i++)
            rc = set_one(cfg, path, sec, keys[i] + strlen(sec) + 1,
                         iniparser_getstring(d, keys[i], ""), SESHAT_FROM_FILE, err, errlen);
        free(keys);
    }
    iniparser_freedict(d);
    return rc;
}

/* `files` is one path or several separated by ':' (a preset, then the
 * user's file), loaded in order. */
static int load_files(seshat_config *cfg, const char *files, char *err, size_t errlen)
{
    char *copy = strdup(files), *save = NULL;
    int rc = 0;
    for (char *f = strtok_r(copy, ":", &save); f && rc == 0; f = strtok_r(NULL, ":", &save))
        rc = load_file(cfg, f, err, errlen);
    free(copy);
    if (rc == 0)
        snprintf(cfg->file, sizeof cfg->file, "%s", files);
    return rc;
}

static int apply_env_sets(seshat_config *cfg, char *err, size_t errlen)
{
    const char *env = getenv("SESHAT_SET");
    if (!env || !*env)
        return 0;
    char *copy = strdup(env), *save = NULL;
    int rc = 0;
    for (char *item = strtok_r(copy, ";", &save); item && rc == 0; item = strtok_r(NULL, ";", &save))
        if (*item)
            rc = seshat_config_set(cfg, item, SESHAT_FROM_ENV, err, errlen);
    free(copy);
    return rc;
}

/* contention = on runs on the relay path: that is its default. */
static void normalize(seshat_config *cfg)
{
    if (cfg->model != SESHAT_MODEL_SIMGRID || !cfg->sg_contention)
        return;
    for (int i = 0; i < seshat_nkeys; i++)
        if (!strcmp(seshat_keys[i].section, "network") && !strcmp(seshat_keys[i].key, "path") &&
            cfg->origin[i] == SESHAT_FROM_DEFAULT)
            cfg->path = SESHAT_PATH_RELAY;
}

int seshat_config_load(seshat_config *cfg, const char *file, const char *const *sets, int nsets,
                       int use_env, char *err, size_t errlen)
{
    seshat_config_defaults(cfg);
    const char *env = use_env ? getenv("SESHAT_CONFIG") : NULL;
    if (!file && env && *env)
        file = env;
    if (!file && access("seshat.ini", F_OK) == 0)
        file = "seshat.ini";
    if (file && load_files(cfg, file, err, errlen) != 0)
        return -1;
    if (use_env && apply_env_sets(cfg, err, errlen) != 0)
        return -1;
    for (int i = 0; i < nsets; i++)
        if (seshat_config_set(cfg, sets[i], SESHAT_FROM_SET, err, errlen) != 0)
            return -1;
    normalize(cfg);
    return 0;
}

static void print_value(FILE *out, const seshat_config *cfg, const seshat_key *k)
{
    const char *field = (const char *)cfg + k->offset;
    switch (k->kind) {
    case KEY_INT: fprintf(out, "%d", *(const int *)field); break;
    case KEY_DOUBLE: fprintf(out, "%g", *(const double *)field); break;
    case KEY_TIME: fprintf(out, "%lldns", (long long)*(const int64_t *)field); break;
    case KEY_BYTES: fprintf(out, "%lldB", (long long)*(const int64_t *)field); break;
    case KEY_BANDWIDTH: fprintf(out, "%.17gB/s", *(const double *)field); break;
    case KEY_BOOL: fputs(*(const int *)field ? "true" : "false", out); break;
    case KEY_STRING:
    case KEY_KINDS:
    case KEY_RANKS:
    case KEY_SEGMENTS:
    case KEY_FACTORS:
    case KEY_WINDOW: fputs(field, out); break;
    case KEY_ENUM: {
        int idx = *(const int *)field;
        const char *p = k->choices;
        while (idx-- > 0)
            p += strcspn(p, "|") + 1;
        fprintf(out, "%.*s", (int)strcspn(p, "|"), p);
    }
    }
}

void seshat_config_print(FILE *out, const seshat_config *cfg)
{
    static const char *const from[] = { "default", "file", "environment", "--set" };
    const char *section = "";
    for (int i = 0; i < seshat_nkeys; i++) {
        const seshat_key *k = &seshat_keys[i];
        if (strcmp(section, k->section)) {
            fprintf(out, "%s[%s]\n", i ? "\n" : "", k->section);
            section = k->section;
        }
        fprintf(out, "; %s\n%s = ", k->help, k->key);
        print_value(out, cfg, k);
        fprintf(out, "    ; from %s%s%s\n", from[cfg->origin[i]],
                cfg->origin[i] == SESHAT_FROM_FILE ? " " : "",
                cfg->origin[i] == SESHAT_FROM_FILE ? cfg->file : "");
    }
}

/* load.c - load, validate and print the configuration (config.h) by the
 * table of keys (schema.h), which describes config.h's struct: the loader
 * sits above the table, the table above the struct. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <iniparser/iniparser.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/config.h"
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
    [KEY_MODEL_RANKS] = "a whole number from 1 to 65536, per-node or per-node:C (C from 1 to 64)",
    [KEY_NAME] = "a model name: letters, digits and _, at most 31",
    [KEY_FACTORS] = "pieces NAME:FROM:FACTOR (a collective of [collectives] or alltoallv, "
                    "increasing FROM per name, FACTOR > 0), such as \"bcast:0:1.3 bcast:64KiB:0.25\"",
};

/* A limit in the key's unit, as the INI would write it. */
static void quantity(enum seshat_key_kind kind, double v, char *buf, size_t len)
{
    struct unit { double scale; const char *name; };
    static const struct unit t[] = { { 1e9, "s" }, { 1e6, "ms" }, { 1e3, "us" }, { 1, "ns" } };
    static const struct unit b[] = { { 1073741824.0, "GiB" }, { 1048576.0, "MiB" },
                                     { 1024, "KiB" }, { 1, "B" } };
    static const struct unit w[] = { { 1e12, "TB/s" }, { 1e9, "GB/s" }, { 1e6, "MB/s" },
                                     { 1e3, "KB/s" }, { 1, "B/s" } };
    static const struct unit none[] = { { 1, "" } };
    const struct unit *u = kind == KEY_TIME ? t : kind == KEY_BYTES ? b
                           : kind == KEY_BANDWIDTH ? w : none;
    while (v < u->scale && u->scale > 1)
        u++;
    snprintf(buf, len, "%g%s", v / u->scale, u->name);
}

/* What a key expects, for an error about `value`: a quantity that parses
 * but is out of range gets "a time from 0ns to 10s", one that does not
 * parse gets "a time with a unit such as ... (units: ...)". */
static void describe(const seshat_key *k, const char *value, char *buf, size_t len)
{
    static const char *const noun[] = { [KEY_INT] = "whole number", [KEY_DOUBLE] = "number",
                                        [KEY_TIME] = "time", [KEY_BYTES] = "size",
                                        [KEY_BANDWIDTH] = "bandwidth" };
    static const char *const example[] = { [KEY_TIME] = "1.5us", [KEY_BYTES] = "64KiB",
                                           [KEY_BANDWIDTH] = "12.5GB/s or 100Gb/s" };
    static const char *const units[] = {
        [KEY_TIME] = "ns us ms s",
        [KEY_BYTES] = "B KB MB GB TB KiB MiB GiB",
        [KEY_BANDWIDTH] = "B/s KB/s MB/s GB/s TB/s KiB/s MiB/s GiB/s b/s Kb/s Mb/s Gb/s Tb/s",
    };
    int64_t i;
    double d;
    char lo[32], hi[32];
    switch (k->kind) {
    case KEY_INT:
    case KEY_DOUBLE:
    case KEY_TIME:
    case KEY_BYTES:
    case KEY_BANDWIDTH: {
        int parsed = k->kind == KEY_TIME    ? seshat_parse_time_ns(value, &i) == 0
                     : k->kind == KEY_BYTES ? seshat_parse_bytes(value, &i) == 0
                     : k->kind == KEY_BANDWIDTH ? seshat_parse_bandwidth(value, &d) == 0 : 1;
        if (!parsed) {
            snprintf(buf, len, "a %s with a unit such as %s (units: %s)", noun[k->kind],
                     example[k->kind], units[k->kind]);
            return;
        }
        quantity(k->kind, k->min, lo, sizeof lo);
        quantity(k->kind, k->max, hi, sizeof hi);
        snprintf(buf, len, "a %s from %s%s to %s", noun[k->kind], lo,
                 k->positive && k->min == 0 ? " (exclusive)" : "", hi);
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

/* A plain decimal number, whole string: no hex, no inf or nan. */
static int parse_number(const char *v, double *out)
{
    char *end;
    if (!*v || v[strspn(v, "0123456789.eE+- ")])
        return -1;
    errno = 0;
    *out = strtod(v, &end);
    while (*end == ' ')
        end++;
    return (end == v || *end || errno || !isfinite(*out)) ? -1 : 0;
}

static int in_range(const seshat_key *k, double v)
{
    if (v < 0 || (k->positive && v == 0))
        return 0;
    return (k->min == 0 && k->max == 0) || (v >= k->min && v <= k->max);
}

/* simulator.ranks: "K", "per-node" or "per-node:C". */
static int store_model_ranks(seshat_config *cfg, const seshat_key *k, const char *v)
{
    long long n = 1;
    int per_node = !strncasecmp(v, "per-node", 8);
    if (per_node && v[8] && (v[8] != ':' ||
                             seshat_parse_int(v + 9, 1, SESHAT_MAX_PER_NODE, &n)))
        return -1;
    if (!per_node && (seshat_parse_int(v, LLONG_MIN, LLONG_MAX, &n) || !in_range(k, (double)n)))
        return -1;
    cfg->sim_ranks = (int)n;
    cfg->sim_per_node = per_node;
    return 0;
}

/* Parse v for k into cfg; range checks included. */
static int store(seshat_config *cfg, const seshat_key *k, const char *v)
{
    char *field = (char *)cfg + k->offset;
    double d = 0;
    int64_t i = 0;
    int e;
    switch (k->kind) {
    case KEY_INT: {
        long long n;
        if (seshat_parse_int(v, LLONG_MIN, LLONG_MAX, &n) || !in_range(k, (double)n))
            return -1;
        *(int *)field = (int)n;
        return 0;
    }
    case KEY_MODEL_RANKS:
        return store_model_ranks(cfg, k, v);
    case KEY_DOUBLE:
        if (parse_number(v, &d) || !in_range(k, d))
            return -1;
        *(double *)field = d;
        return 0;
    case KEY_TIME:
    case KEY_BYTES:
        if (k->kind == KEY_TIME && !strcmp(v, "off"))   /* a time that can be off: 0 */
            i = 0;
        else if ((k->kind == KEY_TIME ? seshat_parse_time_ns(v, &i) : seshat_parse_bytes(v, &i)) ||
            !in_range(k, (double)i))
            return -1;
        *(int64_t *)field = i;
        return 0;
    case KEY_BANDWIDTH:
        if (seshat_parse_bandwidth(v, &d) || !in_range(k, d))
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
    case KEY_NAME:
        if (!*v || strlen(v) >= SESHAT_MODEL_NAME_MAX ||
            v[strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")])
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

/* iniparser keeps the last of two equal keys silently: a key given twice
 * in one file (which one did the user mean?) is an error. */
static int duplicate_keys(const char *path, char *err, size_t errlen)
{
    enum { MAXK = 512 };
    static char seen[MAXK][132];
    static int seen_line[MAXK];
    int n = 0, lineno = 0, rc = 0;
    char line[1024], section[64] = "";
    FILE *f = fopen(path, "r");
    while (f && rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        char *p = line + strspn(line, " \t");
        if (*p == '[') {
            snprintf(section, sizeof section, "%.*s", (int)strcspn(p + 1, "]"), p + 1);
            continue;
        }
        char *eq = strchr(p, '=');
        if (*p == ';' || *p == '#' || !eq)
            continue;
        while (eq > p && (eq[-1] == ' ' || eq[-1] == '\t'))
            eq--;
        /* iniparser files it under no section, and nothing reads it there:
         * a what-if with it would silently predict the recorded time. */
        if (!section[0]) {
            rc = fail(err, errlen, "%s:%d: %.*s comes before any [section]: put it under its "
                      "section (docs/configuration.md)", path, lineno, (int)(eq - p), p);
            break;
        }
        char name[132];
        snprintf(name, sizeof name, "%s.%.*s", section, (int)(eq - p), p);
        for (int i = 0; i < n && rc == 0; i++)
            if (!strcasecmp(seen[i], name))
                rc = fail(err, errlen, "%s:%d: %s is set twice (first on line %d)", path,
                          lineno, name, seen_line[i]);
        if (n < MAXK) {
            snprintf(seen[n], sizeof seen[n], "%s", name);
            seen_line[n++] = lineno;
        }
    }
    if (f)
        fclose(f);
    return rc;
}

static int load_file(seshat_config *cfg, const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (access(path, R_OK) != 0)
        return fail(err, errlen, "%s: cannot read the configuration file: %s", path,
                    strerror(errno));
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return fail(err, errlen, "%s: is a directory; expected an INI file", path);
    /* A device or a pipe (/dev/zero) would be read forever, and read twice. */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && strcmp(path, "/dev/null"))
        return fail(err, errlen, "%s: not a regular file; expected an INI file", path);
    if (st.st_size > (1 << 20))
        return fail(err, errlen, "%s: %lld bytes; an INI file of seshat is far smaller (at most "
                    "1 MiB)", path, (long long)st.st_size);
    if (duplicate_keys(path, err, errlen))
        return -1;
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

/* $SESHAT_SET: items separated by ';'; "\\;" is a ';' inside a value and
 * "\\\\" a backslash (seshat-run writes its --set items so, losslessly). */
static int apply_env_sets(seshat_config *cfg, char *err, size_t errlen)
{
    const char *env = getenv("SESHAT_SET");
    if (!env || !*env)
        return 0;
    char *item = malloc(strlen(env) + 1);
    int rc = 0;
    for (const char *p = env; rc == 0;) {
        size_t n = 0;
        for (; *p && *p != ';'; p++)
            item[n++] = p[0] == '\\' && (p[1] == ';' || p[1] == '\\') ? *++p : *p;
        item[n] = 0;
        if (n)
            rc = seshat_config_set(cfg, item, SESHAT_FROM_ENV, err, errlen);
        if (!*p++)
            break;
    }
    free(item);
    return rc;
}

/* contention = on runs on the relay path: that is its default (whether
 * the model shares links is the registry's to say: seshat_model_init). */
static void normalize(seshat_config *cfg)
{
    if (!cfg->sg_contention)
        return;
    for (int i = 0; i < seshat_nkeys; i++)
        if (!strcmp(seshat_keys[i].section, "network") && !strcmp(seshat_keys[i].key, "path") &&
            cfg->origin[i] == SESHAT_FROM_DEFAULT)
            cfg->path = SESHAT_PATH_RELAY;
}

/* Settings that are each valid but not together. The effective bandwidth
 * (times bandwidth_factor) keeps at least 1KB/s: a 1TiB message then takes
 * about 1.1e18 ns, inside the int64-nanosecond clock. */
static int validate(const seshat_config *cfg, char *err, size_t errlen)
{
    if (cfg->bandwidth_Bps * cfg->bandwidth_factor < 1e3)
        return fail(err, errlen, "network.bandwidth x network.bandwidth_factor = %gB/s: "
                    "expected at least 1KB/s", cfg->bandwidth_Bps * cfg->bandwidth_factor);
    seshat_net_segment seg[SESHAT_MAX_SEGMENTS];
    int n = seshat_segments_parse(cfg->segments, seg, SESHAT_MAX_SEGMENTS);
    for (int i = 0; i < n; i++)
        if (seg[i].latency_ns > 10 * 1000000000LL || seg[i].bandwidth_Bps > 1e15 ||
            seg[i].bandwidth_Bps * cfg->bandwidth_factor < 1e3)
            return fail(err, errlen, "network.segments: piece %d: expected a latency from 0ns "
                        "to 10s and a bandwidth from 1KB/s to 1000TB/s (at least 1KB/s times "
                        "network.bandwidth_factor)", i + 1);
    /* Under contention a send the model calls eager must never wait in
     * Open MPI (docs/models.md, "Contention"): seshat raises the
     * shared-memory transport's eager limit to match, and that transport
     * buffers up to 64 KiB reliably (at 256 KiB a send-send of two ranks
     * hangs natively). */
    if (cfg->io_model == SESHAT_IO_SIMGRID && strcmp(cfg->model, "simgrid"))
        return fail(err, errlen, "io.model = simgrid needs network.model = simgrid (the disks are "
                    "in its platform), not %s", cfg->model);
    if (cfg->sg_contention && cfg->eager_limit > SESHAT_CONTENTION_EAGER_MAX)
        return fail(err, errlen, "network.eager_limit = %lld B: network.contention = on needs at "
                    "most 64KiB (Open MPI's shared-memory transport does not buffer larger "
                    "sends, which would then wait)", (long long)cfg->eager_limit);
    return 0;
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
    return validate(cfg, err, errlen);
}

static void print_value(FILE *out, const seshat_config *cfg, const seshat_key *k)
{
    const char *field = (const char *)cfg + k->offset;
    switch (k->kind) {
    case KEY_INT: fprintf(out, "%d", *(const int *)field); break;
    case KEY_MODEL_RANKS:
        if (!cfg->sim_per_node)
            fprintf(out, "%d", cfg->sim_ranks);
        else
            fprintf(out, cfg->sim_ranks == 1 ? "per-node" : "per-node:%d", cfg->sim_ranks);
        break;
    case KEY_DOUBLE: fprintf(out, "%g", *(const double *)field); break;
    case KEY_TIME: fprintf(out, "%lldns", (long long)*(const int64_t *)field); break;
    case KEY_BYTES: fprintf(out, "%lldB", (long long)*(const int64_t *)field); break;
    case KEY_BANDWIDTH: fprintf(out, "%.17gB/s", *(const double *)field); break;
    case KEY_BOOL: fputs(*(const int *)field ? "true" : "false", out); break;
    case KEY_STRING:
    case KEY_NAME:
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

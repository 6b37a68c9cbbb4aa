/* config.h - seshat's configuration: one schema table drives parsing,
 * validation and printing.
 *
 * Sources, lowest to highest precedence: built-in defaults, ./seshat.ini
 * (only when no explicit file is given), $SESHAT_CONFIG, --config FILE,
 * then `section.key=value` overrides (--set, or $SESHAT_SET separated by ';').
 * Every quantity takes a unit: times (ns us ms s), sizes (B KB MB GB KiB
 * MiB GiB), bandwidths (B/s KB/s MB/s GB/s KiB/s MiB/s GiB/s b/s Kb/s Mb/s
 * Gb/s Tb/s). Decimal prefixes are SI, binary ones are powers of 1024.
 *
 * Errors: every function returns 0 on success, -1 on error with a one-line
 * message in the caller's buffer naming the file, key, value and what was
 * expected. The struct is left usable (defaults) after an error. */
#ifndef SESHAT_CONFIG_H
#define SESHAT_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { SESHAT_CLOCK_CPU, SESHAT_CLOCK_WALL, SESHAT_CLOCK_NONE } seshat_clock_kind;
typedef enum { SESHAT_CPUCLOCK_AUTO, SESHAT_CPUCLOCK_PERF, SESHAT_CPUCLOCK_THREAD } seshat_cpuclock;
typedef enum { SESHAT_PATH_DIRECT, SESHAT_PATH_RELAY } seshat_path_kind;
typedef enum { SESHAT_IO_ANALYTIC, SESHAT_IO_NONE, SESHAT_IO_SIMGRID } seshat_io_model;

/* Where a value came from, for --print-config. */
typedef enum {
    SESHAT_FROM_DEFAULT, SESHAT_FROM_FILE, SESHAT_FROM_ENV, SESHAT_FROM_SET
} seshat_origin;

#define SESHAT_PATH_MAX 1024
/* network.model: a name of netmodel/model/registry.c (letters, digits, '_').
 * The config layer sits below the models: it checks the form, the
 * registry the name (seshat_model_init). */
#define SESHAT_MODEL_NAME_MAX 32
/* simulator.ranks = per-node:C: at most this many model ranks per node. */
#define SESHAT_MAX_PER_NODE 64
/* network.eager_limit with contention = on: at most what Open MPI's
 * shared-memory transport buffers reliably (larger is refused). */
#define SESHAT_CONTENTION_EAGER_MAX 65536

/* [collectives] factors: the collectives a factor names, in the order of
 * seshat_coll_kind (netmodel/model/coll_sched.h) for the first 11, then
 * alltoallv (MPI_Alltoallv/w: timed as alltoall, with factors of its own). */
#define SESHAT_FACTOR_CLASSES 12
#define SESHAT_FACTOR_ALLTOALLV 11
#define SESHAT_MAX_COLL_FACTORS 64
extern const char *const seshat_factor_names[SESHAT_FACTOR_CLASSES];

/* The collective algorithms a [collectives] KIND key may name, in the
 * order of their values: the one list, which the schedules' enum
 * seshat_coll_alg (netmodel/model/coll_sched.h) is made from. */
#define SESHAT_COLL_ALGS(X) \
    X(AUTO, auto) X(LINEAR, linear) X(BINOMIAL, binomial) X(BINARY, binary) \
    X(PIPELINE, pipeline) X(RECURSIVE_DOUBLING, recursive_doubling) \
    X(RABENSEIFNER, rabenseifner) X(RING, ring) X(BRUCK, bruck) X(PAIRWISE, pairwise) \
    X(DISSEMINATION, dissemination) X(CHAIN, chain) X(KNOMIAL, knomial) \
    X(NONOVERLAPPING, nonoverlapping) X(NEIGHBOR_EXCHANGE, neighbor_exchange) \
    X(RECURSIVE_HALVING, recursive_halving) X(SCATTER_ALLGATHER, scatter_allgather) X(TREE, tree)

typedef struct seshat_config {
    /* [simulator] */
    int sim_ranks;                 /* ranks: model ranks K, >= 1; per node if sim_per_node */
    int sim_per_node;              /* ranks = per-node[:C]: sim_ranks = C on every node */
    seshat_clock_kind clock;       /* clock: cpu | wall | none */
    double cpu_factor;             /* cpu_factor: compute interval multiplier, > 0 */
    seshat_cpuclock cpu_clock;     /* cpu_clock: auto | perf | thread */
    int clock_compensation;        /* clock_compensation: bool, subtract the clock's own cost */
    int virtual_clocks;            /* virtual_clocks: bool, the program's own clock reads are virtual */
    int64_t debug_model_delay_ns;  /* debug_model_delay: test knob, model sleeps per message */
    int64_t watchdog_ns;           /* watchdog: end a job that made no progress this long, 0 off */
    /* [network] */
    char model[SESHAT_MODEL_NAME_MAX]; /* model: a registry name (loggp, simgrid, ...) */
    seshat_path_kind path;         /* path: direct | relay */
    int64_t latency_ns;            /* latency (time) */
    double bandwidth_Bps;          /* bandwidth (bytes/s), > 0 */
    int64_t overhead_ns;           /* overhead (time), per send and per receive */
    int64_t gap_ns;                /* gap (time) between message injections */
    int64_t eager_limit;           /* eager_limit (bytes); <= SESHAT_CONTENTION_EAGER_MAX
                                      with contention = on */
    char segments[512];            /* segments: piecewise "FROM:LATENCY:BANDWIDTH ..." */
    double latency_factor;         /* latency_factor, > 0 */
    double bandwidth_factor;       /* bandwidth_factor, > 0 */
    double collective_factor;      /* collective_factor, > 0 */
    char platform[SESHAT_PATH_MAX];/* platform: SimGrid XML (model = simgrid) */
    int sg_model;                  /* simgrid_model: CM02 | SMPI | LV08 | IB */
    char sg_cfg[SESHAT_PATH_MAX];  /* simgrid_cfg: "name:value ..." passed to SimGrid */
    int sg_contention;             /* contention: bool (model = simgrid) */
    char sg_placement[SESHAT_PATH_MAX]; /* placement: block | round_robin | FILE */
    /* [collectives]: algorithm per collective, index into
     * SESHAT_COLL_ALGS (0 = auto) */
    int coll_alg[16];
    char coll_factors[1024];       /* factors: "NAME:FROM:FACTOR ..." (coll_factors.c) */
    int ncoll_factors;             /* ... parsed by the loader */
    struct seshat_coll_factor {
        int cls;                   /* index into seshat_factor_names */
        int64_t from;              /* bytes */
        double factor;
    } coll_factor[SESHAT_MAX_COLL_FACTORS];
    /* [trace] */
    int trace_enabled;             /* enabled: bool */
    char trace_dir[SESHAT_PATH_MAX];
    int64_t trace_buffer;          /* buffer (bytes) */
    char trace_kinds[256];         /* kinds: all | p2p,collective,comm,waittest,other */
    char trace_ranks[256];         /* ranks: all | 0-3,8 */
    int64_t trace_min_bytes;       /* min_bytes: smaller messages are not recorded */
    char trace_window[256];        /* window: all | 1ms-5ms | 2s- */
    char trace_comms[256];         /* comms: all | 0,3 (communicator ids) */
    int trace_payload;             /* payload: also record message contents */
    int trace_call_path;           /* call_path: frames per call site, 1..8 */
    int64_t trace_sample_ns;       /* sample: CPU time between call-stack samples, 0 = off */
    int64_t trace_debug_delay_ns;  /* debug_write_delay: test knob, every record sleeps */
    /* [io] (docs/models.md, "MPI-IO") */
    seshat_io_model io_model;      /* model: analytic | none | simgrid */
    int64_t io_latency_ns;         /* latency: per request */
    double io_bandwidth_Bps;       /* bandwidth: the file system's aggregate, > 0 */
    double io_client_Bps;          /* client_bandwidth: one rank's, > 0 */
    int64_t io_metadata_ns;        /* metadata_latency: open, close, sync, set_size, ... */
    /* [report] */
    int report_summary;            /* summary: bool, end-of-run summary on stderr */
    int report_matrix;             /* matrix: bool, rank x rank matrices + size histogram */
    char report_prefix[SESHAT_PATH_MAX]; /* prefix: matrix file names, may hold a directory */
    char report_profile[SESHAT_PATH_MAX]; /* profile: directory of profile.txt/.json, "" = off */

    /* bookkeeping, filled by the loader */
    char file[SESHAT_PATH_MAX];    /* the INI file used, "" if none */
    unsigned char origin[64];      /* seshat_origin per schema entry */
} seshat_config;

/* Fill with built-in defaults. Never fails. */
void seshat_config_defaults(seshat_config *cfg);

/* Load per the precedence above. `file` may list several files separated
 * by ':' (loaded in order: a preset, then the user's file). It may be NULL (then $SESHAT_CONFIG,
 * then ./seshat.ini if it exists). `sets` are "section.key=value" strings.
 * If `use_env` is non-zero, $SESHAT_CONFIG and $SESHAT_SET are read too
 * (libseshat does; tools pass what they were given). */
int seshat_config_load(seshat_config *cfg, const char *file,
                       const char *const *sets, int nsets, int use_env,
                       char *err, size_t errlen);

/* Apply one "section.key=value" override. */
int seshat_config_set(seshat_config *cfg, const char *assignment,
                      seshat_origin origin, char *err, size_t errlen);

/* Print the effective configuration as INI, each value annotated with its
 * origin. */
void seshat_config_print(FILE *out, const seshat_config *cfg);

/* [trace] filters. Event kinds, in bit order: */
enum { SESHAT_KIND_P2P, SESHAT_KIND_COLL, SESHAT_KIND_COMM, SESHAT_KIND_WAITTEST,
       SESHAT_KIND_OTHER, SESHAT_KIND_COUNT };
int seshat_kindset_mask(const char *s, unsigned *mask);          /* 0 or -1 */
int seshat_rankset_check(const char *s);                          /* 0 or -1 */
int seshat_rankset_contains(const char *s, int rank);             /* 1 or 0 */
/* ranks[0..n-1] (ascending) as a rank set "0-2,5" in buf (cut short, ending
 * in "...", if it does not fit). */
void seshat_rankset_format(const int *ranks, int n, char *buf, size_t len);
int seshat_window_parse(const char *s, int64_t *from, int64_t *to); /* 0 or -1 */

/* [network] segments: up to SESHAT_MAX_SEGMENTS pieces with increasing
 * FROM sizes; messages of at least `from` bytes use that latency and
 * bandwidth. Returns the count, or -1 if `s` is malformed. */
#define SESHAT_MAX_SEGMENTS 16
typedef struct seshat_net_segment {
    int64_t from;
    int64_t latency_ns;
    double bandwidth_Bps;
} seshat_net_segment;
int seshat_segments_parse(const char *s, seshat_net_segment *seg, int max);

/* [collectives] factors: pieces NAME:FROM:FACTOR (FACTOR > 0; per NAME,
 * increasing FROM). Returns the count, or -1 if `s` is malformed. */
typedef struct seshat_coll_factor seshat_coll_factor;
int seshat_coll_factors_parse(const char *s, seshat_coll_factor *f, int max);
/* The cost factor of a collective of class `cls` (a seshat_coll_kind, or
 * SESHAT_FACTOR_ALLTOALLV) and block size `bytes`: collective_factor times
 * the piece of [collectives] factors that covers it (1 if none). */
double seshat_config_coll_factor(const seshat_config *cfg, int cls, int64_t bytes);
/* A lower bound of seshat_config_coll_factor over every class and size,
 * and 1 (a point-to-point message's factor): collective_factor x the
 * smallest piece, at most 1. The shortest latency any transfer can get is
 * the shortest route's times this (contention's lookahead). */
double seshat_config_coll_factor_min(const seshat_config *cfg);

/* Presets (presets.c): NAME.ini in the user's preset directory
 * ($SESHAT_PRESETS, else $XDG_CONFIG_HOME/seshat/presets, else
 * ~/.config/seshat/presets), then the installed and source-tree
 * config/presets. Path lookup returns 0 or -1; list prints names. */
int seshat_user_preset_dir(char *out, size_t len);
int seshat_preset_path(const char *name, char *out, size_t len);
void seshat_preset_list(FILE *out);

/* Unit parsers, exposed for tests and tools. Return 0 or -1. */
int seshat_parse_time_ns(const char *s, int64_t *ns);
int seshat_parse_bytes(const char *s, int64_t *bytes);
/* A list of tokens separated by blanks or commas: item(tok, i, ctx) for
 * each, i counting from 0. Returns the count, or -1 when a token is longer
 * than 127 bytes, there are more than max, or item returns non-zero. */
int seshat_parse_list(const char *s, int max, int (*item)(const char *tok, int i, void *ctx),
                      void *ctx);
int seshat_parse_bandwidth(const char *s, double *bytes_per_s);

/* A whole decimal integer in [lo, hi] (no sign but '-', no unit, no
 * exponent, no trailing text). 0, or -1 if `s` is not one. */
int seshat_parse_int(const char *s, long long lo, long long hi, long long *out);
/* The same for a tool's argument "OPT VALUE": on failure prints one line
 * "TOOL: OPT VALUE: expected a whole number from LO to HI" and returns -1. */
int seshat_int_arg(const char *tool, const char *opt, const char *s, long long lo,
                   long long hi, long long *out);

/* Application ranks a job may have (seshat-run -np). */
#define SESHAT_MAX_APP_RANKS 65536

#endif

/* analysis.h - the result of a replay analysis, as the writers take it.
 *
 * The replay (analyze_replay.c, ...) fills one seshat_analysis on the root
 * analyzer process; the writers (JSON, text summary, CUBE4, HTML) only read
 * it. Every value is in seconds of virtual time unless it says otherwise.
 *
 * Severities are stored per (pattern, call site, rank), the three
 * dimensions of a CUBE4 file: the metric tree, the call tree (here flat:
 * one node per call site under the program's root) and the system tree
 * (one location per trace rank). */
#ifndef SESHAT_ANALYSIS_H
#define SESHAT_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

/* The metric tree, in CUBE order (parents before children).
 * X(id, json name, parent id, display name, description)
 * sev[] holds exclusive values (a parent does not include its children),
 * so the sum over every pattern, site and rank is the sum of the ranks' run
 * times. Writers that show a pattern's total (JSON `total`, the summary)
 * add its descendants: late_sender.total includes the wrong-order part. */
#define SESHAT_PATTERNS(X)                                                                      \
    X(TIME, "time", -1, "Time", "Total virtual time of the ranks")                              \
    X(COMPUTATION, "computation", SESHAT_PAT_TIME, "Computation",                               \
      "Virtual time outside MPI (stored at site -1)")                                          \
    X(MPI, "mpi", SESHAT_PAT_TIME, "MPI", "Virtual time in MPI calls not classified below")    \
    X(P2P, "p2p", SESHAT_PAT_MPI, "Point-to-point", "Point-to-point time not in a wait state")  \
    X(LATE_SENDER, "late_sender", SESHAT_PAT_P2P, "Late Sender",                                \
      "A receive waited for a send that had not started")                                      \
    X(LATE_SENDER_WRONG_ORDER, "late_sender_wrong_order", SESHAT_PAT_LATE_SENDER,               \
      "Late Sender, Wrong Order", "Late Sender while an earlier-sent message was waiting")       \
    X(LSWO_SAME, "late_sender_wrong_order_same_source", SESHAT_PAT_LATE_SENDER_WRONG_ORDER,     \
      "Same source", "Wrong order: the earlier-sent message came from the same sender")         \
    X(LSWO_DIFF, "late_sender_wrong_order_different_sources",                                   \
      SESHAT_PAT_LATE_SENDER_WRONG_ORDER, "Different sources",                                  \
      "Wrong order: the earlier-sent message came from another sender")                         \
    X(LATE_RECEIVER, "late_receiver", SESHAT_PAT_P2P, "Late Receiver",                          \
      "A synchronous or rendezvous send waited for its receive to be posted")                  \
    X(COLL, "collective", SESHAT_PAT_MPI, "Collective", "Collective time not in a wait state")  \
    X(WAIT_BARRIER, "wait_barrier", SESHAT_PAT_COLL, "Wait at Barrier",                         \
      "Waiting in a barrier for the last rank to enter")                                       \
    X(BARRIER_COMPLETION, "barrier_completion", SESHAT_PAT_COLL, "Barrier Completion",          \
      "Time in a barrier after the first rank left")                                           \
    X(WAIT_NXN, "wait_nxn", SESHAT_PAT_COLL, "Wait at N x N",                                   \
      "Waiting in an all-to-all collective for the last rank to enter")                        \
    X(NXN_COMPLETION, "nxn_completion", SESHAT_PAT_COLL, "N x N Completion",                    \
      "Time in an all-to-all collective after the first rank left")                            \
    X(EARLY_REDUCE, "early_reduce", SESHAT_PAT_COLL, "Early Reduce",                            \
      "A reduction/gather root waited for the latest sender to enter")                                 \
    X(EARLY_SCAN, "early_scan", SESHAT_PAT_COLL, "Early Scan",                                  \
      "A scan waited for the last lower rank to enter")                                        \
    X(LATE_BROADCAST, "late_broadcast", SESHAT_PAT_COLL, "Late Broadcast",                      \
      "A broadcast/scatter receiver waited for the root to enter")                             \
    X(RMA_WAIT_AT_FENCE, "rma_wait_at_fence", SESHAT_PAT_MPI, "Wait at Fence",                  \
      "Waiting in MPI_Win_fence for the last rank to enter")                                  \
    X(RMA_EARLY_FENCE, "rma_early_fence", SESHAT_PAT_RMA_WAIT_AT_FENCE, "Early Fence",          \
      "Wait at Fence before the epoch's last transfer to this rank started")                  \
    X(RMA_SYNC_LATE_POST, "rma_sync_late_post", SESHAT_PAT_MPI, "Late Post",                    \
      "MPI_Win_start waiting for a target's MPI_Win_post")                                     \
    X(RMA_EARLY_WAIT, "rma_early_wait", SESHAT_PAT_MPI, "Early Wait",                           \
      "MPI_Win_wait waiting for the last origin's MPI_Win_complete")                           \
    X(RMA_LATE_COMPLETE, "rma_late_complete", SESHAT_PAT_RMA_EARLY_WAIT, "Late Complete",       \
      "Early Wait after the epoch's last transfer started")                                    \
    X(RMA_SYNC_LOCK_COMPETITION, "rma_sync_lock_competition", SESHAT_PAT_MPI,                   \
      "Lock Contention (Synchronization)", "MPI_Win_lock waiting for a conflicting lock's release") \
    X(RMA_COMM_LOCK_COMPETITION, "rma_comm_lock_competition", SESHAT_PAT_MPI,                   \
      "Lock Contention (Communication)",                                                        \
      "A transfer under MPI_Win_lock_all waiting for a conflicting lock's release")             \
    X(MPI_IO, "mpi_io", SESHAT_PAT_MPI, "File I/O", "Time in MPI-IO calls (MPI_File_*)")          \
    X(MPI_IO_COLL, "mpi_io_collective", SESHAT_PAT_MPI_IO, "Collective I/O",                       \
      "Time in collective MPI-IO calls (open, close, sync, _all, _ordered, ...)")

enum seshat_pattern {
#define SESHAT_PAT_ENUM(id, name, parent, disp, desc) SESHAT_PAT_##id,
    SESHAT_PATTERNS(SESHAT_PAT_ENUM)
#undef SESHAT_PAT_ENUM
    SESHAT_NPATTERNS
};

/* Whether a pattern is a wait state (not a category of call time). */
static inline int seshat_pattern_is_wait(int p)
{
    return p > SESHAT_PAT_MPI && p != SESHAT_PAT_P2P && p != SESHAT_PAT_COLL &&
           p != SESHAT_PAT_MPI_IO && p != SESHAT_PAT_MPI_IO_COLL;
}

typedef struct seshat_pattern_info {
    const char *name;        /* snake_case, the JSON key and CUBE metric id */
    int parent;              /* -1 for a root */
    const char *display;
    const char *description;
} seshat_pattern_info;

extern const seshat_pattern_info seshat_pattern_infos[SESHAT_NPATTERNS];

/* A call site, the same for every rank that has it (ranks are unified by
 * function and location, not by their per-rank site index). */
typedef struct seshat_site {
    char *function;          /* MPI call name, "MPI_Recv" */
    char *location;          /* "file.c:42" or "module+0x1234" or "?" */
    char *callers;           /* its callers, innermost first, each a location:
                                "file.c:9 (f) < file.c:30 (main)"; "" if none known */
} seshat_site;

/* One stretch of a rank's virtual timeline, for the HTML timeline. */
typedef struct seshat_segment {
    int64_t start, end;
    int site;                /* index into sites; -1 = computation */
} seshat_segment;

#define SESHAT_SIZE_BUCKETS 40   /* bucket b: [2^(b-1), 2^b) bytes; 0: 0 bytes */

/* One wait: `rank` waited from `from` until `to`, when `cause_rank` (or
 * the message it sent) released it. */
typedef struct seshat_wait {
    int32_t rank, cause_rank;
    int64_t from, to;
} seshat_wait;

#define SESHAT_TOP_WAITS 16      /* the longest waits kept for the report */

/* One point-to-point message for the timeline: from its send call's
 * enter on src to the end of the call in which dst's receive completed. */
typedef struct seshat_msg {
    int32_t src, dst;
    int64_t send, recv;
} seshat_msg;

#define SESHAT_MSG_LINES 2000    /* the longest messages (recv - send) drawn */

/* Delay costs (root causes of wait states, after Böhme et al.; the
 * definitions are in docs/patterns.md). Scalasca's metric tree and names:
 * X(id, json name, parent id, display name). Values sit on the leaves
 * (short-term and long-term cost per kind of wait state); a parent is the
 * sum of its children. Scalasca has no delay metric for Early Scan: those
 * are seshat's (seshat_*). */
#define SESHAT_DELAYS(X)                                                                  \
    X(ALL, "delay", -1, "Delay costs")                                                    \
    X(MPI, "delay_mpi", SESHAT_DL_ALL, "MPI")                                 \
    X(P2P, "delay_p2p", SESHAT_DL_MPI, "Point-to-point")                      \
    X(LS_AGG, "delay_latesender_aggregate", SESHAT_DL_P2P, "Late Sender")     \
    X(LS, "delay_latesender", SESHAT_DL_LS_AGG, "Short-term")                             \
    X(LS_LT, "delay_latesender_longterm", SESHAT_DL_LS_AGG, "Long-term")                  \
    X(LR_AGG, "delay_latereceiver_aggregate", SESHAT_DL_P2P, "Late Receiver") \
    X(LR, "delay_latereceiver", SESHAT_DL_LR_AGG, "Short-term")                           \
    X(LR_LT, "delay_latereceiver_longterm", SESHAT_DL_LR_AGG, "Long-term")                \
    X(COLL, "delay_collective", SESHAT_DL_MPI, "Collective")                  \
    X(BAR_AGG, "delay_barrier_aggregate", SESHAT_DL_COLL, "Wait at Barrier")  \
    X(BAR, "delay_barrier", SESHAT_DL_BAR_AGG, "Short-term")                              \
    X(BAR_LT, "delay_barrier_longterm", SESHAT_DL_BAR_AGG, "Long-term")                   \
    X(N2N_AGG, "delay_n2n_aggregate", SESHAT_DL_COLL, "Wait at N x N")        \
    X(N2N, "delay_n2n", SESHAT_DL_N2N_AGG, "Short-term")                                  \
    X(N2N_LT, "delay_n2n_longterm", SESHAT_DL_N2N_AGG, "Long-term")                       \
    X(B12N_AGG, "delay_12n_aggregate", SESHAT_DL_COLL, "Late Broadcast")      \
    X(B12N, "delay_12n", SESHAT_DL_B12N_AGG, "Short-term")                                \
    X(B12N_LT, "delay_12n_longterm", SESHAT_DL_B12N_AGG, "Long-term")                     \
    X(N21_AGG, "delay_n21_aggregate", SESHAT_DL_COLL, "Early Reduce")         \
    X(N21, "delay_n21", SESHAT_DL_N21_AGG, "Short-term")                                  \
    X(N21_LT, "delay_n21_longterm", SESHAT_DL_N21_AGG, "Long-term")                       \
    X(SCAN_AGG, "seshat_delay_scan_aggregate", SESHAT_DL_COLL, "Early Scan")         \
    X(SCAN, "seshat_delay_scan", SESHAT_DL_SCAN_AGG, "Short-term")                               \
    X(SCAN_LT, "seshat_delay_scan_longterm", SESHAT_DL_SCAN_AGG, "Long-term")

enum seshat_delay_metric {
#define SESHAT_DL_ENUM(id, name, parent, disp) SESHAT_DL_##id,
    SESHAT_DELAYS(SESHAT_DL_ENUM)
#undef SESHAT_DL_ENUM
    SESHAT_NDELAYS
};

typedef struct seshat_delay_info {
    const char *name;
    int parent;              /* -1 for the root */
    const char *display;
} seshat_delay_info;

extern const seshat_delay_info seshat_delay_infos[SESHAT_NDELAYS];

/* One root cause: the delay of `rank` at call site `site` (-1: its
 * computation outside MPI) and the waiting it caused, short-term (direct)
 * and long-term (propagated through other wait states). */
typedef struct seshat_root_cause {
    int32_t rank, site;
    int64_t direct, propagated;   /* ns */
    /* Computation only: the sampled call path (samples->p index, -1: no
     * samples) holding most of it in the delaying intervals, or when none
     * was sampled there (in_interval = 0), the rank's top compute path. */
    int32_t path, in_interval;
    int64_t saved;   /* ns the run saves with it evened out, by a counterfactual
                        replay (docs/analysis.md); -1: not replayed */
} seshat_root_cause;

/* MPI-IO per file (IO trace records), every rank's accesses together. */
typedef struct seshat_io_file {
    char *name;
    int64_t bytes_read, bytes_written;
    int64_t ns;              /* time in the MPI_File_* calls that accessed it */
} seshat_io_file;

#define SESHAT_ROOT_CAUSES 100   /* the largest root causes kept for the outputs */

typedef struct seshat_analysis {
    int nranks;
    /* Is the trace whole (an_check.h)? If not, every output says so and
     * lists the problems, one line each naming the file. */
    int complete;
    int nproblems;
    char **problems;
    unsigned char *traced;   /* [nranks]: 1 if the rank's stream was read */
    /* Records whose partner rank has no stream (a rank-filtered trace, a
     * missing stream): their wait states are unknown, not zero. */
    uint64_t unknown_recvs, unknown_sends, unknown_colls;
    int nsites;
    seshat_site *sites;
    int64_t run_time;        /* the largest final virtual time */
    int64_t *rank_time;      /* [nranks]: final virtual time (MPI_Finalize) */

    /* [SESHAT_NPATTERNS][nsites][nranks], exclusive severities (seconds).
     * TIME is stored with site -1 folded into site index nsites, so the
     * array is [SESHAT_NPATTERNS][nsites + 1][nranks]; the extra row is
     * "computation" (no call site). Use seshat_sev(). */
    int64_t *sev;
    uint64_t *visits;        /* [nsites + 1][nranks]: calls */
    int *site_kind;          /* [nsites]: SESHAT_PAT_P2P, _COLL or _MPI: where the
                                call's time not in a wait state goes */

    uint64_t *msg_count;     /* [nranks][nranks]: messages sender -> receiver */
    uint64_t *msg_bytes;     /* [nranks][nranks] */
    uint64_t size_hist[SESHAT_SIZE_BUCKETS]; /* point-to-point messages */

    int have_critical_path;
    int64_t *critical_path;  /* [nsites + 1]: time on the critical path */
    int64_t *cp_imbalance;   /* [nsites + 1]: critical-path imbalance */
    int ntop_waits;          /* the longest waits, longest first */
    seshat_wait top_waits[SESHAT_TOP_WAITS];
    int64_t *cp_rank;        /* [nsites + 1][nranks]: critical_path split by the
                                rank the path ran on (CUBE's location dimension) */

    int have_delay;
    int64_t *delay;          /* [SESHAT_NDELAYS][nsites + 1][nranks], ns on the leaves
                                (site nsites = computation); seshat_delay() */
    int nroot_causes;        /* sorted by direct + propagated, largest first */
    seshat_root_cause *root_causes;
    /* The computation intervals that delayed a partner, for counterfactual
     * replays: (rank, start, end, excess ns) each, the excess the rank
     * computed in (start, end] over what the waiting partner computed. */
    int64_t (*delay_cuts)[4];
    size_t ndelay_cuts;

    int have_ideal;          /* --pop: the trace replayed on an ideal network */
    int64_t ideal_time;      /* its run time (the POP methodology's T_ideal) */

    int have_whatif;
    char *whatif_model;      /* the --model file */
    int64_t whatif_time;     /* predicted run time under it */
    int64_t *whatif_rank_time; /* [nranks] */

    seshat_segment **timeline; /* [nranks]: time-ordered, may be coarsened */
    size_t *ntimeline;         /* [nranks] */
    seshat_msg *msgs;          /* matched messages, the longest SESHAT_MSG_LINES, */
    size_t nmsgs;              /* in send order (ties: src, dst, recv) */

    /* Each rank's own call-site indices -> sites[] (-1: none), for the
     * analyzer's later passes. */
    int **local_site;          /* [nranks][nlocal[r]] */
    int *nlocal;

    /* MPI-IO (IO records): bytes per rank, and per file sorted by name. */
    int64_t *io_read, *io_written;   /* [nranks] */
    int nio_files;
    seshat_io_file *io_files;

    /* trace.sample: computation by call path (an_samples.h), NULL if the
     * trace has no samples or they were not read. */
    struct an_samples *samples;
} seshat_analysis;

static inline int64_t *seshat_sev(const seshat_analysis *a, int pattern, int site, int rank)
{
    int s = site < 0 ? a->nsites : site;
    return &a->sev[((size_t)pattern * (size_t)(a->nsites + 1) + (size_t)s) * (size_t)a->nranks +
                   (size_t)rank];
}

static inline int64_t *seshat_delay(const seshat_analysis *a, int metric, int site, int rank)
{
    int s = site < 0 ? a->nsites : site;
    return &a->delay[((size_t)metric * (size_t)(a->nsites + 1) + (size_t)s) * (size_t)a->nranks +
                     (size_t)rank];
}

/* A delay metric including its children, at one site and rank. */
int64_t seshat_delay_inclusive(const seshat_analysis *a, int metric, int site, int rank);

/* Where a root cause is: "file:line" of its MPI call site, or for
 * computation its sampled call path's innermost frame, "file:line (fn)",
 * or "computation (outside MPI)" without samples. */
const char *seshat_root_cause_location(const seshat_analysis *a, const seshat_root_cause *c);
/* Its callers, innermost first ("file:line (fn) < ..."), "" if unknown. */
const char *seshat_root_cause_callers(const seshat_analysis *a, const seshat_root_cause *c);
/* Root cause i in plain words, one line without a newline, into buf. */
/* What a root cause is, in words: "computation in f (x.c:9)",
 * "computation (outside MPI)" or "MPI_Recv at x.c:9". */
void seshat_root_cause_what(const seshat_analysis *a, const seshat_root_cause *c, char *buf,
                            size_t n);
void seshat_root_cause_words(const seshat_analysis *a, int i, char *buf, size_t n);

/* The POP methodology's efficiencies (docs/patterns.md): u_i = rank i's
 * computation (time outside MPI), T = the run time. load_balance =
 * mean(u) / max(u), communication = max(u) / T, or serialization x
 * transfer when the ideal-network replay is there (serialization =
 * max(u) / T_ideal, transfer = T_ideal / T; -1 when not), parallel =
 * load_balance x communication: the identities hold exactly (products).
 * Not defined (defined = 0) without computation or run time. */
typedef struct seshat_pop {
    int defined;
    double parallel, load_balance, communication, serialization, transfer;
    int64_t useful_max, useful_sum;
} seshat_pop;

void seshat_analysis_pop(const seshat_analysis *a, seshat_pop *p);

/* Allocates every array for nranks and nsites (zeroed); sites[] entries
 * are left NULL for the caller. Returns -1 on out of memory. */
int seshat_analysis_alloc(seshat_analysis *a, int nranks, int nsites);
/* A pattern's value including its descendants (the figure users read). */
int64_t seshat_analysis_inclusive(const seshat_analysis *a, int pattern, int site, int rank);
void seshat_analysis_free(seshat_analysis *a);

/* Writers. Each returns 0, or -1 with a message naming the file in err. */
int seshat_analysis_write_json(const seshat_analysis *a, const char *path, char *err,
                               size_t errlen);
int seshat_analysis_write_cube(const seshat_analysis *a, const char *path, char *err,
                               size_t errlen);
int seshat_analysis_write_html(const seshat_analysis *a, const char *path, char *err,
                               size_t errlen);

#endif

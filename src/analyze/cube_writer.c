/* cube_writer.c - TRACEDIR/analysis.cubex, a CUBE4 file without cubelib:
 * a tar of anchor.xml (metric tree x call tree x system tree) and, per
 * metric, <id>.index (CUBEX.INDEX, dense list of call-node ids) and
 * <id>.data (CUBEX.DATA, one value per call node and location).
 *
 * Metrics carry Scalasca 2.x's names and hierarchy (the remapped trace
 * analysis report, scout.spec; docs/analysis-outputs.md maps each seshat
 * pattern to its Scalasca metric), so `cube_dump -m mpi_latesender` and
 * users' Cube habits work. Values are inclusive of sub-metrics (as CUBE
 * stores them) and exclusive per call node (metric type EXCLUSIVE).
 *
 * Call tree: the trace records a call path per MPI call (the call's
 * file:line and each caller's up to main). So: main (the root) > the
 * functions on the path, each a call node carrying the file:line it was
 * called from > the MPI call, carrying the file:line of the call; calls
 * made by main hang under the root directly.
 * Time outside MPI (comp) and the bytes of each rank are kept at the root:
 * the analyzer has them per rank, not per call site.
 * System tree: machine > node > one process per trace rank > one thread. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/an_samples.h"
#include "analyze/analysis.h"
#include "analyze/markup.h"
#include "common/safe_write.h"
#include "analyze/tar_writer.h"

/* The metric tree, parents before children (the inclusive sums rely on it). */
#define CUBE_METRICS(X)                                                                          \
    X(TIME, "time", -1, "Time", "sec", "Total virtual time of the ranks")                        \
    X(EXEC, "execution", M_TIME, "Execution", "sec", "Virtual time of the program")              \
    X(COMP, "comp", M_EXEC, "Computation", "sec", "Virtual time outside MPI (at the root)")      \
    X(MPI, "mpi", M_EXEC, "MPI", "sec", "Virtual time in MPI calls not classified below")        \
    X(MGMT, "mpi_management", M_MPI, "Management", "sec", "MPI management calls")                \
    X(INIT, "mpi_init_exit", M_MGMT, "Init/Finalize", "sec", "Time in MPI_Init and MPI_Finalize") \
    X(MCOMM, "mpi_mgmt_comm", M_MGMT, "Communicator", "sec",                                     \
      "Time in communicator and topology management calls")                                      \
    X(SYNC, "mpi_synchronization", M_MPI, "Synchronization", "sec", "MPI synchronization")        \
    X(SCOLL, "mpi_sync_collective", M_SYNC, "Collective", "sec",                                 \
      "Barrier time not in a wait state")                                                        \
    X(BWAIT, "mpi_barrier_wait", M_SCOLL, "Wait at Barrier", "sec", NULL)                        \
    X(BCOMP, "mpi_barrier_completion", M_SCOLL, "Barrier Completion", "sec", NULL)               \
    X(RSYNC, "mpi_rma_synchronization", M_SYNC, "One-sided", "sec",                             \
      "One-sided synchronization time not in a wait state")                                      \
    X(RACT, "mpi_rma_sync_active", M_RSYNC, "Active Target", "sec",                              \
      "Active target synchronization time not in a wait state")                                  \
    X(RFENCE, "mpi_rma_wait_at_fence", M_RACT, "Wait at Fence", "sec", NULL)                     \
    X(REFENCE, "mpi_rma_early_fence", M_RFENCE, "Early Fence", "sec", NULL)                      \
    X(RLPOST, "mpi_rma_sync_late_post", M_RACT, "Late Post", "sec", NULL)                        \
    X(REWAIT, "mpi_rma_early_wait", M_RACT, "Early Wait", "sec", NULL)                           \
    X(RLCOMPL, "mpi_rma_late_complete", M_REWAIT, "Late Complete", "sec", NULL)                  \
    X(RPASS, "mpi_rma_sync_passive", M_RSYNC, "Passive Target", "sec",                           \
      "Passive target wait states (the calls' other time is under One-sided)")                   \
    X(RSLOCK, "mpi_rma_sync_lock_competition", M_RPASS, "Lock Contention", "sec", NULL)          \
    X(COMM, "mpi_communication", M_MPI, "Communication", "sec", "MPI communication")             \
    X(P2P, "mpi_point2point", M_COMM, "Point-to-point", "sec", NULL)                             \
    X(LS, "mpi_latesender", M_P2P, "Late Sender", "sec", NULL)                                   \
    X(LSWO, "mpi_latesender_wo", M_LS, "Messages in Wrong Order", "sec", NULL)                   \
    X(LSWOD, "mpi_lswo_different", M_LSWO, "From different sources", "sec", NULL)                \
    X(LSWOS, "mpi_lswo_same", M_LSWO, "From same source", "sec", NULL)                           \
    X(LR, "mpi_latereceiver", M_P2P, "Late Receiver", "sec", NULL)                               \
    X(COLL, "mpi_collective", M_COMM, "Collective", "sec",                                       \
      "Collective time (barriers excepted) not in a wait state")                                 \
    X(ER, "mpi_earlyreduce", M_COLL, "Early Reduce", "sec", NULL)                                \
    X(ES, "mpi_earlyscan", M_COLL, "Early Scan", "sec", NULL)                                    \
    X(LB, "mpi_latebroadcast", M_COLL, "Late Broadcast", "sec", NULL)                            \
    X(NXN, "mpi_wait_nxn", M_COLL, "Wait at N x N", "sec", NULL)                                 \
    X(NXNC, "mpi_nxn_completion", M_COLL, "N x N Completion", "sec", NULL)                       \
    X(RCOMM, "mpi_rma_communication", M_COMM, "One-sided", "sec",                                \
      "One-sided communication wait states (the calls' other time is under MPI)")                \
    X(RCLOCK, "mpi_rma_comm_lock_competition", M_RCOMM, "Lock Contention", "sec", NULL)          \
    X(IO, "mpi_io", M_MPI, "File I/O", "sec", "Time in MPI-IO calls")                            \
    X(IOC, "mpi_io_collective", M_IO, "Collective", "sec", "Time in collective MPI-IO calls")   \
    X(VISITS, "visits", -1, "Visits", "occ", "Number of calls")                                  \
    X(COMMS, "comms", -1, "MPI communications", "occ", "Point-to-point messages")                \
    X(CP2P, "comms_p2p", M_COMMS, "Point-to-point", "occ", "Point-to-point messages")            \
    X(CSEND, "comms_send", M_CP2P, "Sends", "occ", "Messages sent (at the root)")                \
    X(CRECV, "comms_recv", M_CP2P, "Receives", "occ", "Messages received (at the root)")         \
    X(BYTES, "bytes", -1, "MPI bytes transferred", "bytes", "Point-to-point bytes")              \
    X(BP2P, "bytes_p2p", M_BYTES, "Point-to-point", "bytes", "Point-to-point bytes")             \
    X(BSENT, "bytes_sent", M_BP2P, "Sent", "bytes", "Bytes sent (at the root)")                  \
    X(BRCVD, "bytes_rcvd", M_BP2P, "Received", "bytes", "Bytes received (at the root)")          \
    X(CP, "critical_path", -1, "Critical path", "sec",                                           \
      "Time on the critical path, by call path and the rank it ran on")                          \
    X(CPI, "critical_path_imbalance", M_CP, "Imbalance", "sec",                                  \
      "Critical-path time above the ranks' average, split like the path")                        \
    X(DL_ALL, "delay", -1, "Delay costs", "sec",                                                 \
      "Costs and location of delays causing wait states")                                        \
    X(DL_MPI, "delay_mpi", M_DL_ALL, "MPI", "sec",                                               \
      "Delays causing wait states in MPI operations")                                            \
    X(DL_P2P, "delay_p2p", M_DL_MPI, "Point-to-point", "sec",                                    \
      "Delays causing wait states in MPI point-to-point communication")                          \
    X(DL_LS_AGG, "delay_latesender_aggregate", M_DL_P2P, "Late Sender", "sec",                   \
      "Delays causing Late Sender wait states")                                                  \
    X(DL_LS, "delay_latesender", M_DL_LS_AGG, "Short-term", "sec",                               \
      "Delays that directly cause Late Sender wait states")                                      \
    X(DL_LS_LT, "delay_latesender_longterm", M_DL_LS_AGG, "Long-term", "sec",                    \
      "Delays that cause Late Sender wait states through propagation")                           \
    X(DL_LR_AGG, "delay_latereceiver_aggregate", M_DL_P2P, "Late Receiver", "sec",               \
      "Delays causing Late Receiver wait states")                                                \
    X(DL_LR, "delay_latereceiver", M_DL_LR_AGG, "Short-term", "sec",                             \
      "Delays that directly cause Late Receiver wait states")                                    \
    X(DL_LR_LT, "delay_latereceiver_longterm", M_DL_LR_AGG, "Long-term", "sec",                  \
      "Delays that cause Late Receiver wait states through propagation")                         \
    X(DL_COLL, "delay_collective", M_DL_MPI, "Collective", "sec",                                \
      "Delays causing wait states in MPI collective communication")                              \
    X(DL_BAR_AGG, "delay_barrier_aggregate", M_DL_COLL, "Wait at Barrier", "sec",                \
      "Delays causing Wait at Barrier wait states")                                              \
    X(DL_BAR, "delay_barrier", M_DL_BAR_AGG, "Short-term", "sec",                                \
      "Delays that directly cause Wait at Barrier wait states")                                  \
    X(DL_BAR_LT, "delay_barrier_longterm", M_DL_BAR_AGG, "Long-term", "sec",                     \
      "Delays that cause Wait at Barrier wait states through propagation")                       \
    X(DL_N2N_AGG, "delay_n2n_aggregate", M_DL_COLL, "Wait at N x N", "sec",                      \
      "Delays causing Wait at N x N wait states")                                                \
    X(DL_N2N, "delay_n2n", M_DL_N2N_AGG, "Short-term", "sec",                                    \
      "Delays that directly cause Wait at N x N wait states")                                    \
    X(DL_N2N_LT, "delay_n2n_longterm", M_DL_N2N_AGG, "Long-term", "sec",                         \
      "Delays that cause Wait at N x N wait states through propagation")                         \
    X(DL_B12N_AGG, "delay_12n_aggregate", M_DL_COLL, "Late Broadcast", "sec",                    \
      "Delays causing Late Broadcast wait states")                                               \
    X(DL_B12N, "delay_12n", M_DL_B12N_AGG, "Short-term", "sec",                                  \
      "Delays that directly cause Late Broadcast wait states")                                   \
    X(DL_B12N_LT, "delay_12n_longterm", M_DL_B12N_AGG, "Long-term", "sec",                       \
      "Delays that cause Late Broadcast wait states through propagation")                        \
    X(DL_N21_AGG, "delay_n21_aggregate", M_DL_COLL, "Early Reduce", "sec",                       \
      "Delays causing Early Reduce wait states")                                                 \
    X(DL_N21, "delay_n21", M_DL_N21_AGG, "Short-term", "sec",                                    \
      "Delays that directly cause Early Reduce wait states")                                     \
    X(DL_N21_LT, "delay_n21_longterm", M_DL_N21_AGG, "Long-term", "sec",                         \
      "Delays that cause Early Reduce wait states through propagation")                          \
    X(DL_SCAN_AGG, "seshat_delay_scan_aggregate", M_DL_COLL, "Early Scan", "sec",                \
      "Delays causing Early Scan wait states")                                                   \
    X(DL_SCAN, "seshat_delay_scan", M_DL_SCAN_AGG, "Short-term", "sec",                          \
      "Delays that directly cause Early Scan wait states")                                       \
    X(DL_SCAN_LT, "seshat_delay_scan_longterm", M_DL_SCAN_AGG, "Long-term", "sec",               \
      "Delays that cause Early Scan wait states through propagation")

enum cube_metric {
#define CUBE_M_ENUM(id, u, parent, disp, uom, descr) M_##id,
    CUBE_METRICS(CUBE_M_ENUM)
#undef CUBE_M_ENUM
    M_COUNT
};

typedef struct cube_metric_info {
    const char *uniq;
    int parent;
    const char *disp, *uom, *descr;
} cube_metric_info;

static const cube_metric_info metrics[M_COUNT] = {
#define CUBE_M_INFO(id, u, parent, disp, uom, descr) [M_##id] = { u, parent, disp, uom, descr },
    CUBE_METRICS(CUBE_M_INFO)
#undef CUBE_M_INFO
};

static int is_count(int m) { return m >= M_VISITS && m <= M_BRCVD; }

/* Where each seshat pattern's exclusive time goes (barrier/MPI sorted later). */
static const int pattern_metric[SESHAT_NPATTERNS] = {
    [SESHAT_PAT_TIME] = M_TIME, [SESHAT_PAT_COMPUTATION] = M_COMP, [SESHAT_PAT_MPI] = M_MPI,
    [SESHAT_PAT_P2P] = M_P2P, [SESHAT_PAT_LATE_SENDER] = M_LS,
    [SESHAT_PAT_LATE_SENDER_WRONG_ORDER] = M_LSWO, [SESHAT_PAT_LSWO_SAME] = M_LSWOS,
    [SESHAT_PAT_LSWO_DIFF] = M_LSWOD, [SESHAT_PAT_LATE_RECEIVER] = M_LR,
    [SESHAT_PAT_COLL] = M_COLL, [SESHAT_PAT_WAIT_BARRIER] = M_BWAIT,
    [SESHAT_PAT_BARRIER_COMPLETION] = M_BCOMP, [SESHAT_PAT_WAIT_NXN] = M_NXN,
    [SESHAT_PAT_NXN_COMPLETION] = M_NXNC, [SESHAT_PAT_EARLY_REDUCE] = M_ER,
    [SESHAT_PAT_EARLY_SCAN] = M_ES, [SESHAT_PAT_LATE_BROADCAST] = M_LB,
    [SESHAT_PAT_RMA_WAIT_AT_FENCE] = M_RFENCE, [SESHAT_PAT_RMA_EARLY_FENCE] = M_REFENCE,
    [SESHAT_PAT_RMA_SYNC_LATE_POST] = M_RLPOST, [SESHAT_PAT_RMA_EARLY_WAIT] = M_REWAIT,
    [SESHAT_PAT_RMA_LATE_COMPLETE] = M_RLCOMPL, [SESHAT_PAT_RMA_SYNC_LOCK_COMPETITION] = M_RSLOCK,
    [SESHAT_PAT_RMA_COMM_LOCK_COMPETITION] = M_RCLOCK,
    [SESHAT_PAT_MPI_IO] = M_IO, [SESHAT_PAT_MPI_IO_COLL] = M_IOC,
};
_Static_assert(SESHAT_NPATTERNS == 26, "map every seshat pattern to a Scalasca metric");

/* Where each delay metric goes (the same tree, names and order). */
static const int delay_metric[SESHAT_NDELAYS] = {
#define CUBE_DL_MAP(id, name, parent, disp) [SESHAT_DL_##id] = M_DL_##id,
    SESHAT_DELAYS(CUBE_DL_MAP)
#undef CUBE_DL_MAP
};

/* The call tree built from the call sites' call paths. */
typedef struct cube_fn {
    char *name, *file;   /* a user function; its file (or module) */
    int begin, end;      /* the lines of its frames (0: no line info) */
} cube_fn;

typedef struct cube_node {
    int parent;          /* node index; -1 for the root (main) */
    int fn, mpi;         /* the callee: user function fn, or MPI region mpi (-1 if not) */
    char *file;          /* the call site: the calling frame's file, NULL = unknown */
    int line;            /* and line: 0 no line info, -1 unknown */
    int child, next;     /* first child, next sibling (build order), -1 = none */
    int id;              /* preorder id */
} cube_node;

typedef struct cube_tree {
    int nfn, nmpi, nnodes, cap, ncnodes;
    cube_fn *fn;         /* fn[0] is the root, "main" */
    char **mpi;          /* MPI function regions */
    cube_node *node;     /* node[0] is the root */
    int *site_node;      /* [nsites]: each site's MPI call node */
    int *sample_node;    /* [samples->n]: each sampled call path's node (an_samples.h) */
} cube_tree;

#define CUBE_FRAMES 16   /* frames of a path read (the tracer keeps 8) */

typedef struct cube_frame {
    char *fn, *file;
    int line;
} cube_frame;

/* "file:line (caller)" or "caller in module+0xOFF" (an_local.c), n bytes. */
static void parse_location(const char *whole, size_t n, cube_frame *fr)
{
    char *loc = strndup(whole, n);
    const char *open = strrchr(loc, '('), *in = strstr(loc, " in ");
    fr->line = 0;
    if (open && open > loc && n && loc[n - 1] == ')') {
        fr->fn = strndup(open + 1, (size_t)(loc + n - 1 - open - 1));
        const char *colon = memrchr(loc, ':', (size_t)(open - loc));
        fr->file = strndup(loc, (size_t)((colon ? colon : open - 1) - loc));
        fr->line = colon ? atoi(colon + 1) : 0;
    } else if (in) {
        fr->fn = strndup(loc, (size_t)(in - loc));
        const char *plus = strstr(in + 4, "+0x");
        fr->file = plus ? strndup(in + 4, (size_t)(plus - in - 4)) : strdup(in + 4);
    } else {
        fr->fn = strdup("?");
        fr->file = strdup(loc[0] ? loc : "?");
    }
    if (!fr->file[0]) {
        free(fr->file);
        fr->file = strdup("?");
    }
    free(loc);
}

/* A site's frames, outermost first: its callers (innermost first in the
 * string "a < b < main"), then its own location. Returns how many. */
static int site_frames(const seshat_site *site, cube_frame *fr, int max)
{
    const char *up[64];
    size_t len[64];
    int n = 0;
    for (const char *p = site->callers; p && *p && n < 63;) {
        const char *sep = strstr(p, " < ");
        up[n] = p;
        len[n++] = sep ? (size_t)(sep - p) : strlen(p);
        p = sep ? sep + 3 : NULL;
    }
    int k = 0;
    for (int i = n - 1; i >= 0 && k < max - 1; i--)
        parse_location(up[i], len[i], &fr[k++]);
    parse_location(site->location, strlen(site->location), &fr[k++]);
    return k;
}

static int is_main(const char *fn) { return !strcmp(fn, "main") || !strcmp(fn, "MAIN__"); }

static int find_fn(cube_tree *t, const char *name, const char *file)
{
    if (is_main(name))
        return 0;
    for (int i = 1; i < t->nfn; i++)
        if (!strcmp(t->fn[i].name, name) && !strcmp(t->fn[i].file, file))
            return i;
    cube_fn *n = realloc(t->fn, ((size_t)t->nfn + 1) * sizeof *n);
    if (!n)
        return 0;
    t->fn = n;
    t->fn[t->nfn] = (cube_fn){ strdup(name), strdup(file), 0, 0 };
    return t->nfn++;
}

static int find_mpi(cube_tree *t, const char *name)
{
    for (int i = 0; i < t->nmpi; i++)
        if (!strcmp(t->mpi[i], name))
            return i;
    t->mpi[t->nmpi] = strdup(name);
    return t->nmpi++;
}

static void widen(cube_fn *f, const char *file, int line)
{
    if (line <= 0)
        return;
    if (!f->file || !strcmp(f->file, "?")) {
        free(f->file);
        f->file = strdup(file);
    }
    if (f->begin == 0 || line < f->begin)
        f->begin = line;
    if (line > f->end)
        f->end = line;
}

/* parent's child calling (fn or mpi) from file:line, made if new: calls
 * of one callee from one place share a call path (offsets of a module
 * without line information, two calls on a line), as in Scalasca. */
static int child(cube_tree *t, int parent, int fn, int mpi, const char *file, int line)
{
    for (int c = t->node[parent].child; c >= 0; c = t->node[c].next) {
        const cube_node *x = &t->node[c];
        if (x->fn == fn && x->mpi == mpi && x->line == line &&
            (x->file && file ? !strcmp(x->file, file) : x->file == file))
            return c;
    }
    if (t->nnodes == t->cap) {
        int cap = t->cap ? 2 * t->cap : 64;
        cube_node *n = realloc(t->node, (size_t)cap * sizeof *n);
        if (!n)
            return parent;
        t->node = n;
        t->cap = cap;
    }
    int c = t->nnodes++;
    t->node[c] = (cube_node){ parent, fn, mpi, file ? strdup(file) : NULL, line, -1,
                              t->node[parent].child, 0 };
    t->node[parent].child = c;
    return c;
}

/* Each site's path from main down to its MPI call. A path that does not
 * reach main (a truncated unwind, an older trace without callers) hangs
 * under the root with its first call site unknown. */
static void tree_site(cube_tree *t, const seshat_analysis *a, int s)
{
    cube_frame fr[CUBE_FRAMES];
    int n = site_frames(&a->sites[s], fr, CUBE_FRAMES), at = 0, i = 0;
    if (is_main(fr[0].fn)) {
        widen(&t->fn[0], fr[0].file, fr[0].line);
        i = 1;
    }
    for (; i < n; i++) {
        int fn = find_fn(t, fr[i].fn, fr[i].file);
        widen(&t->fn[fn], fr[i].file, fr[i].line);
        at = child(t, at, fn, -1, i ? fr[i - 1].file : NULL, i ? fr[i - 1].line : -1);
    }
    if (!a->sites[s].function) {   /* a sampled path: its innermost function is the node */
        t->site_node[s] = at;
    } else {
        at = child(t, at, -1, find_mpi(t, a->sites[s].function), fr[n - 1].file, fr[n - 1].line);
        t->site_node[s] = at;
    }
    for (int k = 0; k < n; k++) {
        free(fr[k].fn);
        free(fr[k].file);
    }
}

/* Children in order of call line, then functions before MPI calls. */
static int node_after(const cube_tree *t, int x, int y)
{
    const cube_node *a = &t->node[x], *b = &t->node[y];
    if (a->line != b->line)
        return a->line > b->line;
    if ((a->mpi >= 0) != (b->mpi >= 0))
        return a->mpi >= 0;
    return a->mpi >= 0 ? a->mpi > b->mpi : a->fn > b->fn;
}

/* Sorts each node's children (insertion into its list) and numbers the
 * nodes in preorder. */
static void number(cube_tree *t, int n, int *id)
{
    t->node[n].id = (*id)++;
    int sorted = -1;
    for (int c = t->node[n].child, next; c >= 0; c = next) {
        next = t->node[c].next;
        int *p = &sorted;
        while (*p >= 0 && !node_after(t, *p, c))
            p = &t->node[*p].next;
        t->node[c].next = *p;
        *p = c;
    }
    t->node[n].child = sorted;
    for (int c = sorted; c >= 0; c = t->node[c].next)
        number(t, c, id);
}

/* Sampled computation (trace.sample): each path's frames down to its
 * innermost function, whose node holds the computation found there. */
static void tree_samples(cube_tree *t, const seshat_analysis *a)
{
    const an_samples *sm = a->samples;
    if (!sm || !(t->sample_node = calloc((size_t)sm->n, sizeof(int))))
        return;
    for (int i = 0; i < sm->n; i++) {
        /* tree_site on a stand-in site with no MPI function */
        seshat_site one = { NULL, sm->p[i].site, sm->p[i].callers };
        seshat_analysis b = { .sites = &one };
        int *sn = t->site_node;
        t->site_node = &t->sample_node[i];
        tree_site(t, &b, 0);
        t->site_node = sn;
    }
}

static void tree_build(cube_tree *t, const seshat_analysis *a)
{
    size_t n = (size_t)a->nsites + 1;
    t->fn = calloc(1, sizeof *t->fn);
    t->mpi = calloc(n, sizeof *t->mpi);
    t->site_node = calloc(n, sizeof(int));
    t->fn[0] = (cube_fn){ strdup("main"), strdup("?"), 0, 0 };
    t->nfn = 1;
    t->cap = 64;
    t->node = malloc((size_t)t->cap * sizeof *t->node);
    if (!t->node)
        return;
    t->node[0] = (cube_node){ -1, 0, -1, NULL, -1, -1, -1, 0 };   /* the root */
    t->nnodes = 1;
    for (int s = 0; s < a->nsites; s++)
        tree_site(t, a, s);
    tree_samples(t, a);
    int id = 0;
    number(t, 0, &id);
    t->ncnodes = id;
}

static void tree_free(cube_tree *t, int nsites)
{
    (void)nsites;
    for (int i = 0; i < t->nfn; i++) {
        free(t->fn[i].name);
        free(t->fn[i].file);
    }
    for (int i = 0; i < t->nmpi; i++)
        free(t->mpi[i]);
    for (int i = 0; i < t->nnodes; i++)
        free(t->node[i].file);
    free(t->fn);
    free(t->mpi);
    free(t->node);
    free(t->site_node);
    free(t->sample_node);
}

/* Score-P's region roles, which Scalasca's remapping sorts MPI time by. */
static const char *mpi_role(const char *f, int kind)
{
    static const char *const one2all[] = { "MPI_Bcast", "MPI_Ibcast", "MPI_Scatter", "MPI_Iscatter",
                                           "MPI_Scatterv", "MPI_Iscatterv", NULL };
    static const char *const all2one[] = { "MPI_Reduce", "MPI_Ireduce", "MPI_Gather", "MPI_Igather",
                                           "MPI_Gatherv", "MPI_Igatherv", NULL };
    if (!strcmp(f, "MPI_Barrier") || !strcmp(f, "MPI_Ibarrier"))
        return "barrier";
    for (int i = 0; one2all[i]; i++)
        if (!strcmp(f, one2all[i]))
            return "one2all";
    for (int i = 0; all2one[i]; i++)
        if (!strcmp(f, all2one[i]))
            return "all2one";
    if (kind == SESHAT_PAT_COLL)
        return strstr(f, "eighbor") ? "other collective" : "all2all";
    return kind == SESHAT_PAT_P2P ? "point2point" : "function";
}

/* Scalasca's mpi_mgmt_comm and mpi_init_exit name lists, shortened to the
 * calls seshat interposes (a prefix test covers the families). */
static int mpi_class(const char *f)
{
    static const char *const comm[] = { "MPI_Comm_", "MPI_Cart", "MPI_Dims_create", "MPI_Graph",
                                        "MPI_Dist_graph_", "MPI_Intercomm_", "MPI_Topo_test", NULL };
    if (!strcmp(f, "MPI_Init") || !strcmp(f, "MPI_Init_thread") || !strcmp(f, "MPI_Finalize") ||
        !strcmp(f, "MPI_Initialized") || !strcmp(f, "MPI_Finalized"))
        return M_INIT;
    for (int i = 0; comm[i]; i++)
        if (!strncmp(f, comm[i], strlen(comm[i])))
            return M_MCOMM;
    static const char *const active[] = { "MPI_Win_fence", "MPI_Win_post", "MPI_Win_start",
                                          "MPI_Win_complete", "MPI_Win_wait", "MPI_Win_test", NULL };
    static const char *const passive[] = { "MPI_Win_lock", "MPI_Win_unlock", "MPI_Win_flush",
                                           NULL };
    for (int i = 0; active[i]; i++)
        if (!strcmp(f, active[i]))
            return M_RACT;
    for (int i = 0; passive[i]; i++)   /* and their _all, _local variants */
        if (!strncmp(f, passive[i], strlen(passive[i])))
            return M_RSYNC;
    return M_MPI;
}

static void metric(FILE *f, int m, int depth)
{
    const cube_metric_info *in = &metrics[m];
    const char *descr = in->descr;
    for (int p = 0; !descr && p < SESHAT_NPATTERNS; p++)
        if (pattern_metric[p] == m)
            descr = seshat_pattern_infos[p].description;
    fprintf(f, "%*s<metric id=\"%d\" type=\"EXCLUSIVE\">\n%*s<disp_name>%s</disp_name>"
               "<uniq_name>%s</uniq_name><dtype>%s</dtype><uom>%s</uom><url></url><descr>",
            depth, "", m, depth + 1, "", in->disp, in->uniq, is_count(m) ? "UINT64" : "DOUBLE",
            in->uom);
    an_markup(f, descr ? descr : "");
    fputs("</descr>\n", f);
    for (int c = 0; c < M_COUNT; c++)
        if (metrics[c].parent == m)
            metric(f, c, depth + 1);
    fprintf(f, "%*s</metric>\n", depth, "");
}

static void region(FILE *f, int id, const char *name, const char *mod, int begin, int end,
                   const char *paradigm, const char *role)
{
    fprintf(f, "  <region id=\"%d\" mod=\"", id);
    an_markup(f, mod);
    fprintf(f, "\" begin=\"%d\" end=\"%d\"><name>", begin, end);
    an_markup(f, name);
    fputs("</name><mangled_name>", f);
    an_markup(f, name);
    /* A module without line information (or main, when it calls no MPI). */
    fprintf(f, "</mangled_name><paradigm>%s</paradigm><role>%s</role><url></url><descr>%s</descr>"
               "</region>\n", paradigm, role,
            !strcmp(paradigm, "mpi") ? "MPI library" : begin ? "" : "no line information");
}

/* line -1: unknown, left out as cubew does. */
static void cnode(FILE *f, int id, int callee, const char *mod, int line, int depth, int close)
{
    fprintf(f, "%*s<cnode id=\"%d\" ", depth, "", id);
    if (line >= 0)
        fprintf(f, "line=\"%d\" ", line);
    fputs("mod=\"", f);
    an_markup(f, mod);
    fprintf(f, "\" calleeId=\"%d\">%s\n", callee, close ? "</cnode>" : "");
}

/* A call node and its subtree; the root's own call site is unknown (-1,
 * left out as cubew does). */
static void emit_node(FILE *f, const cube_tree *t, int n, int depth)
{
    const cube_node *x = &t->node[n];
    int callee = x->mpi >= 0 ? t->nfn + x->mpi : x->fn;
    const char *mod = x->file ? x->file : t->fn[x->fn >= 0 ? x->fn : 0].file;
    cnode(f, x->id, callee, mod, x->file ? x->line : -1, depth, x->child < 0);
    if (x->child < 0)
        return;
    for (int c = x->child; c >= 0; c = t->node[c].next)
        emit_node(f, t, c, depth + 1);
    fprintf(f, "%*s</cnode>\n", depth, "");
}

static void program(FILE *f, const seshat_analysis *a, const cube_tree *t)
{
    fputs(" <program>\n", f);
    /* Regions: the functions (0 = main), then the MPI calls. */
    for (int i = 0; i < t->nfn; i++)
        region(f, i, t->fn[i].name, t->fn[i].file, t->fn[i].begin, t->fn[i].end, "user",
               "function");
    for (int i = 0; i < t->nmpi; i++) {
        int kind = SESHAT_PAT_MPI;
        for (int s = 0; s < a->nsites; s++)
            kind = t->node[t->site_node[s]].mpi == i ? a->site_kind[s] : kind;
        region(f, t->nfn + i, t->mpi[i], "MPI", 0, 0, "mpi", mpi_role(t->mpi[i], kind));
    }
    emit_node(f, t, 0, 2);
    fputs(" </program>\n", f);
}

static void anchor(FILE *f, const seshat_analysis *a, const cube_tree *t)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cube version=\"4.4\">\n"
          " <attr key=\"Creator\" value=\"seshat-analyze\"/>\n"
          " <attr key=\"CUBE_CT_AGGR\" value=\"SUM\"/>\n", f);
    /* A trace that is not whole says so where CUBE readers show metadata. */
    fprintf(f, " <attr key=\"seshat.complete\" value=\"%s\"/>\n", a->complete ? "true" : "false");
    for (int i = 0; i < a->nproblems; i++) {
        fprintf(f, " <attr key=\"seshat.problem.%d\" value=\"", i);
        an_markup(f, a->problems[i]);
        fputs("\"/>\n", f);
    }
    fputs(" <metrics>\n", f);
    for (int m = 0; m < M_COUNT; m++)
        if (metrics[m].parent < 0)
            metric(f, m, 2);
    fputs(" </metrics>\n", f);
    program(f, a, t);
    fputs(" <system>\n  <systemtreenode Id=\"0\"><name>machine</name>"
          "<class>machine</class>\n   <systemtreenode Id=\"1\"><name>node</name><class>node</class>\n",
          f);
    for (int r = 0; r < a->nranks; r++)
        fprintf(f, "    <locationgroup Id=\"%d\"><name>rank %d</name><rank>%d</rank>"
                   "<type>process</type>\n     <location Id=\"%d\"><name>master thread</name>"
                   "<rank>0</rank><type>thread</type></location>\n    </locationgroup>\n",
                r, r, r, r);
    fputs("   </systemtreenode>\n  </systemtreenode>\n </system>\n</cube>\n", f);
}

/* Dense index: every call node, in id order. */
static void index_file(FILE *f, int ncnodes)
{
    int32_t one = 1, n = ncnodes;
    uint16_t version = 0;
    uint8_t type = 1;
    fwrite("CUBEX.INDEX", 1, 11, f);
    fwrite(&one, 4, 1, f);
    fwrite(&version, 2, 1, f);
    fwrite(&type, 1, 1, f);
    fwrite(&n, 4, 1, f);
    for (int32_t i = 0; i < n; i++)
        fwrite(&i, 4, 1, f);
}

/* All values, [metric][cnode][rank], first exclusive, then inclusive of
 * the sub-metrics. Times in ns, counts as they are. */
typedef struct cube_values {
    int ncnodes, nranks;
    double *v;
} cube_values;

static double *val(cube_values *cv, int m, int cn, int r)
{
    return &cv->v[((size_t)m * (size_t)cv->ncnodes + (size_t)cn) * (size_t)cv->nranks + (size_t)r];
}

static int time_metric(const seshat_analysis *a, int p, int s)
{
    int m = pattern_metric[p];
    if (s < 0)
        return m;
    if (m == M_COLL && !strcmp(mpi_role(a->sites[s].function, a->site_kind[s]), "barrier"))
        return M_SCOLL;
    return m == M_MPI ? mpi_class(a->sites[s].function) : m;
}

static void site_values(cube_values *cv, const seshat_analysis *a, const cube_tree *t, int s)
{
    int cn = s < 0 ? 0 : t->node[t->site_node[s]].id, row = s < 0 ? a->nsites : s;
    for (int r = 0; r < a->nranks; r++) {
        for (int p = 0; p < SESHAT_NPATTERNS; p++)
            *val(cv, time_metric(a, p, s), cn, r) += 1e-9 * (double)*seshat_sev(a, p, s, r);
        *val(cv, M_VISITS, cn, r) += s < 0 ? 0 : (double)a->visits[(size_t)s * (size_t)a->nranks + (size_t)r];
        for (int m = 0; a->have_delay && m < SESHAT_NDELAYS; m++)   /* leaves only: parents sum up */
            *val(cv, delay_metric[m], cn, r) += 1e-9 * (double)*seshat_delay(a, m, s, r);
        if (!a->have_critical_path)
            continue;
        /* The imbalance is part of the path's time: exclusive = the rest. */
        double cp = (double)a->cp_rank[(size_t)row * (size_t)a->nranks + (size_t)r];
        double imb = a->critical_path[row]
                         ? (double)a->cp_imbalance[row] * cp / (double)a->critical_path[row] : 0;
        *val(cv, M_CP, cn, r) += 1e-9 * (cp - imb);
        *val(cv, M_CPI, cn, r) += 1e-9 * imb;
    }
}

/* Sampled computation moves from the root to the functions where it ran. */
static void sample_values(cube_values *cv, const seshat_analysis *a, const cube_tree *t)
{
    const an_samples *sm = a->samples;
    if (!sm || !t->sample_node)
        return;
    for (int i = 0; i < sm->n; i++) {
        int cn = t->node[t->sample_node[i]].id;
        for (int r = 0; r < a->nranks; r++) {
            double v = 1e-9 * (double)sm->p[i].time[r], *root = val(cv, M_COMP, 0, r);
            v = v < *root ? v : *root;   /* never more than the root holds */
            *root -= v;
            *val(cv, M_COMP, cn, r) += v;
        }
    }
}

static int values_build(cube_values *cv, const seshat_analysis *a, const cube_tree *t)
{
    cv->ncnodes = t->ncnodes;
    cv->nranks = a->nranks;
    cv->v = calloc((size_t)M_COUNT * (size_t)t->ncnodes * (size_t)(a->nranks ? a->nranks : 1), sizeof *cv->v);
    if (!cv->v)
        return -1;
    for (int s = -1; s < a->nsites; s++)
        site_values(cv, a, t, s);
    sample_values(cv, a, t);
    for (int r = 0; r < a->nranks; r++)
        for (int q = 0; q < a->nranks; q++) {
            size_t out = (size_t)r * (size_t)a->nranks + (size_t)q, in = (size_t)q * (size_t)a->nranks + (size_t)r;
            *val(cv, M_BSENT, 0, r) += (double)a->msg_bytes[out];
            *val(cv, M_BRCVD, 0, r) += (double)a->msg_bytes[in];
            *val(cv, M_CSEND, 0, r) += (double)a->msg_count[out];
            *val(cv, M_CRECV, 0, r) += (double)a->msg_count[in];
        }
    /* Children come after their parents: sum upwards from the end. */
    for (int m = M_COUNT - 1; m >= 0; m--)
        if (metrics[m].parent >= 0)
            for (int cn = 0; cn < t->ncnodes; cn++)
                for (int r = 0; r < a->nranks; r++)
                    *val(cv, metrics[m].parent, cn, r) += *val(cv, m, cn, r);
    return 0;
}

static void data_file(FILE *f, cube_values *cv, int m)
{
    fwrite("CUBEX.DATA", 1, 10, f);
    for (int cn = 0; cn < cv->ncnodes; cn++)
        for (int r = 0; r < cv->nranks; r++) {
            double v = *val(cv, m, cn, r);
            if (is_count(m)) {
                uint64_t u = (uint64_t)(v + 0.5);
                fwrite(&u, 8, 1, f);
            } else {
                fwrite(&v, 8, 1, f);
            }
        }
}

/* What one tar member is made of. */
typedef struct cube_job {
    const seshat_analysis *a;
    const cube_tree *t;
    cube_values *cv;
    int kind, m;   /* 0 anchor, 1 index, 2 data of metric m */
} cube_job;

static int member(FILE *out, const char *name, const cube_job *j)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return -1;
    if (j->kind == 0)
        anchor(m, j->a, j->t);
    else if (j->kind == 1)
        index_file(m, j->t->ncnodes);
    else
        data_file(m, j->cv, j->m);
    int rc = fclose(m) ? -1 : tar_add(out, name, buf, len);
    free(buf);
    return rc;
}

static int write_members(FILE *out, const seshat_analysis *a, const cube_tree *t, cube_values *cv)
{
    cube_job j = { a, t, cv, 0, 0 };
    int rc = member(out, "anchor.xml", &j);
    for (int m = 0; m < M_COUNT && !rc; m++) {
        char name[32];
        j.m = m;
        j.kind = 1;
        snprintf(name, sizeof name, "%d.index", m);
        rc = member(out, name, &j);
        j.kind = 2;
        snprintf(name, sizeof name, "%d.data", m);
        rc = rc ? rc : member(out, name, &j);
    }
    return rc ? rc : tar_finish(out);
}

int seshat_analysis_write_cube(const seshat_analysis *a, const char *path, char *err,
                               size_t errlen)
{
    seshat_sw w;
    FILE *out = seshat_sw_open(&w, path, err, errlen);
    if (!out)
        return -1;
    cube_tree t = { 0 };
    cube_values cv = { 0 };
    tree_build(&t, a);
    int rc = values_build(&cv, a, &t);
    rc = rc ? rc : write_members(out, a, &t, &cv);
    free(cv.v);
    tree_free(&t, a->nsites);
    if (rc) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno ? errno : EIO));
        seshat_sw_abort(&w);
        return -1;
    }
    return seshat_sw_commit(&w, err, errlen);
}

/* an_root.c - pack, gather, unify call sites, assemble. */
#include "analyze/an_root.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/an_replay.h"
#include "config/config.h"
#include "mpi/calls.h"
#include "tracefmt/trace_kinds.h"

static void pack_ranks(const an_local *L, an_buf *b)
{
    an_buf_i64(b, L->hi - L->lo);
    for (int r = 0; r < L->hi - L->lo; r++) {
        const an_rank *R = &L->ranks[r];
        an_buf_i64(b, R->rank);
        an_buf_i64(b, R->end_ns);
        an_buf_i64(b, R->nsites);
        for (int s = 0; s < R->nsites; s++) {
            an_buf_i64(b, R->site_call[s]);
            an_buf_i64(b, R->site_visits[s]);
            an_buf_i64(b, R->site_ns[s]);
            an_buf_str(b, R->site_loc[s] ? R->site_loc[s] : "?");
        }
        an_buf_i64(b, (int64_t)R->segs.n);
        an_buf_put(b, R->segs.data, R->segs.n * sizeof(an_seg));
        an_buf_i64(b, R->absent);
        an_buf_put(b, &R->st, sizeof R->st);
        an_buf_str(b, R->read_error ? R->read_error : "");
    }
}

static void pack_traffic(const an_local *L, an_buf *b)
{
    an_buf_i64(b, L->unknown_recvs);
    an_buf_i64(b, L->unknown_sends);
    an_buf_i64(b, L->unknown_colls);
    an_buf_put(b, L->size_hist, sizeof L->size_hist);
    an_buf_i64(b, (int64_t)L->traffic_keys.n);
    for (size_t i = 0; i < L->traffic_keys.n; i++) {
        const an_pair *k = AN_AT(&L->traffic_keys, an_pair, i);
        int f;
        an_buf_i64(b, k->a);
        an_buf_i64(b, k->b);
        an_buf_i64(b, an_map_get(&L->traffic, an_key3(k->a, k->b, 0), &f));
        an_buf_i64(b, an_map_get(&L->traffic, an_key3(k->a, k->b, 1), &f));
    }
}

static void pack_io(const an_local *L, an_buf *b)
{
    an_buf_i64(b, L->hi - L->lo);
    for (int r = 0; r < L->hi - L->lo; r++)
        an_io_pack(&L->ranks[r].io, L->ranks[r].rank, b);
}

static void pack_contrib(const an_local *L, an_buf *b)
{
    an_buf_i64(b, (int64_t)L->contrib_keys.n);
    for (size_t i = 0; i < L->contrib_keys.n; i++) {
        const int64_t *k = AN_AT(&L->contrib_keys, int64_t, 3 * i);
        int f;
        an_buf_put(b, k, 3 * sizeof *k);
        an_buf_i64(b, an_map_get(&L->contrib, an_key3(k[0], k[1], k[2]), &f));
    }
    an_buf_i64(b, (int64_t)L->msgs.n);
    an_buf_put(b, L->msgs.data, L->msgs.n * sizeof(seshat_msg));
}

/* ---- root side ---- */

typedef struct rsite {
    int call;
    int64_t visits, ns;
    char *loc;
    int global;
} rsite;

typedef struct rrank {
    int64_t end_ns;
    int nsites;
    rsite *site;
    int64_t nsegs;
    an_seg *segs;
    int absent;
    an_stream_status st;
    char *read_error;
} rrank;

static char *site_key(int call, const char *loc)
{
    const char *name = call >= 0 && call < SESHAT_CALL_COUNT ? seshat_call_names[call] : "?";
    char *k = malloc(strlen(name) + strlen(loc) + 2);
    if (!k)
        an_die("out of memory");
    sprintf(k, "%s\t%s", loc, name);
    return k;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void unpack_ranks(an_buf *b, rrank *rr, int nranks)
{
    int64_t n = an_buf_get_i64(b);
    for (int64_t i = 0; i < n; i++) {
        int64_t r = an_buf_get_i64(b);
        if (r < 0 || r >= nranks)
            an_die("internal error: rank %lld", (long long)r);
        rrank *R = &rr[r];
        R->end_ns = an_buf_get_i64(b);
        R->nsites = (int)an_buf_get_i64(b);
        R->site = calloc((size_t)R->nsites + 1, sizeof *R->site);
        for (int s = 0; s < R->nsites; s++) {
            R->site[s].call = (int)an_buf_get_i64(b);
            R->site[s].visits = an_buf_get_i64(b);
            R->site[s].ns = an_buf_get_i64(b);
            R->site[s].loc = an_buf_get_str(b);
            R->site[s].global = -1;
        }
        R->nsegs = an_buf_get_i64(b);
        R->segs = malloc((size_t)R->nsegs * sizeof *R->segs + 1);
        an_buf_get(b, R->segs, (size_t)R->nsegs * sizeof *R->segs);
        R->absent = (int)an_buf_get_i64(b);
        an_buf_get(b, &R->st, sizeof R->st);
        R->read_error = an_buf_get_str(b);
    }
}

/* Sorted unique (location, call) keys; each rank's sites point into them. */
static char **unify_sites(rrank *rr, int nranks, int *nsites)
{
    size_t n = 0, cap = 64;
    char **keys = malloc(cap * sizeof *keys);
    for (int r = 0; r < nranks; r++)
        for (int s = 0; s < rr[r].nsites; s++) {
            if (rr[r].site[s].call < 0)
                continue;
            if (n == cap)
                keys = realloc(keys, (cap *= 2) * sizeof *keys);
            keys[n++] = site_key(rr[r].site[s].call, rr[r].site[s].loc);
        }
    if (n)
        qsort(keys, n, sizeof *keys, cmp_str);
    size_t u = 0;
    for (size_t i = 0; i < n; i++) {
        if (u && !strcmp(keys[u - 1], keys[i]))
            free(keys[i]);
        else
            keys[u++] = keys[i];
    }
    for (int r = 0; r < nranks; r++)
        for (int s = 0; s < rr[r].nsites; s++) {
            if (rr[r].site[s].call < 0)
                continue;
            char *k = site_key(rr[r].site[s].call, rr[r].site[s].loc), **hit;
            hit = bsearch(&k, keys, u, sizeof *keys, cmp_str);
            rr[r].site[s].global = (int)(hit - keys);
            free(k);
        }
    *nsites = (int)u;
    return keys;
}

/* MPI-IO calls that every member of the file's communicator makes. */
static int io_collective(const char *call)
{
    static const char *const meta[] = { "MPI_File_open", "MPI_File_close", "MPI_File_sync",
        "MPI_File_set_size", "MPI_File_preallocate", "MPI_File_set_view",
        "MPI_File_set_atomicity", NULL };
    for (int i = 0; meta[i]; i++)
        if (!strcmp(call, meta[i]))
            return 1;
    return strstr(call, "_all") || strstr(call, "_ordered");
}

static int kind_pattern(const char *call)
{
    if (!strncmp(call, "MPI_File_", 9))
        return io_collective(call) ? SESHAT_PAT_MPI_IO_COLL : SESHAT_PAT_MPI_IO;
    int k = seshat_trace_kind_of(call);
    return k == SESHAT_KIND_COLL ? SESHAT_PAT_COLL
           : (k == SESHAT_KIND_P2P || k == SESHAT_KIND_WAITTEST) ? SESHAT_PAT_P2P
                                                                 : SESHAT_PAT_MPI;
}

static void fill_sites(seshat_analysis *a, char **keys)
{
    for (int i = 0; i < a->nsites; i++) {
        char *tab = strchr(keys[i], '\t'), *up = strstr(keys[i], " < ");
        *tab = 0;
        if (up && up < tab)   /* "frame < caller < ...": the call path (an_local.c) */
            *up = 0;
        a->sites[i].callers = strdup(up && up < tab ? up + 3 : "");
        a->sites[i].location = strdup(keys[i]);
        a->sites[i].function = strdup(tab + 1);
        a->site_kind[i] = kind_pattern(tab + 1);
        free(keys[i]);
    }
    free(keys);
}

static void fill_profile(seshat_analysis *a, rrank *rr)
{
    for (int r = 0; r < a->nranks; r++) {
        a->rank_time[r] = rr[r].end_ns;
        if (rr[r].end_ns > a->run_time)
            a->run_time = rr[r].end_ns;
        for (int s = 0; s < rr[r].nsites; s++) {
            const rsite *x = &rr[r].site[s];
            if (x->global < 0)
                continue;
            a->visits[(size_t)x->global * (size_t)a->nranks + (size_t)r] += (uint64_t)x->visits;
            *seshat_sev(a, a->site_kind[x->global], x->global, r) += x->ns;
        }
        a->nlocal[r] = rr[r].nsites;
        a->local_site[r] = malloc(((size_t)rr[r].nsites + 1) * sizeof **a->local_site);
        for (int s = 0; s < rr[r].nsites; s++)
            a->local_site[r][s] = rr[r].site[s].global;
        a->timeline[r] = malloc(((size_t)rr[r].nsegs + 1) * sizeof **a->timeline);
        a->ntimeline[r] = (size_t)rr[r].nsegs;
        for (int64_t i = 0; i < rr[r].nsegs; i++) {
            const an_seg *g = &rr[r].segs[i];
            int s = g->site >= 0 && g->site < rr[r].nsites ? rr[r].site[g->site].global : -1;
            a->timeline[r][i] = (seshat_segment){ g->start, g->end, s };
        }
    }
}

/* A wait state is part of its call's time: take it out of the call's
 * category so that the exclusive values add up to the run. */
static void add_contrib(seshat_analysis *a, rrank *rr, int pat, int rank, int site, int64_t ns)
{
    if (rank < 0 || rank >= a->nranks)
        return;
    int g = site >= 0 && site < rr[rank].nsites ? rr[rank].site[site].global : -1;
    if (site >= 0 && g < 0)
        return;
    *seshat_sev(a, pat, g, rank) += ns;
    if (g >= 0)
        *seshat_sev(a, a->site_kind[g], g, rank) -= ns;
}

static void unpack_rest(an_buf *b, seshat_analysis *a, rrank *rr, an_vec *msgs)
{
    int64_t hist[SESHAT_SIZE_BUCKETS];
    a->unknown_recvs += (uint64_t)an_buf_get_i64(b);
    a->unknown_sends += (uint64_t)an_buf_get_i64(b);
    a->unknown_colls += (uint64_t)an_buf_get_i64(b);
    an_buf_get(b, hist, sizeof hist);
    for (int i = 0; i < SESHAT_SIZE_BUCKETS; i++)
        a->size_hist[i] += (uint64_t)hist[i];
    int64_t n = an_buf_get_i64(b);
    for (int64_t i = 0; i < n; i++) {
        int64_t s = an_buf_get_i64(b), d = an_buf_get_i64(b), c = an_buf_get_i64(b),
                by = an_buf_get_i64(b);
        if (s >= 0 && d >= 0 && s < a->nranks && d < a->nranks) {
            a->msg_count[s * a->nranks + d] += (uint64_t)c;
            a->msg_bytes[s * a->nranks + d] += (uint64_t)by;
        }
    }
    n = an_buf_get_i64(b);
    for (int64_t i = 0; i < n; i++) {
        int64_t k[3];
        an_buf_get(b, k, sizeof k);
        int64_t ns = an_buf_get_i64(b);
        if (k[0] >= 0 && k[0] < SESHAT_NPATTERNS)
            add_contrib(a, rr, (int)k[0], (int)k[1], (int)k[2], ns);
    }
    n = an_buf_get_i64(b);
    for (int64_t i = 0; i < n; i++) {
        seshat_msg m;
        an_buf_get(b, &m, sizeof m);
        an_msg_keep(msgs, &m);
    }
    n = an_buf_get_i64(b);
    for (int64_t i = 0; i < n; i++)
        an_io_unpack(b, a);
}

static int by_send(const void *x, const void *y)
{
    const seshat_msg *a = x, *b = y;
    if (a->send != b->send)
        return a->send < b->send ? -1 : 1;
    if (a->src != b->src)
        return a->src < b->src ? -1 : 1;
    if (a->dst != b->dst)
        return a->dst < b->dst ? -1 : 1;
    return (a->recv > b->recv) - (a->recv < b->recv);
}

/* The trace against defs.ini: the directory, then each rank's stream as
 * its reader found it, in rank order (the same for any number of
 * analyzer processes). */
static void fill_problems(seshat_analysis *a, const an_local *L, const an_defs *d, rrank *rr)
{
    an_problems p = { 0 };
    an_check_dir_known(L->dir, d, L->stream, &p);
    for (int r = 0; r < a->nranks; r++) {
        a->traced[r] = !rr[r].absent;
        const char *e = rr[r].read_error && *rr[r].read_error ? rr[r].read_error : NULL;
        if (!rr[r].absent)
            an_check_stream(r, &rr[r].st, e, d, &p);
        else if (e)
            an_problems_add(&p, "%s", e);
    }
    a->complete = p.n == 0;
    a->nproblems = p.n;
    a->problems = p.msg;
}

int an_root_gather(const an_local *L, const an_defs *d, MPI_Comm comm, seshat_analysis *a)
{
    int me, np;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &np);
    an_buf b = { 0 };
    pack_ranks(L, &b);
    pack_traffic(L, &b);
    pack_contrib(L, &b);
    pack_io(L, &b);
    int len = (int)b.n, *lens = NULL, *disp = NULL;
    if (me == 0) {
        lens = calloc((size_t)np, sizeof *lens);
        disp = calloc((size_t)np, sizeof *disp);
    }
    MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, comm);
    an_buf all = { 0 };
    if (me == 0) {
        size_t total = 0;
        for (int p = 0; p < np; p++) {
            disp[p] = (int)total;
            total += (size_t)lens[p];
        }
        all.data = malloc(total + 1);
        all.n = all.cap = total;
    }
    MPI_Gatherv(b.data, len, MPI_BYTE, all.data, lens, disp, MPI_BYTE, 0, comm);
    an_buf_free(&b);
    if (me != 0)
        return 0;
    rrank *rr = calloc((size_t)L->nranks, sizeof *rr);
    size_t *rest = calloc((size_t)np, sizeof *rest);
    for (int p = 0; p < np; p++) {   /* first the rank tables of every process */
        all.pos = (size_t)disp[p];
        unpack_ranks(&all, rr, L->nranks);
        rest[p] = all.pos;
    }
    int nsites;
    char **keys = unify_sites(rr, L->nranks, &nsites);
    if (seshat_analysis_alloc(a, L->nranks, nsites))
        an_die("out of memory");
    fill_sites(a, keys);
    fill_profile(a, rr);
    fill_problems(a, L, d, rr);
    an_vec msgs;
    an_vec_init(&msgs, sizeof(seshat_msg));
    for (int p = 0; p < np; p++) {
        all.pos = rest[p];
        unpack_rest(&all, a, rr, &msgs);
    }
    an_io_finish(a);
    if (msgs.n)   /* data is NULL when there are none */
        qsort(msgs.data, msgs.n, sizeof(seshat_msg), by_send);
    a->msgs = msgs.data;   /* the vector's array, now the analysis's */
    a->nmsgs = msgs.n;
    for (int r = 0; r < L->nranks; r++) {
        for (int s = 0; s < rr[r].nsites; s++)
            free(rr[r].site[s].loc);
        free(rr[r].site);
        free(rr[r].segs);
        free(rr[r].read_error);
    }
    free(rr);
    free(rest);
    free(lens);
    free(disp);
    an_buf_free(&all);
    return 1;
}

void an_root_share_streams(an_local *L, MPI_Comm comm)
{
    /* Only the owner of a rank can say its stream is missing or empty; the
     * others hold 0 (ok, or not traced: absent either way by defs.ini). */
    MPI_Allreduce(MPI_IN_PLACE, L->stream, L->nranks, MPI_UNSIGNED_CHAR, MPI_MAX, comm);
    MPI_Allreduce(MPI_IN_PLACE, L->absent, L->nranks, MPI_UNSIGNED_CHAR, MPI_MAX, comm);
}

/* coll_choice.c - the algorithm `auto` picks: Open MPI 4.1's coll/tuned
 * fixed decision rules (the Open MPI seshat runs on; docs/models.md,
 * "Which algorithm auto picks"). Each collective has a table of rules in
 * Open MPI's order, read from its coll_tuned_decision_fixed.c: for a
 * group of fewer than `p_below` members (-2: exactly two; 0: any), a block
 * of fewer than `n_below` bytes (0: any) takes Open MPI's algorithm number
 * `alg`. The first band that holds p decides; within it the first row that
 * holds n. Open MPI's numbers then map to seshat's schedules (to_seshat).
 * Reductions are taken as commutative (MPI_SUM and the like). */
#include <stdint.h>

#include "model/coll_sched.h"

struct rule {
    int p_below;
    int64_t n_below;
    unsigned char alg;    /* Open MPI's number for the collective */
};
#define END { 0, 0, 0 }

static const struct rule barrier_rules[] = {
    { 4, 0, 3 }, { 8, 0, 1 }, { 64, 0, 3 }, { 256, 0, 4 }, { 512, 0, 6 }, { 1024, 0, 4 },
    { 4096, 0, 6 }, { 0, 0, 4 },
    END };
static const struct rule bcast_rules[] = {
    { 4, 32, 3 }, { 4, 256, 5 }, { 4, 512, 3 }, { 4, 1024, 7 }, { 4, 32768, 1 }, { 4, 131072, 5 },
    { 4, 262144, 2 }, { 4, 524288, 1 }, { 4, 1048576, 6 }, { 4, 0, 5 }, { 8, 64, 5 },
    { 8, 128, 6 }, { 8, 2048, 5 }, { 8, 8192, 6 }, { 8, 1048576, 1 }, { 8, 0, 2 }, { 16, 8, 7 },
    { 16, 64, 5 }, { 16, 4096, 7 }, { 16, 16384, 5 }, { 16, 32768, 6 }, { 16, 0, 1 },
    { 32, 4096, 7 }, { 32, 1048576, 6 }, { 32, 0, 8 }, { 64, 2048, 6 }, { 64, 0, 7 },
    { 128, 0, 7 }, { 256, 2, 6 }, { 256, 16384, 5 }, { 256, 32768, 1 }, { 256, 65536, 5 },
    { 256, 0, 7 }, { 1024, 16384, 7 }, { 1024, 32768, 4 }, { 1024, 0, 7 }, { 2048, 524288, 7 },
    { 2048, 0, 8 }, { 4096, 262144, 7 }, { 4096, 0, 8 }, { 0, 8192, 7 }, { 0, 16384, 5 },
    { 0, 262144, 7 }, { 0, 0, 8 },
    END };
static const struct rule reduce_rules[] = {
    { 4, 8, 7 }, { 4, 16, 4 }, { 4, 32, 3 }, { 4, 262144, 1 }, { 4, 524288, 3 }, { 4, 1048576, 2 },
    { 4, 0, 3 }, { 8, 4096, 4 }, { 8, 65536, 2 }, { 8, 262144, 5 }, { 8, 524288, 1 },
    { 8, 1048576, 5 }, { 8, 0, 1 }, { 16, 8192, 4 }, { 16, 0, 5 }, { 32, 4096, 4 }, { 32, 0, 5 },
    { 256, 0, 5 }, { 512, 8192, 5 }, { 512, 16384, 6 }, { 512, 0, 5 }, { 2048, 0, 5 },
    { 4096, 512, 5 }, { 4096, 1024, 6 }, { 4096, 8192, 5 }, { 4096, 16384, 6 }, { 4096, 0, 5 },
    { 0, 16, 5 }, { 0, 32, 6 }, { 0, 1024, 5 }, { 0, 2048, 6 }, { 0, 8192, 5 }, { 0, 16384, 6 },
    { 0, 0, 5 },
    END };
static const struct rule allreduce_rules[] = {
    { 4, 8, 4 }, { 4, 4096, 3 }, { 4, 8192, 4 }, { 4, 16384, 3 }, { 4, 65536, 4 },
    { 4, 262144, 5 }, { 4, 0, 6 }, { 8, 16, 4 }, { 8, 8192, 3 }, { 8, 0, 6 }, { 16, 8192, 3 },
    { 16, 0, 6 }, { 32, 64, 5 }, { 32, 4096, 3 }, { 32, 0, 6 }, { 64, 128, 5 }, { 64, 0, 6 },
    { 128, 262144, 3 }, { 128, 0, 6 }, { 256, 131072, 2 }, { 256, 262144, 3 }, { 256, 0, 6 },
    { 512, 4096, 2 }, { 512, 0, 6 }, { 2048, 2048, 2 }, { 2048, 16384, 3 }, { 2048, 0, 6 },
    { 4096, 2048, 2 }, { 4096, 4096, 5 }, { 4096, 16384, 3 }, { 4096, 0, 6 }, { 0, 2048, 2 },
    { 0, 16384, 5 }, { 0, 32768, 3 }, { 0, 0, 6 },
    END };
static const struct rule gather_rules[] = {
    { 4, 2, 3 }, { 4, 4, 1 }, { 4, 32768, 2 }, { 4, 65536, 1 }, { 4, 131072, 2 }, { 4, 0, 3 },
    { 8, 1024, 2 }, { 8, 8192, 1 }, { 8, 32768, 2 }, { 8, 262144, 1 }, { 8, 0, 3 }, { 256, 0, 2 },
    { 512, 2048, 2 }, { 512, 8192, 1 }, { 512, 0, 2 }, { 0, 0, 2 },
    END };
static const struct rule scatter_rules[] = {
    { 4, 2, 3 }, { 4, 131072, 1 }, { 4, 262144, 3 }, { 4, 0, 1 }, { 8, 2048, 2 }, { 8, 4096, 1 },
    { 8, 8192, 2 }, { 8, 32768, 1 }, { 8, 1048576, 3 }, { 8, 0, 1 }, { 16, 16384, 2 },
    { 16, 1048576, 3 }, { 16, 0, 1 }, { 32, 16384, 2 }, { 32, 32768, 1 }, { 32, 0, 3 },
    { 64, 512, 2 }, { 64, 8192, 3 }, { 64, 16384, 2 }, { 64, 0, 3 }, { 0, 512, 2 }, { 0, 0, 3 },
    END };
static const struct rule allgather_rules[] = {
    { -2, 0, 6 }, { 32, 0, 3 }, { 64, 1024, 3 }, { 64, 65536, 5 }, { 64, 0, 4 }, { 128, 512, 3 },
    { 128, 65536, 5 }, { 128, 0, 4 }, { 256, 512, 3 }, { 256, 131072, 5 }, { 256, 524288, 4 },
    { 256, 1048576, 5 }, { 256, 0, 4 }, { 512, 32, 3 }, { 512, 128, 2 }, { 512, 1024, 3 },
    { 512, 131072, 5 }, { 512, 524288, 4 }, { 512, 1048576, 5 }, { 512, 0, 4 }, { 1024, 64, 3 },
    { 1024, 256, 2 }, { 1024, 2048, 3 }, { 1024, 0, 5 }, { 2048, 4, 3 }, { 2048, 8, 2 },
    { 2048, 16, 3 }, { 2048, 32, 2 }, { 2048, 256, 3 }, { 2048, 512, 2 }, { 2048, 4096, 3 },
    { 2048, 0, 5 }, { 4096, 32, 2 }, { 4096, 128, 3 }, { 4096, 512, 2 }, { 4096, 4096, 3 },
    { 4096, 0, 5 }, { 0, 2, 3 }, { 0, 8, 2 }, { 0, 16, 3 }, { 0, 512, 2 }, { 0, 4096, 3 },
    { 0, 0, 5 },
    END };
static const struct rule alltoall_rules[] = {
    { -2, 2, 2 }, { -2, 4, 5 }, { -2, 16, 2 }, { -2, 64, 5 }, { -2, 256, 2 }, { -2, 4096, 5 },
    { -2, 32768, 2 }, { -2, 262144, 4 }, { -2, 1048576, 5 }, { -2, 0, 2 }, { 8, 8192, 4 },
    { 8, 16384, 1 }, { 8, 65536, 4 }, { 8, 524288, 1 }, { 8, 1048576, 2 }, { 8, 0, 1 },
    { 16, 262144, 4 }, { 16, 0, 1 }, { 32, 4, 4 }, { 32, 512, 3 }, { 32, 8192, 4 },
    { 32, 32768, 1 }, { 32, 262144, 4 }, { 32, 524288, 1 }, { 32, 0, 4 }, { 64, 512, 3 },
    { 64, 524288, 1 }, { 64, 0, 4 }, { 128, 1024, 3 }, { 128, 2048, 1 }, { 128, 4096, 4 },
    { 128, 262144, 1 }, { 128, 0, 2 }, { 256, 1024, 3 }, { 256, 2048, 4 }, { 256, 262144, 1 },
    { 256, 0, 2 }, { 512, 1024, 3 }, { 512, 8192, 4 }, { 512, 32768, 1 }, { 512, 0, 2 },
    { 1024, 512, 3 }, { 1024, 8192, 4 }, { 1024, 16384, 1 }, { 1024, 131072, 4 },
    { 1024, 262144, 1 }, { 1024, 0, 2 }, { 2048, 512, 3 }, { 2048, 1024, 4 }, { 2048, 2048, 1 },
    { 2048, 16384, 4 }, { 2048, 262144, 1 }, { 2048, 0, 4 }, { 4096, 1024, 3 }, { 4096, 4096, 4 },
    { 4096, 8192, 1 }, { 4096, 131072, 4 }, { 4096, 0, 1 }, { 0, 2048, 3 }, { 0, 8192, 4 },
    { 0, 16384, 1 }, { 0, 32768, 4 }, { 0, 65536, 1 }, { 0, 0, 4 },
    END };
static const struct rule reduce_scatter_block_rules[] = {
    { 4, 4, 2 }, { 4, 8, 4 }, { 4, 16, 3 }, { 4, 128, 4 }, { 4, 256, 3 }, { 4, 4096, 4 },
    { 4, 8192, 3 }, { 4, 131072, 4 }, { 4, 0, 1 }, { 8, 8, 3 }, { 8, 32, 2 }, { 8, 256, 4 },
    { 8, 8192, 3 }, { 8, 16384, 4 }, { 8, 1048576, 3 }, { 8, 0, 1 }, { 16, 4, 1 }, { 16, 32, 3 },
    { 16, 128, 4 }, { 16, 524288, 3 }, { 16, 4194304, 1 }, { 16, 0, 4 }, { 32, 32, 1 },
    { 32, 524288, 3 }, { 32, 2097152, 1 }, { 32, 4194304, 3 }, { 32, 0, 4 }, { 0, 4, 3 },
    { 0, 16, 1 }, { 0, 65536, 4 }, { 0, 262144, 1 }, { 0, 0, 4 },
    END };
static const struct rule alltoallv_rules[] = {
    { 4, 0, 2 }, { 64, 0, 1 }, { 128, 0, 2 }, { 256, 0, 1 }, { 1024, 0, 2 }, { 0, 0, 1 },
    END };

/* Open MPI's algorithm numbers (index) to seshat's schedules, per
 * collective. Where seshat has no schedule of its own the nearest is named
 * (docs/models.md lists each): pipeline and chain with the fixed rules'
 * segment size 0 are one unsegmented chain; segmented ring with segment 0
 * is the ring; linear_sync, linear_nb and two_proc are the linear or
 * pairwise exchange they reduce to; split binary tree and in-order binary
 * are timed as the binary tree, butterfly as recursive halving. */
#define A(x) SESHAT_ALG_##x
static const unsigned char map_barrier[] = { 0, A(LINEAR), A(DISSEMINATION), A(RECURSIVE_DOUBLING),
                                             A(DISSEMINATION), A(RECURSIVE_DOUBLING), A(TREE) };
static const unsigned char map_bcast[] = { 0, A(LINEAR), A(CHAIN), A(CHAIN), A(BINARY), A(BINARY),
                                           A(BINOMIAL), A(KNOMIAL), A(SCATTER_ALLGATHER),
                                           A(SCATTER_ALLGATHER) };
static const unsigned char map_reduce[] = { 0, A(LINEAR), A(CHAIN), A(CHAIN), A(BINARY),
                                            A(BINOMIAL), A(BINARY), A(RABENSEIFNER) };
static const unsigned char map_allreduce[] = { 0, A(LINEAR), A(NONOVERLAPPING),
                                               A(RECURSIVE_DOUBLING), A(RING), A(RING),
                                               A(RABENSEIFNER) };
static const unsigned char map_gather[] = { 0, A(LINEAR), A(BINOMIAL), A(LINEAR) };
static const unsigned char map_allgather[] = { 0, A(LINEAR), A(BRUCK), A(RECURSIVE_DOUBLING),
                                               A(RING), A(NEIGHBOR_EXCHANGE),
                                               A(RECURSIVE_DOUBLING) };
static const unsigned char map_alltoall[] = { 0, A(LINEAR), A(PAIRWISE), A(BRUCK), A(LINEAR),
                                              A(PAIRWISE) };
static const unsigned char map_reduce_scatter[] = { 0, A(LINEAR), A(RECURSIVE_DOUBLING),
                                                    A(RECURSIVE_HALVING), A(RECURSIVE_HALVING) };
#undef A

struct table {
    const struct rule *rules;
    const unsigned char *map;
    int nmap;
};
#define T(r, m) { r, m, (int)sizeof m }
static const struct table tables[SESHAT_COLL_NCHOOSABLE + 1] = {
    [SESHAT_COLL_BARRIER] = T(barrier_rules, map_barrier),
    [SESHAT_COLL_BCAST] = T(bcast_rules, map_bcast),
    [SESHAT_COLL_REDUCE] = T(reduce_rules, map_reduce),
    [SESHAT_COLL_ALLREDUCE] = T(allreduce_rules, map_allreduce),
    [SESHAT_COLL_GATHER] = T(gather_rules, map_gather),
    [SESHAT_COLL_SCATTER] = T(scatter_rules, map_gather),   /* linear, binomial, linear_nb */
    [SESHAT_COLL_ALLGATHER] = T(allgather_rules, map_allgather),
    [SESHAT_COLL_ALLTOALL] = T(alltoall_rules, map_alltoall),
    [SESHAT_COLL_REDUCE_SCATTER] = T(reduce_scatter_block_rules, map_reduce_scatter),
    [SESHAT_COLL_NCHOOSABLE] = T(alltoallv_rules, map_alltoall),   /* linear, pairwise */
};
#undef T

static int band_holds(int p_below, int p)
{
    return p_below == 0 || (p_below < 0 ? p == -p_below : p < p_below);
}

int seshat_coll_ompi_alg(enum seshat_coll_kind kind, int vector, int p, int64_t n)
{
    int t = vector && kind == SESHAT_COLL_ALLTOALL ? SESHAT_COLL_NCHOOSABLE : (int)kind;
    if (t < 0 || t > SESHAT_COLL_NCHOOSABLE || !tables[t].rules)
        return 0;
    const struct rule *r = tables[t].rules;
    while (r->alg && !band_holds(r->p_below, p))
        r++;
    int band = r->p_below;
    while (r->alg && r->p_below == band && r->n_below && n >= r->n_below)
        r++;
    return r->p_below == band ? r->alg : 0;
}

enum seshat_coll_alg seshat_coll_choose_ompi(enum seshat_coll_kind kind, int vector, int p, int64_t n)
{
    int t = vector && kind == SESHAT_COLL_ALLTOALL ? SESHAT_COLL_NCHOOSABLE : (int)kind;
    int a = seshat_coll_ompi_alg(kind, vector, p, n);
    if (a <= 0 || a >= tables[t].nmap)
        return SESHAT_ALG_LINEAR;   /* scan, exscan: Open MPI's basic linear */
    enum seshat_coll_alg alg = (enum seshat_coll_alg)tables[t].map[a];
    int pow2 = (p & (p - 1)) == 0;
    /* Open MPI's recursive-doubling allgather and neighbor exchange need
     * a power of two / an even group and fall back to Bruck / the ring. */
    if (kind == SESHAT_COLL_ALLGATHER && alg == SESHAT_ALG_RECURSIVE_DOUBLING && !pow2)
        return SESHAT_ALG_BRUCK;
    if (kind == SESHAT_COLL_ALLGATHER && alg == SESHAT_ALG_NEIGHBOR_EXCHANGE && p % 2)
        return SESHAT_ALG_RING;
    return alg;
}

enum seshat_coll_alg seshat_coll_choose(const seshat_coll *c)
{
    return seshat_coll_choose_ompi(c->kind, c->vector, c->p, c->bytes);
}

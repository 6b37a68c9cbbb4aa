/* test_coll_choice.c - auto's choice against Open MPI 4.1's coll/tuned
 * fixed rules. Alone: rows of its decision tables at their boundaries.
 * With SESHAT_OMPI_CHOICES=FILE (tests/mpi/run_smpi.sh): every line
 * "CHOICE <collective> <group size> <bytes> <function>" that the installed
 * library itself reported (tests/smpi/ompi_choice.c) must name the function
 * of the algorithm seshat's table gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/coll_sched.h"

/* Open MPI's coll/base function for each of its algorithm numbers. */
static const char *const fn_barrier[] = { "", "basic_linear", "doublering", "recursivedoubling",
                                          "bruck", "two_procs", "tree" };
static const char *const fn_bcast[] = { "", "basic_linear", "chain", "pipeline", "split_bintree",
                                        "bintree", "binomial", "knomial", "scatter_allgather",
                                        "scatter_allgather_ring" };
static const char *const fn_reduce[] = { "", "basic_linear", "chain", "pipeline", "binary",
                                         "binomial", "in_order_binary", "redscat_gather" };
static const char *const fn_allreduce[] = { "", "basic_linear", "nonoverlapping",
                                            "recursivedoubling", "ring", "ring_segmented",
                                            "redscat_allgather" };
static const char *const fn_gather[] = { "", "basic_linear", "binomial", "linear_sync" };
static const char *const fn_scatter[] = { "", "basic_linear", "binomial", "linear_nb" };
static const char *const fn_allgather[] = { "", "basic_linear", "bruck", "recursivedoubling",
                                            "ring", "neighborexchange", "two_procs" };
static const char *const fn_alltoall[] = { "", "basic_linear", "pairwise", "bruck", "linear_sync",
                                           "two_procs" };
static const char *const fn_rsb[] = { "", "basic_linear", "recursivedoubling", "recursivehalving",
                                      "butterfly" };

struct kind {
    const char *name;
    enum seshat_coll_kind kind;
    int vector;
    const char *prefix;   /* Open MPI's function name before the algorithm */
    const char *const *fn;
    int nfn;
};
#define K(n, k, v, pre, f) { n, SESHAT_COLL_##k, v, pre, f, (int)(sizeof f / sizeof *f) }
static const struct kind kinds[] = {
    K("barrier", BARRIER, 0, "barrier_intra_", fn_barrier),
    K("bcast", BCAST, 0, "bcast_intra_", fn_bcast),
    K("reduce", REDUCE, 0, "reduce_intra_", fn_reduce),
    K("allreduce", ALLREDUCE, 0, "allreduce_intra_", fn_allreduce),
    K("gather", GATHER, 0, "gather_intra_", fn_gather),
    K("scatter", SCATTER, 0, "scatter_intra_", fn_scatter),
    K("allgather", ALLGATHER, 0, "allgather_intra_", fn_allgather),
    K("alltoall", ALLTOALL, 0, "alltoall_intra_", fn_alltoall),
    K("reduce_scatter", REDUCE_SCATTER, 0, "reduce_scatter_block_", fn_rsb),
    K("alltoallv", ALLTOALL, 1, "alltoallv_intra_", fn_alltoall),
};

static const struct kind *kind_named(const char *name)
{
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (!strcmp(kinds[i].name, name))
            return &kinds[i];
    return NULL;
}

/* The function Open MPI runs for what seshat's table says. */
static void seshat_fn(const struct kind *k, int p, long n, char *out, size_t len)
{
    int a = seshat_coll_ompi_alg(k->kind, k->vector, p, n);
    const char *alg = a > 0 && a < k->nfn ? k->fn[a] : "?";
    /* reduce_scatter_block's basic linear has no "intra_" in its name */
    if (!strcmp(k->name, "reduce_scatter") && a > 1)
        snprintf(out, len, "reduce_scatter_block_intra_%s", alg);
    else
        snprintf(out, len, "%s%s", k->prefix, alg);
}

#define CHOICE(kind, p, n, alg) \
    assert_int_equal(seshat_coll_choose_ompi(SESHAT_COLL_##kind, 0, p, n), SESHAT_ALG_##alg)

/* Rows of Open MPI 4.1.4's coll_tuned_decision_fixed.c at the group sizes
 * and boundaries the NAS runs and the SMPI oracle meet. */
static void table_rows(void **state)
{
    (void)state;
    CHOICE(ALLREDUCE, 16, 4095, RECURSIVE_DOUBLING);
    CHOICE(ALLREDUCE, 16, 4096, RABENSEIFNER);      /* 16-31 members, >= 4 KiB */
    CHOICE(ALLREDUCE, 16, 63, RING);                /* segmented ring, segment 0 */
    CHOICE(ALLREDUCE, 64, 262143, RECURSIVE_DOUBLING);
    CHOICE(ALLREDUCE, 64, 262144, RABENSEIFNER);
    CHOICE(BCAST, 16, 4095, KNOMIAL);
    CHOICE(BCAST, 16, 4096, BINOMIAL);
    CHOICE(BCAST, 16, 1 << 20, SCATTER_ALLGATHER);
    CHOICE(BCAST, 64, 8, KNOMIAL);
    CHOICE(REDUCE, 16, 4095, BINARY);
    CHOICE(REDUCE, 16, 4096, BINOMIAL);
    CHOICE(ALLTOALL, 16, 511, BRUCK);
    CHOICE(ALLTOALL, 16, 8192, LINEAR);
    CHOICE(ALLTOALL, 64, 1023, BRUCK);
    CHOICE(ALLTOALL, 64, 262144, PAIRWISE);
    CHOICE(BARRIER, 16, 0, RECURSIVE_DOUBLING);
    CHOICE(BARRIER, 64, 0, DISSEMINATION);
    CHOICE(ALLGATHER, 12, 1024, BRUCK);             /* recursive doubling, not a power of 2 */
    CHOICE(ALLGATHER, 32, 1024, NEIGHBOR_EXCHANGE);
    CHOICE(REDUCE_SCATTER, 16, 1024, RECURSIVE_HALVING);
    assert_int_equal(seshat_coll_choose_ompi(SESHAT_COLL_ALLTOALL, 1, 16, 1 << 20),
                     SESHAT_ALG_LINEAR);            /* alltoallv: 4-63 members */
    assert_int_equal(seshat_coll_choose_ompi(SESHAT_COLL_ALLTOALL, 1, 64, 8), SESHAT_ALG_PAIRWISE);
}

/* Every line the installed Open MPI reported. */
static void library_agrees(void **state)
{
    (void)state;
    const char *path = getenv("SESHAT_OMPI_CHOICES");
    if (!path)
        skip();
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256], name[64], fn[96], want[128];
    int p, lines = 0, bad = 0;
    long n;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "CHOICE %63s %d %ld %95s", name, &p, &n, fn) != 4)
            continue;
        const struct kind *k = kind_named(name);
        assert_non_null(k);
        seshat_fn(k, p, n, want, sizeof want);
        lines++;
        if (strcmp(want, fn)) {
            if (bad++ < 20)
                printf("%s on %d members, %ld B: Open MPI runs %s, seshat's table says %s\n",
                       name, p, n, fn, want);
        }
    }
    fclose(f);
    printf("%d choices of the installed Open MPI compared, %d differ\n", lines, bad);
    assert_true(lines > 0);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_rows),
        cmocka_unit_test(library_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

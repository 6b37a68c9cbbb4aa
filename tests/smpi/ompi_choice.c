/* ompi_choice.c - which algorithm the installed Open MPI's coll/tuned
 * picks, asked of the library itself: this program defines Open MPI's
 * coll/base algorithm functions (ompi_coll_base_*_intra_*), which
 * mca_coll_tuned.so calls through the dynamic linker, so the executable's
 * definitions (exported with -rdynamic) come first. Outside a probe they
 * forward to the real ones; during a probe the first one called is
 * recorded and nothing is sent. Run natively (mpirun, no seshat) on N
 * ranks; for every group size 2..N (a split of MPI_COMM_WORLD) and every
 * size 2^k - 1 and 2^k up to 4 MiB (Open MPI's thresholds are powers of
 * two), rank 0 prints "CHOICE <collective> <group size> <bytes> <function>".
 * tests/mpi/run_smpi.sh compares that with seshat's auto choice.
 *
 * x86-64 only: a forwarder takes and passes twelve integer-class arguments,
 * more than any of these functions has (none takes a floating point one). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int probing;
static const char *hit;

typedef long A;
typedef int (*base_fn)(A, A, A, A, A, A, A, A, A, A, A, A);

static int forward(const char *name, base_fn *real, A a, A b, A c, A d, A e, A f, A g, A h, A i,
                   A j, A k, A l)
{
    if (probing) {
        if (!hit)
            hit = name;
        return MPI_SUCCESS;
    }
    if (!*real)
        *real = (base_fn)dlsym(RTLD_NEXT, name);
    if (!*real) {
        fprintf(stderr, "ompi_choice: %s not found in the MPI library\n", name);
        abort();
    }
    return (*real)(a, b, c, d, e, f, g, h, i, j, k, l);
}

#define BASE(fn)                                                                            \
    int fn(A a, A b, A c, A d, A e, A f, A g, A h, A i, A j, A k, A l);                     \
    int fn(A a, A b, A c, A d, A e, A f, A g, A h, A i, A j, A k, A l)                      \
    {                                                                                       \
        static base_fn real;                                                                \
        return forward(#fn, &real, a, b, c, d, e, f, g, h, i, j, k, l);                     \
    }
#define ALGS(X)                                                                             \
    X(allreduce_intra_basic_linear) X(allreduce_intra_nonoverlapping)                       \
    X(allreduce_intra_recursivedoubling) X(allreduce_intra_ring)                            \
    X(allreduce_intra_ring_segmented) X(allreduce_intra_redscat_allgather)                  \
    X(alltoall_intra_basic_linear) X(alltoall_intra_pairwise) X(alltoall_intra_bruck)       \
    X(alltoall_intra_linear_sync) X(alltoall_intra_two_procs)                               \
    X(alltoallv_intra_basic_linear) X(alltoallv_intra_pairwise)                             \
    X(barrier_intra_basic_linear) X(barrier_intra_doublering)                               \
    X(barrier_intra_recursivedoubling) X(barrier_intra_bruck) X(barrier_intra_two_procs)    \
    X(barrier_intra_tree) X(bcast_intra_basic_linear) X(bcast_intra_chain)                  \
    X(bcast_intra_pipeline) X(bcast_intra_split_bintree) X(bcast_intra_bintree)             \
    X(bcast_intra_binomial) X(bcast_intra_knomial) X(bcast_intra_scatter_allgather)         \
    X(bcast_intra_scatter_allgather_ring) X(reduce_intra_basic_linear)                      \
    X(reduce_intra_chain) X(reduce_intra_pipeline) X(reduce_intra_binary)                   \
    X(reduce_intra_binomial) X(reduce_intra_in_order_binary)                                \
    X(reduce_intra_redscat_gather) X(reduce_scatter_block_basic_linear)                     \
    X(reduce_scatter_block_intra_recursivedoubling)                                         \
    X(reduce_scatter_block_intra_recursivehalving)                                          \
    X(reduce_scatter_block_intra_butterfly) X(allgather_intra_basic_linear)                 \
    X(allgather_intra_bruck) X(allgather_intra_recursivedoubling) X(allgather_intra_ring)   \
    X(allgather_intra_neighborexchange) X(allgather_intra_two_procs)                        \
    X(gather_intra_basic_linear) X(gather_intra_binomial) X(gather_intra_linear_sync)       \
    X(scatter_intra_basic_linear) X(scatter_intra_binomial) X(scatter_intra_linear_nb)
#define DEFINE(x) BASE(ompi_coll_base_##x)
ALGS(DEFINE)

/* One collective on comm with a block of n bytes (never sent). */
static void call(const char *kind, MPI_Comm comm, int p, int n, void *buf, int *counts)
{
    MPI_Datatype t = MPI_UINT8_T;
    if (!strcmp(kind, "barrier")) MPI_Barrier(comm);
    else if (!strcmp(kind, "bcast")) MPI_Bcast(buf, n, t, 0, comm);
    else if (!strcmp(kind, "reduce")) MPI_Reduce(buf, (char *)buf + 1, n, t, MPI_SUM, 0, comm);
    else if (!strcmp(kind, "allreduce")) MPI_Allreduce(buf, (char *)buf + 1, n, t, MPI_SUM, comm);
    else if (!strcmp(kind, "gather")) MPI_Gather(buf, n, t, (char *)buf + 1, n, t, 0, comm);
    else if (!strcmp(kind, "scatter")) MPI_Scatter(buf, n, t, (char *)buf + 1, n, t, 0, comm);
    else if (!strcmp(kind, "allgather")) MPI_Allgather(buf, n, t, (char *)buf + 1, n, t, comm);
    else if (!strcmp(kind, "alltoall")) MPI_Alltoall(buf, n, t, (char *)buf + 1, n, t, comm);
    else if (!strcmp(kind, "reduce_scatter"))
        MPI_Reduce_scatter_block(buf, (char *)buf + 1, n, t, MPI_SUM, comm);
    else if (!strcmp(kind, "alltoallv")) {
        for (int i = 0; i < 2 * p; i++)
            counts[i] = i < p ? n : 0;
        MPI_Alltoallv(buf, counts, counts + p, t, (char *)buf + 1, counts, counts + p, t, comm);
    }
}

int main(int argc, char **argv)
{
    static const char *const kinds[] = { "barrier", "bcast", "reduce", "allreduce", "gather",
                                         "scatter", "allgather", "alltoall", "reduce_scatter",
                                         "alltoallv" };
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm *comm = calloc((size_t)size + 1, sizeof *comm);
    int *counts = calloc(2 * (size_t)size, sizeof *counts);
    static char buf[64];
    for (int p = 2; p <= size; p++)   /* made before probing: splits use collectives */
        MPI_Comm_split(MPI_COMM_WORLD, rank < p ? 0 : MPI_UNDEFINED, rank, &comm[p]);
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
        for (int p = 2; p <= size; p++) {
            if (rank >= p)
                continue;
            for (int e = 0; e <= 22; e++)
                for (int minus = 1; minus >= 0; minus--) {
                    int n = (1 << e) - minus;
                    if (n == 0 || (!strcmp(kinds[k], "barrier") && (e || minus)))
                        continue;
                    probing = 1;
                    hit = NULL;
                    call(kinds[k], comm[p], p, n, buf, counts);
                    probing = 0;
                    if (rank == 0)
                        printf("CHOICE %s %d %d %s\n", kinds[k], p, n,
                               hit ? hit + strlen("ompi_coll_base_") : "none");
                }
        }
    for (int p = 2; p <= size; p++)
        if (comm[p] != MPI_COMM_NULL)
            MPI_Comm_free(&comm[p]);
    free(comm);
    free(counts);
    MPI_Finalize();
    return 0;
}

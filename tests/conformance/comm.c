/* conformance-np: 3 (ranks tests/mpi/run_conformance.sh starts) */
/* comm.c - MPI-3.1 chapter 6 (groups, contexts, communicators): freeing
 * a communicator while operations on it are pending is legal, and they
 * complete normally (6.4.3). Run with 3 ranks. */
#include "conf.h"

#define BIG (256 * 1024)   /* above every eager limit: rendezvous */

/* Each rank posts receives from and sends to its neighbours on a fresh
 * duplicate, frees it, then waits. Sizes: small and rendezvous. */
static void free_pending(int rank, int size, int n, const char *what)
{
    MPI_Comm d;
    MPI_Request rq[4];
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int *s = malloc(sizeof(int) * (size_t)n), *r1 = calloc((size_t)n, sizeof(int)),
        *r2 = calloc((size_t)n, sizeof(int));
    for (int i = 0; i < n; i++)
        s[i] = rank * 1000 + i % 997;
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Irecv(r1, n, MPI_INT, left, 5, d, &rq[0]);
    MPI_Irecv(r2, n, MPI_INT, right, 6, d, &rq[1]);
    MPI_Isend(s, n, MPI_INT, right, 5, d, &rq[2]);
    MPI_Isend(s, n, MPI_INT, left, 6, d, &rq[3]);
    MPI_Comm_free(&d);
    CHECK("comm_free sets MPI_COMM_NULL", d == MPI_COMM_NULL);
    MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
    out("free_pending %s got %lu %lu", what, conf_sum(r1, n), conf_sum(r2, n));
    free(s); free(r1); free(r2);
}

/* The receiver frees first and posts nothing more; the sender sends only
 * after both have freed, on its own (freed) handle's pending request. */
static void free_then_arrive(int rank)
{
    MPI_Comm d;
    MPI_Request rq = MPI_REQUEST_NULL;
    int v = 0;
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    if (rank == 0)
        MPI_Irecv(&v, 1, MPI_INT, 1, 9, d, &rq);
    if (rank == 1) {
        v = 4242;
        MPI_Issend(&v, 1, MPI_INT, 0, 9, d, &rq);
    }
    MPI_Comm_free(&d);
    /* a new communicator may take the freed one's handle */
    MPI_Comm e;
    MPI_Comm_dup(MPI_COMM_WORLD, &e);
    int x = rank, y = -1;
    MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_MAX, e);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    out("free_then_arrive got %d, new comm max %d", rank == 0 ? v : 0, y);
    MPI_Comm_free(&e);
}

/* (A nonblocking collective pending across the free is not tested:
 * Open MPI 4.1.4 itself crashes in libnbc's progress then.) */

/* Every way to make a communicator, each used once. */
static void creators(int rank, int size)
{
    MPI_Group wg, eg, rg;
    MPI_Comm c1, c2, c3, c4, local, inter, merged;
    MPI_Info info, got;
    int x = rank, sum = -1, n, flag;
    char val[16];
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    int evens[8], ne = 0;
    for (int i = 0; i < size; i += 2)
        evens[ne++] = i;
    MPI_Group_incl(wg, ne, evens, &eg);
    MPI_Comm_create(MPI_COMM_WORLD, eg, &c1);
    if (rank % 2 == 0) {
        MPI_Comm_create_group(MPI_COMM_WORLD, eg, 7, &c2);
        MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, c2);
        MPI_Comm_free(&c2);
    }
    out("comm_create null %d, create_group sum %d", c1 == MPI_COMM_NULL, sum);
    if (c1 != MPI_COMM_NULL)
        MPI_Comm_free(&c1);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &c3);
    MPI_Comm_set_info(c3, info);
    MPI_Comm_get_info(c3, &got);
    MPI_Info_get_nkeys(got, &n);
    MPI_Info_get(got, "mpi_assert_no_any_tag", sizeof val - 1, val, &flag);
    out("dup_with_info: keys at least 0 %d", n >= 0);
    MPI_Info_free(&got);
    MPI_Info_free(&info);
    MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, c3);
    out("dup_with_info sum %d", sum);
    MPI_Comm_free(&c3);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &c4);
    MPI_Comm_size(c4, &n);
    out("split_type shared size %d", n);
    MPI_Comm_free(&c4);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, rank % 2 ? 0 : 1, 3, &inter);
    MPI_Comm_remote_group(inter, &rg);
    MPI_Group_size(rg, &n);
    MPI_Intercomm_merge(inter, rank % 2, &merged);
    MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, merged);
    int mr;
    MPI_Comm_rank(merged, &mr);
    out("intercomm remote group %d, merged rank %d sum %d", n, mr, sum);
    MPI_Group_free(&rg);
    MPI_Comm_free(&merged);
    MPI_Comm_disconnect(&inter);
    MPI_Comm_free(&local);
    MPI_Group_free(&eg);
    MPI_Group_free(&wg);
}

int main(int argc, char **argv)
{
    int rank, size;
    conf_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    free_pending(rank, size, 4, "small");
    free_pending(rank, size, BIG / (int)sizeof(int), "rendezvous");
    free_then_arrive(rank);
    creators(rank, size);
    conf_done();
    return 0;
}

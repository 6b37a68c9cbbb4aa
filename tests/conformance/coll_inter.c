/* conformance-np: 5 (ranks tests/mpi/run_conformance.sh starts) */
/* coll_inter.c - MPI-3.1 chapter 5.2.2/5.x: rooted collectives on an
 * intercommunicator. Root semantics: the root passes MPI_ROOT, the rest of
 * its group MPI_PROC_NULL (their buffers, counts and types are not
 * significant: passed as NULL / MPI_DATATYPE_NULL here), the other group
 * the root's rank in the remote group; counts and displacements at the
 * root are indexed by the remote group. Run with 5 ranks: groups {0,1}
 * and {2,3,4}. Blocking and nonblocking forms, roots in either group. */
#include "conf.h"

static MPI_Comm inter;
static int lrank, lsize, rsize, in_a;

/* root argument for this rank when the root is local rank `r` of group A
 * (root_in_a) or of group B. */
static int root_arg(int root_in_a, int r)
{
    if (root_in_a != in_a)
        return r;
    return lrank == r ? MPI_ROOT : MPI_PROC_NULL;
}

static void wait_if(int nb, MPI_Request *rq)
{
    if (nb)
        MPI_Wait(rq, MPI_STATUS_IGNORE);
}

static void gatherv(int nb, int root_in_a, int r)
{
    int root = root_arg(root_in_a, r);
    MPI_Request rq;
    char name[64];
    snprintf(name, sizeof name, "%sgatherv root-in-%c", nb ? "i" : "", root_in_a ? 'A' : 'B');
    if (root == MPI_ROOT) {
        int *counts = malloc(sizeof(int) * (size_t)rsize), *displs = malloc(sizeof(int) * (size_t)rsize);
        int total = 0;
        for (int i = 0; i < rsize; i++) {
            counts[i] = i + 1;
            displs[i] = total;         /* a gap of one after each block */
            total += i + 2;
        }
        int *buf = calloc((size_t)total, sizeof(int));
        if (nb)
            MPI_Igatherv(NULL, 0, MPI_DATATYPE_NULL, buf, counts, displs, MPI_INT, root, inter, &rq);
        else
            MPI_Gatherv(NULL, 0, MPI_DATATYPE_NULL, buf, counts, displs, MPI_INT, root, inter);
        wait_if(nb, &rq);
        out("%s root got %lu", name, conf_sum(buf, total));
        free(counts); free(displs); free(buf);
    } else if (root == MPI_PROC_NULL) {
        if (nb)
            MPI_Igatherv(NULL, 0, MPI_DATATYPE_NULL, NULL, NULL, NULL, MPI_DATATYPE_NULL, root, inter, &rq);
        else
            MPI_Gatherv(NULL, 0, MPI_DATATYPE_NULL, NULL, NULL, NULL, MPI_DATATYPE_NULL, root, inter);
        wait_if(nb, &rq);
        out("%s proc_null", name);
    } else {
        int send[8];
        for (int i = 0; i <= lrank; i++)
            send[i] = 100 * (lrank + 1) + i;
        if (nb)
            MPI_Igatherv(send, lrank + 1, MPI_INT, NULL, NULL, NULL, MPI_DATATYPE_NULL, root, inter, &rq);
        else
            MPI_Gatherv(send, lrank + 1, MPI_INT, NULL, NULL, NULL, MPI_DATATYPE_NULL, root, inter);
        wait_if(nb, &rq);
        out("%s sent %d", name, lrank + 1);
    }
}

static void scatterv(int nb, int root_in_a, int r)
{
    int root = root_arg(root_in_a, r);
    MPI_Request rq;
    char name[64];
    snprintf(name, sizeof name, "%sscatterv root-in-%c", nb ? "i" : "", root_in_a ? 'A' : 'B');
    if (root == MPI_ROOT) {
        int *counts = malloc(sizeof(int) * (size_t)rsize), *displs = malloc(sizeof(int) * (size_t)rsize);
        int send[64];
        for (int i = 0; i < 64; i++)
            send[i] = 7 * i + 3;
        for (int i = 0; i < rsize; i++) {
            counts[i] = rsize - i;
            displs[i] = 5 * i;
        }
        if (nb)
            MPI_Iscatterv(send, counts, displs, MPI_INT, NULL, 0, MPI_DATATYPE_NULL, root, inter, &rq);
        else
            MPI_Scatterv(send, counts, displs, MPI_INT, NULL, 0, MPI_DATATYPE_NULL, root, inter);
        wait_if(nb, &rq);
        out("%s root sent", name);
        free(counts); free(displs);
    } else if (root == MPI_PROC_NULL) {
        if (nb)
            MPI_Iscatterv(NULL, NULL, NULL, MPI_DATATYPE_NULL, NULL, 0, MPI_DATATYPE_NULL, root, inter, &rq);
        else
            MPI_Scatterv(NULL, NULL, NULL, MPI_DATATYPE_NULL, NULL, 0, MPI_DATATYPE_NULL, root, inter);
        wait_if(nb, &rq);
        out("%s proc_null", name);
    } else {
        int recv[8] = { 0 };
        int n = lsize - lrank;   /* counts[i] = remote size - i, seen from here */
        if (nb)
            MPI_Iscatterv(NULL, NULL, NULL, MPI_DATATYPE_NULL, recv, n, MPI_INT, root, inter, &rq);
        else
            MPI_Scatterv(NULL, NULL, NULL, MPI_DATATYPE_NULL, recv, n, MPI_INT, root, inter);
        wait_if(nb, &rq);
        out("%s got %lu", name, conf_sum(recv, n));
    }
}

/* Gather, Scatter, Bcast, Reduce: fixed counts (Open MPI checks the type
 * of Bcast and Reduce everywhere, so MPI_PROC_NULL ranks pass a real one). */
static void rooted(int nb, int root_in_a, int r)
{
    int root = root_arg(root_in_a, r);
    MPI_Request rq[4];
    char tag = root_in_a ? 'A' : 'B';
    const char *p = nb ? "i" : "";
    int mine[2] = { 10 * lrank + 1, 10 * lrank + 2 }, all[16] = { 0 }, b[3] = { 0 }, red[2] = { 0 };
    if (root == MPI_ROOT) {
        int src[16];
        for (int i = 0; i < 16; i++)
            src[i] = i * i;
        b[0] = 5; b[1] = 6; b[2] = 7;
        if (nb) {
            MPI_Igather(NULL, 0, MPI_DATATYPE_NULL, all, 2, MPI_INT, root, inter, &rq[0]);
            MPI_Iscatter(src, 2, MPI_INT, NULL, 0, MPI_DATATYPE_NULL, root, inter, &rq[1]);
            MPI_Ibcast(b, 3, MPI_INT, root, inter, &rq[2]);
            MPI_Ireduce(NULL, red, 2, MPI_INT, MPI_SUM, root, inter, &rq[3]);
            MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
        } else {
            MPI_Gather(NULL, 0, MPI_DATATYPE_NULL, all, 2, MPI_INT, root, inter);
            MPI_Scatter(src, 2, MPI_INT, NULL, 0, MPI_DATATYPE_NULL, root, inter);
            MPI_Bcast(b, 3, MPI_INT, root, inter);
            MPI_Reduce(NULL, red, 2, MPI_INT, MPI_SUM, root, inter);
        }
        out("%sgather root-in-%c root got %lu", p, tag, conf_sum(all, 2 * rsize));
        out("%sreduce root-in-%c root got %d %d", p, tag, red[0], red[1]);
    } else if (root == MPI_PROC_NULL) {
        if (nb) {
            MPI_Igather(NULL, 0, MPI_DATATYPE_NULL, NULL, 0, MPI_DATATYPE_NULL, root, inter, &rq[0]);
            MPI_Iscatter(NULL, 0, MPI_DATATYPE_NULL, NULL, 0, MPI_DATATYPE_NULL, root, inter, &rq[1]);
            MPI_Ibcast(b, 3, MPI_INT, root, inter, &rq[2]);
            MPI_Ireduce(NULL, NULL, 2, MPI_INT, MPI_SUM, root, inter, &rq[3]);
            MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
        } else {
            MPI_Gather(NULL, 0, MPI_DATATYPE_NULL, NULL, 0, MPI_DATATYPE_NULL, root, inter);
            MPI_Scatter(NULL, 0, MPI_DATATYPE_NULL, NULL, 0, MPI_DATATYPE_NULL, root, inter);
            MPI_Bcast(b, 3, MPI_INT, root, inter);
            MPI_Reduce(NULL, NULL, 2, MPI_INT, MPI_SUM, root, inter);
        }
        out("%srooted root-in-%c proc_null", p, tag);
    } else {
        int got[2] = { 0 };
        if (nb) {
            MPI_Igather(mine, 2, MPI_INT, NULL, 0, MPI_DATATYPE_NULL, root, inter, &rq[0]);
            MPI_Iscatter(NULL, 0, MPI_DATATYPE_NULL, got, 2, MPI_INT, root, inter, &rq[1]);
            MPI_Ibcast(b, 3, MPI_INT, root, inter, &rq[2]);
            MPI_Ireduce(mine, NULL, 2, MPI_INT, MPI_SUM, root, inter, &rq[3]);
            MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
        } else {
            MPI_Gather(mine, 2, MPI_INT, NULL, 0, MPI_DATATYPE_NULL, root, inter);
            MPI_Scatter(NULL, 0, MPI_DATATYPE_NULL, got, 2, MPI_INT, root, inter);
            MPI_Bcast(b, 3, MPI_INT, root, inter);
            MPI_Reduce(mine, NULL, 2, MPI_INT, MPI_SUM, root, inter);
        }
        out("%sscatter root-in-%c got %d %d", p, tag, got[0], got[1]);
        out("%sbcast root-in-%c got %d %d %d", p, tag, b[0], b[1], b[2]);
    }
}

/* Non-rooted collectives on the same intercommunicator. */
static void allcoll(void)
{
    int mine = 1000 * in_a + lrank, all[8] = { 0 }, sum = 0;
    MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, inter);
    out("allgather got %lu", conf_sum(all, rsize));
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, inter);
    out("allreduce got %d", sum);
    int a2a[8], back[8] = { 0 };
    for (int i = 0; i < rsize; i++)
        a2a[i] = 100 * lrank + i + in_a * 50;
    MPI_Alltoall(a2a, 1, MPI_INT, back, 1, MPI_INT, inter);
    out("alltoall got %lu", conf_sum(back, rsize));
    MPI_Barrier(inter);
    out("barrier");
}

int main(int argc, char **argv)
{
    int wrank, wsize;
    conf_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    if (wsize != 5) {
        out("needs 5 ranks");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    in_a = wrank < 2;
    MPI_Comm local;
    MPI_Comm_split(MPI_COMM_WORLD, in_a, wrank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, in_a ? 2 : 0, 77, &inter);
    MPI_Comm_rank(inter, &lrank);
    MPI_Comm_size(inter, &lsize);
    MPI_Comm_remote_size(inter, &rsize);
    out("inter local %d of %d, remote %d", lrank, lsize, rsize);
    for (int nb = 0; nb < 2; nb++) {
        gatherv(nb, 1, 0);
        gatherv(nb, 0, 2);
        scatterv(nb, 1, 1);
        scatterv(nb, 0, 0);
        rooted(nb, 1, 0);
        rooted(nb, 0, 1);
    }
    allcoll();
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    conf_done();
    return 0;
}

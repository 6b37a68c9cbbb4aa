/* conformance-np: 3 (ranks tests/mpi/run_conformance.sh starts) */
/* coll.c - MPI-3.1 chapter 5 on an intracommunicator: every collective,
 * blocking and nonblocking, with uneven counts for the v/w variants. */
#include "conf.h"

static int rank, size;

static void run(int nb)
{
    MPI_Request rq[8];
    int nr = 0;
    const char *p = nb ? "i" : "";
    int x = rank + 1, sc = 0, ex = -1, rsb = 0;
    int counts[8], displs[8], all[32] = { 0 }, a2av[32] = { 0 }, a2aw[32] = { 0 }, rs = 0;
    int send[32];
    MPI_Datatype types[8];
    for (int i = 0; i < 32; i++)
        send[i] = 100 * rank + i;
    int tot = 0;
    for (int i = 0; i < size; i++) {
        counts[i] = i + 1;
        displs[i] = tot;
        tot += i + 1;
        types[i] = MPI_INT;
    }
    int scount = rank + 1;   /* what counts[rank] says */
    int acounts[8], adispls[8], bdispls[8];
    for (int i = 0; i < size; i++) {
        acounts[i] = 2;
        adispls[i] = 2 * i;
        bdispls[i] = 2 * i * (int)sizeof(int);
    }
    int rscounts[8], redin[32];
    for (int i = 0; i < size; i++)
        rscounts[i] = 1;
    for (int i = 0; i < 32; i++)
        redin[i] = rank + i;
    int rsbin[8];
    for (int i = 0; i < 8; i++)
        rsbin[i] = rank * i;
    if (nb) {
        MPI_Iallgatherv(send, scount, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Ialltoallv(send, acounts, adispls, MPI_INT, a2av, acounts, adispls, MPI_INT, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Ialltoallw(send, acounts, bdispls, types, a2aw, acounts, bdispls, types, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Iscan(&x, &sc, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Iexscan(&x, &ex, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Ireduce_scatter(redin, &rs, rscounts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Ireduce_scatter_block(rsbin, &rsb, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Waitall(nr, rq, MPI_STATUSES_IGNORE);
    } else {
        MPI_Allgatherv(send, scount, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD);
        MPI_Alltoallv(send, acounts, adispls, MPI_INT, a2av, acounts, adispls, MPI_INT, MPI_COMM_WORLD);
        MPI_Alltoallw(send, acounts, bdispls, types, a2aw, acounts, bdispls, types, MPI_COMM_WORLD);
        MPI_Scan(&x, &sc, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Exscan(&x, &ex, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Reduce_scatter(redin, &rs, rscounts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Reduce_scatter_block(rsbin, &rsb, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    }
    out("%sallgatherv %lu", p, conf_sum(all, tot));
    out("%salltoallv %lu alltoallw %lu", p, conf_sum(a2av, 2 * size), conf_sum(a2aw, 2 * size));
    out("%sscan %d exscan %d", p, sc, rank ? ex : 0);
    out("%sreduce_scatter %d block %d", p, rs, rsb);
    /* the rest, with the same data */
    int g[32] = { 0 }, s2[2] = { 0 }, b = rank == 1 ? 42 : 0, r = 0, ar = 0, ag[8] = { 0 }, a2a[8] = { 0 };
    int gv[32] = { 0 }, sv[8] = { 0 };
    nr = 0;
    if (nb) {
        MPI_Ibarrier(MPI_COMM_WORLD, &rq[nr++]);
        MPI_Ibcast(&b, 1, MPI_INT, 1, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Igather(send, 2, MPI_INT, g, 2, MPI_INT, 0, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Iscatter(send, 2, MPI_INT, s2, 2, MPI_INT, 2, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Ireduce(&x, &r, 1, MPI_INT, MPI_PROD, 0, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Iallreduce(&x, &ar, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Iallgather(&x, 1, MPI_INT, ag, 1, MPI_INT, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Ialltoall(send, 1, MPI_INT, a2a, 1, MPI_INT, MPI_COMM_WORLD, &rq[nr++]);
        MPI_Waitall(nr, rq, MPI_STATUSES_IGNORE);
        MPI_Igatherv(send, scount, MPI_INT, gv, counts, displs, MPI_INT, 1, MPI_COMM_WORLD, &rq[0]);
        MPI_Iscatterv(send, counts, displs, MPI_INT, sv, scount, MPI_INT, 0, MPI_COMM_WORLD, &rq[1]);
        MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Bcast(&b, 1, MPI_INT, 1, MPI_COMM_WORLD);
        MPI_Gather(send, 2, MPI_INT, g, 2, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Scatter(send, 2, MPI_INT, s2, 2, MPI_INT, 2, MPI_COMM_WORLD);
        MPI_Reduce(&x, &r, 1, MPI_INT, MPI_PROD, 0, MPI_COMM_WORLD);
        MPI_Allreduce(&x, &ar, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allgather(&x, 1, MPI_INT, ag, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Alltoall(send, 1, MPI_INT, a2a, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Gatherv(send, scount, MPI_INT, gv, counts, displs, MPI_INT, 1, MPI_COMM_WORLD);
        MPI_Scatterv(send, counts, displs, MPI_INT, sv, scount, MPI_INT, 0, MPI_COMM_WORLD);
    }
    out("%sbcast %d gather %lu scatter %d %d reduce %d allreduce %d", p, b, conf_sum(g, 2 * size),
        s2[0], s2[1], rank == 0 ? r : 0, ar);
    out("%sallgather %lu alltoall %lu gatherv %lu scatterv %lu", p, conf_sum(ag, size),
        conf_sum(a2a, size), rank == 1 ? conf_sum(gv, tot) : 0, conf_sum(sv, scount));
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    run(0);
    run(1);
    conf_done();
    return 0;
}

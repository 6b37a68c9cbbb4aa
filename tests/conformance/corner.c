/* conformance-np: 4 (ranks tests/mpi/run_conformance.sh starts) */
/* corner.c - two corners of MPI-3.1 that are valid and complete natively:
 * an all-to-all whose matching blocks are described by different but
 * equally empty type signatures (5.8: 0 x MPI_INT sent, 1 x a zero-size
 * datatype received), and a communicator created from a group while
 * another rank's MPI_Comm_idup on the same parent is still pending
 * (6.4.2: MPI_Comm_create_group is collective over the group only, so the
 * ranks may call it and MPI_Comm_idup in either order). Run with 4 ranks. */
#include "conf.h"

/* Every rank sends rank+1 ints to its right neighbour and nothing (0 x
 * MPI_INT) to the others; it receives the left neighbour's ints, and
 * from every other rank 1 x an empty contiguous type (a zero-size
 * datatype: 0 bytes, as sent). Blocking, then nonblocking. */
static void zero_size_alltoallv(int rank, int size)
{
    MPI_Datatype zero;
    MPI_Type_contiguous(0, MPI_INT, &zero);
    MPI_Type_commit(&zero);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    int sc[16], rc[16], sbuf[16], rbuf[16];
    MPI_Datatype st[16], rt[16];
    for (int i = 0; i < size; i++) {
        sc[i] = i == right ? rank + 1 : 0;
        st[i] = MPI_INT;
        rc[i] = i == left ? left + 1 : 1;
        rt[i] = i == left ? MPI_INT : zero;
    }
    for (int i = 0; i < 16; i++) {
        sbuf[i] = 100 * rank + i;
        rbuf[i] = -1;
    }
    /* alltoallw: one type per peer, so the zero-size type is legal here */
    int sdb[16], rdb[16];
    for (int i = 0; i < size; i++)
        sdb[i] = rdb[i] = 0;
    MPI_Alltoallw(sbuf, sc, sdb, st, rbuf, rc, rdb, rt, MPI_COMM_WORLD);
    out("alltoallw zero-size got %d %d %d", rbuf[0], rbuf[left], rbuf[left + 1]);
    /* alltoallv: one type for all peers: 0 x MPI_INT against 1 x zero */
    int cnt[16], one[16], disp[16];
    for (int i = 0; i < size; i++) {
        cnt[i] = 0;
        one[i] = 1;
        disp[i] = 0;
    }
    MPI_Alltoallv(sbuf, cnt, disp, MPI_INT, rbuf, one, disp, zero, MPI_COMM_WORLD);
    out("alltoallv 0 x int against 1 x zero-size: completed");
    MPI_Request rq;
    MPI_Ialltoallv(sbuf, cnt, disp, MPI_INT, rbuf, cnt, disp, zero, MPI_COMM_WORLD, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    out("ialltoallv 0 x int against 0 x zero-size: completed");
    MPI_Type_free(&zero);
}

/* Even ranks create from the group first, odd ranks start the idup first. */
static void create_group_during_idup(int rank)
{
    MPI_Group world;
    MPI_Comm group_comm, idup_comm;
    MPI_Request rq;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    if (rank % 2 == 0) {
        MPI_Comm_create_group(MPI_COMM_WORLD, world, 0, &group_comm);
        MPI_Comm_idup(MPI_COMM_WORLD, &idup_comm, &rq);
    } else {
        MPI_Comm_idup(MPI_COMM_WORLD, &idup_comm, &rq);
        MPI_Comm_create_group(MPI_COMM_WORLD, world, 0, &group_comm);
    }
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    int a = rank, b = -1, c = -1;
    MPI_Allreduce(&a, &b, 1, MPI_INT, MPI_SUM, idup_comm);
    MPI_Allreduce(&a, &c, 1, MPI_INT, MPI_MAX, group_comm);
    out("create_group during idup: idup sum %d, group max %d", b, c);
    MPI_Comm_free(&idup_comm);
    MPI_Comm_free(&group_comm);
    MPI_Group_free(&world);
}

int main(int argc, char **argv)
{
    int rank, size;
    conf_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > 16)
        MPI_Abort(MPI_COMM_WORLD, 1);
    zero_size_alltoallv(rank, size);
    create_group_during_idup(rank);
    conf_done();
    return 0;
}

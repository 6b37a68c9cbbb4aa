/* world.c - the application never sees seshat: MPI_COMM_WORLD has N ranks
 * whose numbers equal world ranks, predefined attributes and error
 * handlers behave as on a real world, statuses are the program's own, and
 * calls without a model still work. Prints "RESULT world-<check> 1" per
 * passed check on rank 0 and "CHECK FAILED ..." otherwise. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void check(int rank, const char *name, int ok)
{
    if (!ok) {
        printf("CHECK FAILED %s on rank %d\n", name, rank);
        failures++;
    } else if (rank == 0) {
        printf("RESULT world-%s 1\n", name);
    }
}

int main(int argc, char **argv)
{
    int rank, size, flag, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    check(rank, "size", size == 3);

    int *tag_ub, *universe, *wtime_global;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    check(rank, "tag_ub", flag && *tag_ub >= 32767);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &universe, &flag);
    check(rank, "universe_size", flag && *universe >= 1);   /* the slots, as natively */
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &wtime_global, &flag);
    check(rank, "wtime_is_global", flag);
    check(rank, "wtick", MPI_Wtick() > 0 && MPI_Wtick() <= 1e-6);

    /* Errors return instead of aborting once the program asks for it. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rc = MPI_Send(&flag, 1, MPI_INT, size + 5, 0, MPI_COMM_WORLD);
    check(rank, "errors_return", rc != MPI_SUCCESS);

    /* Get_count / Get_elements on a status the program received. */
    double d[5] = { 1, 2, 3, 4, 5 };
    MPI_Status st;
    if (rank == 0)
        MPI_Send(d, 5, MPI_DOUBLE, 1, 11, MPI_COMM_WORLD);
    if (rank == 1) {
        int count, elements;
        MPI_Recv(d, 5, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        MPI_Get_elements(&st, MPI_DOUBLE, &elements);
        if (count != 5 || elements != 5 || st.MPI_SOURCE != 0 || st.MPI_TAG != 11)
            printf("CHECK FAILED get_count on rank 1\n");
    }
    /* MPI_PROC_NULL and Bsend with an attached buffer. */
    MPI_Recv(d, 5, MPI_DOUBLE, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
    check(rank, "proc_null", st.MPI_SOURCE == MPI_PROC_NULL);
    static char bsend_buf[1 << 16];
    MPI_Buffer_attach(bsend_buf, sizeof bsend_buf);
    int right = (rank + 1) % size, left = (rank + size - 1) % size, got = -1;
    MPI_Bsend(&rank, 1, MPI_INT, right, 5, MPI_COMM_WORLD);
    MPI_Recv(&got, 1, MPI_INT, left, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check(rank, "bsend", got == left);
    void *detached;
    int detached_size;
    MPI_Buffer_detach(&detached, &detached_size);

    /* Matched probe. */
    if (rank == 0)
        MPI_Send(d, 3, MPI_DOUBLE, 2, 9, MPI_COMM_WORLD);
    if (rank == 2) {
        MPI_Message msg;
        int count;
        MPI_Mprobe(0, 9, MPI_COMM_WORLD, &msg, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        MPI_Mrecv(d, count, MPI_DOUBLE, &msg, &st);
        if (count != 3)
            printf("CHECK FAILED mprobe on rank 2\n");
    }
    /* Cancel a receive nobody sends to. */
    MPI_Request req;
    int cancelled = 0;
    MPI_Irecv(d, 1, MPI_DOUBLE, left, 999, MPI_COMM_WORLD, &req);
    MPI_Cancel(&req);
    MPI_Wait(&req, &st);
    MPI_Test_cancelled(&st, &cancelled);
    check(rank, "cancel", cancelled);

    /* One-sided calls on the program's world run for real (modeled: no warning). */
    MPI_Win win;
    int winbuf = rank;
    MPI_Win_create(&winbuf, sizeof winbuf, sizeof winbuf, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    int remote = -1;
    MPI_Get(&remote, 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    check(rank, "rma", remote == right);

    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int dsize, result;
    MPI_Comm_size(dup, &dsize);
    MPI_Comm_compare(dup, MPI_COMM_WORLD, &result);
    check(rank, "dup", dsize == size && result == MPI_CONGRUENT);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    int finalized;
    MPI_Finalized(&finalized);
    if (rank == 0)
        printf("RESULT world-failures %d\n", failures + !finalized);
    return 0;
}

/* thread_level.c - MPI_Init_thread(REQUIRED) under seshat, then a
 * ping-pong of 8 bytes between ranks 0 and 1 from the main thread.
 * Rank 0 prints "RESULT provided P", "RESULT query Q" (MPI_Query_thread)
 * and "RESULT rtt NS" (virtual round trip).
 * Usage: thread_level single|funneled|serialized|multiple */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *names[] = { "single", "funneled", "serialized", "multiple" };
    const int levels[] = { MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                           MPI_THREAD_MULTIPLE };
    int required = MPI_THREAD_SINGLE, provided = -1, query = -1, rank;
    for (int i = 0; i < 4; i++)
        if (argc > 1 && !strcmp(argv[1], names[i]))
            required = levels[i];
    MPI_Init_thread(&argc, &argv, required, &provided);
    MPI_Query_thread(&query);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char buf[8] = { 0 };
    double t0 = MPI_Wtime();
    if (rank == 0) {
        MPI_Send(buf, 8, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(buf, 8, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(buf, 8, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, 8, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
    double t1 = MPI_Wtime();
    if (rank == 0) {
        const char *lv[] = { "single", "funneled", "serialized", "multiple" };
        int p = -1, q = -1;
        for (int i = 0; i < 4; i++) {
            if (levels[i] == provided) p = i;
            if (levels[i] == query) q = i;
        }
        printf("RESULT provided %s\nRESULT query %s\nRESULT rtt %.0f\n", p < 0 ? "?" : lv[p],
               q < 0 ? "?" : lv[q], round((t1 - t0) * 1e9));
    }
    MPI_Finalize();
    return 0;
}

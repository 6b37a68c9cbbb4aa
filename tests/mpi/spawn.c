/* spawn.c - asks for dynamic processes, which seshat refuses: "spawn",
 * "spawn_multiple", "connect", "accept" or "join" on rank 0 (the others
 * wait in a barrier). Prints "RESULT returned RANK" after the call. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Comm inter;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const char *mode = argc > 1 ? argv[1] : "spawn";
    char *cmds[1] = { argv[0] };
    int np[1] = { 1 };
    MPI_Info infos[1] = { MPI_INFO_NULL };
    if (!strcmp(mode, "spawn"))
        MPI_Comm_spawn(argv[0], MPI_ARGV_NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter,
                       MPI_ERRCODES_IGNORE);
    else if (!strcmp(mode, "spawn_multiple"))
        MPI_Comm_spawn_multiple(1, cmds, MPI_ARGVS_NULL, np, infos, 0, MPI_COMM_WORLD, &inter,
                                MPI_ERRCODES_IGNORE);
    else if (!strcmp(mode, "connect"))
        MPI_Comm_connect("no-such-port", MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter);
    else if (!strcmp(mode, "accept"))
        MPI_Comm_accept("no-such-port", MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter);
    else if (rank == 0)
        MPI_Comm_join(0, &inter);
    printf("RESULT returned %d\n", rank);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}

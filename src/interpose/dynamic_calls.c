/* dynamic_calls.c - dynamic processes are refused: a spawned child would
 * join the job as if it were a model rank, and connect/accept/join would
 * bring in ranks seshat does not know. One clear error naming the call,
 * then the whole job ends (exit 1), instead of a hang. */
#include <mpi.h>

#include "common/log.h"

static int refuse(const char *call)
{
    seshat_error("%s: dynamic processes (spawn, connect/accept, join) are not supported "
                 "under seshat; ending the job", call);
    return PMPI_Abort(MPI_COMM_WORLD, 1);
}

int MPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info, int root,
                   MPI_Comm comm, MPI_Comm *intercomm, int errcodes[])
{
    (void)command, (void)argv, (void)maxprocs, (void)info, (void)root, (void)comm;
    (void)intercomm, (void)errcodes;
    return refuse("MPI_Comm_spawn");
}

int MPI_Comm_spawn_multiple(int count, char *commands[], char **argvs[], const int maxprocs[],
                            const MPI_Info info[], int root, MPI_Comm comm, MPI_Comm *intercomm,
                            int errcodes[])
{
    (void)count, (void)commands, (void)argvs, (void)maxprocs, (void)info, (void)root;
    (void)comm, (void)intercomm, (void)errcodes;
    return refuse("MPI_Comm_spawn_multiple");
}

int MPI_Comm_accept(const char *port, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *newcomm)
{
    (void)port, (void)info, (void)root, (void)comm, (void)newcomm;
    return refuse("MPI_Comm_accept");
}

int MPI_Comm_connect(const char *port, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *newcomm)
{
    (void)port, (void)info, (void)root, (void)comm, (void)newcomm;
    return refuse("MPI_Comm_connect");
}

int MPI_Comm_join(int fd, MPI_Comm *intercomm)
{
    (void)fd, (void)intercomm;
    return refuse("MPI_Comm_join");
}

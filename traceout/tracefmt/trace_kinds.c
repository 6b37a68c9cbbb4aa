/* trace_kinds.c - call name -> event kind (trace_kinds.h). */
#include <string.h>

#include "config/config.h"
#include "trace_kinds.h"

int seshat_trace_kind_of(const char *n)
{
    static const char *const coll[] = { "MPI_Barrier", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce",
        "MPI_Gather", "MPI_Scatter", "MPI_Allgather", "MPI_Alltoall", "MPI_Scan", "MPI_Exscan",
        "MPI_Neighbor", "MPI_Ibarrier", "MPI_Ibcast", "MPI_Ireduce", "MPI_Iallreduce",
        "MPI_Igather", "MPI_Iscatter", "MPI_Iallgather", "MPI_Ialltoall", "MPI_Iscan",
        "MPI_Iexscan", "MPI_Ineighbor" };
    static const char *const comm[] = { "MPI_Comm_", "MPI_Cart_", "MPI_Graph_", "MPI_Dist_graph",
        "MPI_Intercomm_", "MPI_Topo_test", "MPI_Attr_" };
    for (size_t i = 0; i < sizeof coll / sizeof coll[0]; i++)
        if (!strncmp(n, coll[i], strlen(coll[i])))
            return SESHAT_KIND_COLL;
    if ((!strncmp(n, "MPI_Wait", 8) || !strncmp(n, "MPI_Test", 8)) && strcmp(n, "MPI_Test_cancelled"))
        return SESHAT_KIND_WAITTEST;
    for (size_t i = 0; i < sizeof comm / sizeof comm[0]; i++)
        if (!strncmp(n, comm[i], strlen(comm[i])))
            return SESHAT_KIND_COMM;
    if (strstr(n, "send") || strstr(n, "recv") || strstr(n, "Send") || strstr(n, "Recv") ||
        strstr(n, "probe") || strstr(n, "Probe") || !strncmp(n, "MPI_Start", 9) ||
        !strcmp(n, "MPI_Request_free") || !strcmp(n, "MPI_Cancel"))
        return SESHAT_KIND_P2P;
    return SESHAT_KIND_OTHER;
}

/* sg_bind.c - where MPI_Init, MPI_Send (seshat's wrappers) and PMPI_Init
 * (Open MPI) resolve in this process, and
 * whether SimGrid is mapped in it. Under model = simgrid an application
 * rank must bind MPI_* to Open MPI and never map libsimgrid (its SMPI
 * exports the same names). Rank 0 prints "RESULT bind_init LIB",
 * "RESULT bind_send LIB", "RESULT bind_pmpi_init LIB" (file names) and "RESULT simgrid_mapped 0|1"
 * (the highest over all ranks), then a ping-pong's round trip of 8 B as
 * "RESULT bind_rtt NS". */
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static const char *lib_of(void *sym)
{
    Dl_info info;
    if (!dladdr(sym, &info) || !info.dli_fname)
        return "unknown";
    const char *slash = strrchr(info.dli_fname, '/');
    return slash ? slash + 1 : info.dli_fname;
}

static int simgrid_mapped(void)
{
    char line[4096];
    int found = 0;
    FILE *f = fopen("/proc/self/maps", "r");
    while (f && fgets(line, sizeof line, f))
        found |= strstr(line, "libsimgrid") != NULL;
    if (f)
        fclose(f);
    return found;
}

int main(int argc, char **argv)
{
    int rank, mine, any;
    char buf[8] = { 0 };
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = simgrid_mapped();
    MPI_Reduce(&mine, &any, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (rank == 0) {
        MPI_Send(buf, 8, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(buf, 8, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("RESULT bind_init %s\nRESULT bind_send %s\nRESULT bind_pmpi_init %s\n"
               "RESULT simgrid_mapped %d\n", lib_of((void *)MPI_Init), lib_of((void *)MPI_Send),
               lib_of((void *)PMPI_Init), any);
        printf("RESULT bind_rtt %.0f\n", (MPI_Wtime() - t0) * 1e9);
    } else if (rank == 1) {
        MPI_Recv(buf, 8, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, 8, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}

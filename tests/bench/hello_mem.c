/* hello_mem.c - start-up and memory benchmark: MPI_Init, a barrier, then
 * every rank's peak resident set (VmHWM) reduced to rank 0, which prints
 * "BENCH hwm_kb <max> <mean>". Under seshat only application ranks take
 * part (the model ranks are not in this world); run.sh adds theirs. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static long vm_hwm_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "VmHWM:", 6))
            sscanf(line + 6, "%ld", &kb);
    if (f)
        fclose(f);
    return kb;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Barrier(MPI_COMM_WORLD);
    long kb = vm_hwm_kb(), max = 0, sum = 0;
    MPI_Reduce(&kb, &max, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&kb, &sum, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("BENCH hwm_kb %ld %ld ranks %d\n", max, sum / size, size);
    MPI_Finalize();
    return 0;
}

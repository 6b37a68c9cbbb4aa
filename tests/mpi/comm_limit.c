/* comm_limit.c - duplicates MPI_COMM_WORLD until MPI says no (errors
 * return) or MAX live communicators exist; prints "RESULT comms N" and
 * the error class, then frees them all. Usage: comm_limit [MAX] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, max = argc > 1 ? atoi(argv[1]) : 100000, n = 0, rc = MPI_SUCCESS, cls = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm *c = malloc((size_t)max * sizeof *c);
    while (n < max && (rc = MPI_Comm_dup(MPI_COMM_WORLD, &c[n])) == MPI_SUCCESS)
        n++;
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    if (rank == 0)
        printf("RESULT comms %d\nRESULT error_class %d\n", n, cls);
    for (int i = 0; i < n; i++)
        MPI_Comm_free(&c[i]);
    free(c);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}

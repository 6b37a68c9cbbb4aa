/* coll_twin.c - C twin of coll_twin_f.f90: the same collectives in the same
 * order; both print "RESULT twin-<step> <rank> <virtual ns>" and
 * "RESULT twin-check <rank> <0 if the data was right>". */
#include <math.h>
#include <mpi.h>
#include <stdio.h>

static void stamp(const char *step, int rank)
{
    printf("RESULT twin-%s %d %.0f\n", step, rank, round(MPI_Wtime() * 1e9));
}

int main(int argc, char **argv)
{
    int rank, size, bad = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double x = rank + 1, sum = 0;
    MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    bad |= sum != size * (size + 1) / 2.0;
    stamp("allreduce", rank);
    int v[10];
    for (int i = 0; i < 10; i++)
        v[i] = rank == 1 ? 42 + i : 0;
    MPI_Bcast(v, 10, MPI_INT, 1, MPI_COMM_WORLD);
    bad |= v[9] != 51;
    stamp("bcast", rank);
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_MAX, half);
    bad |= sum != (rank % 2 ? size - (size % 2 == 0 ? 0 : 1) : size - (size % 2 == 0 ? 1 : 0));
    stamp("split", rank);
    MPI_Comm cart;
    int dims[2] = { 2, size / 2 }, periods[2] = { 0, 0 };
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, cart);
    bad |= sum != size * (size + 1) / 2.0;
    stamp("cart", rank);
    printf("RESULT twin-check %d %d\n", rank, bad);
    MPI_Comm_free(&half);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return 0;
}

// sample_cxx.cpp - C++ names in call paths: a namespaced function and a
// class member compute between MPI calls, and one of them calls MPI. The
// analyzer must show them demangled ("solver::Grid::relax", without the
// parameter list) in compute paths and at MPI call sites.
#include <mpi.h>

namespace solver {
static volatile double sink;

struct Grid {
    long n;
    __attribute__((noinline)) void relax(int sweeps)
    {
        double x = 1.0;
        for (long i = 0; i < n * sweeps; i++)
            x = x * 1.0000001 + 1e-9;
        sink = x;
    }
};

__attribute__((noinline)) void step(Grid &g)
{
    g.relax(3);
    MPI_Barrier(MPI_COMM_WORLD);
}
}  // namespace solver

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    solver::Grid g{ 1000000 };
    for (int i = 0; i < 10; i++)
        solver::step(g);
    MPI_Finalize();
    return 0;
}

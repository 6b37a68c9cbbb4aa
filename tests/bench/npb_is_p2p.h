/* npb_is_p2p.h - NPB IS's three collectives as point-to-point calls, for
 * the SMPI comparison of docs/validation.md ("Receive-side sharing"). Under
 * network.contention = on a collective's schedule starts for every member
 * at the last member's entry, so IS's MPI_Allreduce and MPI_Alltoall
 * release all ranks together and the skew that makes IS's exchanges
 * collide never forms; written as messages, the calls leave ranks out of
 * step on seshat as on SMPI. Use: include this after mpi.h in NPB's is.c
 * and rename its MPI_Allreduce, MPI_Alltoall and MPI_Alltoallv calls to
 * P2P_...; build the file twice (mpicc, smpicc). 2^k ranks; integer sums
 * only (IS's MP_KEY_TYPE is MPI_INT): recursive-doubling allreduce, and
 * alltoall(v) as pairwise exchanges with rank ^ i, as SMPI's alltoallv. */
#ifndef NPB_IS_P2P_H
#define NPB_IS_P2P_H
#include <stdlib.h>
#include <string.h>

static int P2P_Allreduce(void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    int me, p;
    MPI_Comm_rank(c, &me);
    MPI_Comm_size(c, &p);
    int *out = r, *in = malloc(sizeof *in * (size_t)n);
    memcpy(out, s, sizeof *out * (size_t)n);
    for (int st = 1; st < p; st *= 2) {
        MPI_Sendrecv(out, n, t, me ^ st, 777, in, n, t, me ^ st, 777, c, MPI_STATUS_IGNORE);
        for (int i = 0; i < n; i++)
            out[i] += in[i];
    }
    free(in);
    (void)op;
    return MPI_SUCCESS;
}

static int P2P_Alltoall(void *s, int sc, MPI_Datatype st, void *r, int rc, MPI_Datatype rt,
                        MPI_Comm c)
{
    int me, p;
    MPI_Comm_rank(c, &me);
    MPI_Comm_size(c, &p);
    ((int *)r)[me] = ((int *)s)[me];
    for (int i = 1; i < p; i++)
        MPI_Sendrecv((int *)s + (me ^ i), sc, st, me ^ i, 778, (int *)r + (me ^ i), rc, rt, me ^ i,
                     778, c, MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
}

static int P2P_Alltoallv(void *s, int *sc, int *sd, MPI_Datatype t, void *r, int *rc, int *rd,
                         MPI_Datatype rt, MPI_Comm c)
{
    int me, p, sz;
    MPI_Comm_rank(c, &me);
    MPI_Comm_size(c, &p);
    MPI_Type_size(t, &sz);
    for (int i = 0; i < p; i++) { /* i = 0: the rank's own block */
        int q = me ^ i;
        MPI_Sendrecv((char *)s + (size_t)sd[q] * sz, sc[q], t, q, 779,
                     (char *)r + (size_t)rd[q] * sz, rc[q], rt, q, 779, c, MPI_STATUS_IGNORE);
    }
    return MPI_SUCCESS;
}
#endif

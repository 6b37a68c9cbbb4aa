/* conformance-np: 4 (ranks tests/mpi/run_conformance.sh starts) */
/* topo.c - MPI-3.1 chapter 7 (process topologies): Cartesian, graph and
 * distributed graph communicators (empty neighbourhoods, self edges,
 * weights, MPI_UNWEIGHTED), their queries, and neighbourhood collectives
 * on each. */
#include "conf.h"

static void neighbors(MPI_Comm c, const char *what)
{
    int in, out_, w, topo;
    MPI_Topo_test(c, &topo);
    if (topo == MPI_DIST_GRAPH) {
        MPI_Dist_graph_neighbors_count(c, &in, &out_, &w);
    } else if (topo == MPI_GRAPH) {
        int rank;
        MPI_Comm_rank(c, &rank);
        MPI_Graph_neighbors_count(c, rank, &in);
        out_ = in;
    } else {
        int nd;
        MPI_Cartdim_get(c, &nd);
        in = out_ = 2 * nd;
    }
    int rank, mine, got[16], sc[16], sd[16], rc[16], rd[16];
    MPI_Comm_rank(c, &rank);
    mine = 10 * rank + 1;
    for (int i = 0; i < 16; i++)
        got[i] = -1;
    MPI_Neighbor_allgather(&mine, 1, MPI_INT, got, 1, MPI_INT, c);
    out("%s: neighbor_allgather %lu", what, conf_sum(got, in));
    int send[16];
    for (int i = 0; i < out_; i++) {
        send[i] = 100 * rank + i;
        sc[i] = 1;
        sd[i] = i;
    }
    for (int i = 0; i < in; i++) {
        rc[i] = 1;
        rd[i] = i;
        got[i] = -1;
    }
    MPI_Neighbor_alltoall(send, 1, MPI_INT, got, 1, MPI_INT, c);
    out("%s: neighbor_alltoall %lu", what, conf_sum(got, in));
    MPI_Request rq;
    MPI_Ineighbor_alltoallv(send, sc, sd, MPI_INT, got, rc, rd, MPI_INT, c, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    out("%s: ineighbor_alltoallv %lu", what, conf_sum(got, in));
    MPI_Ineighbor_allgather(&mine, 1, MPI_INT, got, 1, MPI_INT, c, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    out("%s: ineighbor_allgather %lu", what, conf_sum(got, in));
    MPI_Neighbor_allgatherv(&mine, 1, MPI_INT, got, rc, rd, MPI_INT, c);
    out("%s: neighbor_allgatherv %lu", what, conf_sum(got, in));
    MPI_Ineighbor_allgatherv(&mine, 1, MPI_INT, got, rc, rd, MPI_INT, c, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    out("%s: ineighbor_allgatherv %lu", what, conf_sum(got, in));
    MPI_Neighbor_alltoallv(send, sc, sd, MPI_INT, got, rc, rd, MPI_INT, c);
    out("%s: neighbor_alltoallv %lu", what, conf_sum(got, in));
    MPI_Ineighbor_alltoall(send, 1, MPI_INT, got, 1, MPI_INT, c, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    out("%s: ineighbor_alltoall %lu", what, conf_sum(got, in));
    MPI_Aint sdb[16], rdb[16];
    MPI_Datatype ty[16];
    for (int i = 0; i < 16; i++) {
        sdb[i] = rdb[i] = (MPI_Aint)(i * (int)sizeof(int));
        ty[i] = MPI_INT;
    }
    MPI_Neighbor_alltoallw(send, sc, sdb, ty, got, rc, rdb, ty, c);
    out("%s: neighbor_alltoallw %lu", what, conf_sum(got, in));
    MPI_Ineighbor_alltoallw(send, sc, sdb, ty, got, rc, rdb, ty, c, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    out("%s: ineighbor_alltoallw %lu", what, conf_sum(got, in));
}

static void dist_graph(int rank)
{
    MPI_Comm g;
    /* adjacent, weighted, with a self edge on rank 0; rank 3 has no
     * out-neighbours, rank 0 only itself as in-neighbour */
    int src[4], sw[4], dst[4], dw[4], nin = 0, nout = 0;
    /* build edges globally so both sides agree: edge list i -> j */
    int edges[][2] = { { 0, 1 }, { 1, 2 }, { 0, 0 }, { 1, 3 }, { 2, 3 }, { 0, 3 } };
    nin = nout = 0;
    for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++) {
        if (edges[e][0] == rank) { dst[nout] = edges[e][1]; dw[nout++] = (int)e + 1; }
        if (edges[e][1] == rank) { src[nin] = edges[e][0]; sw[nin++] = (int)e + 1; }
    }
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, nin, src, sw, nout, dst, dw, MPI_INFO_NULL, 0, &g);
    int in, o, w, s2[4], w2[4], d2[4], dw2[4];
    MPI_Dist_graph_neighbors_count(g, &in, &o, &w);
    MPI_Dist_graph_neighbors(g, in, s2, w2, o, d2, dw2);
    out("dist adjacent weighted: in %d out %d weighted %d first src %d", in, o, w, in ? s2[0] : -1);
    neighbors(g, "dist adjacent weighted");
    MPI_Comm_free(&g);
    /* adjacent, unweighted, everyone empty but rank 1 -> rank 1 */
    nin = nout = 0;
    if (rank == 1) { src[0] = 1; dst[0] = 1; nin = nout = 1; }
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, nin, src, MPI_UNWEIGHTED, nout, dst,
                                   MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &g);
    MPI_Dist_graph_neighbors_count(g, &in, &o, &w);
    out("dist adjacent unweighted: in %d out %d weighted %d", in, o, w);
    neighbors(g, "dist adjacent unweighted");
    MPI_Comm_free(&g);
    /* general form: rank 0 names every edge, the others none */
    int n = 0, sources[6], degrees[6], targets[6], weights[6];
    if (rank == 0) {
        for (int e = 0; e < 6; e++) {
            sources[e] = edges[e][0];
            degrees[e] = 1;
            targets[e] = edges[e][1];
            weights[e] = e + 1;
        }
        n = 6;
    }
    MPI_Dist_graph_create(MPI_COMM_WORLD, n, sources, degrees, targets, weights, MPI_INFO_NULL, 0, &g);
    MPI_Dist_graph_neighbors_count(g, &in, &o, &w);
    out("dist general: in %d out %d weighted %d", in, o, w);
    neighbors(g, "dist general");
    MPI_Comm_free(&g);
    /* general form, reorder allowed, repeated edges (0 -> 1 twice, a self
     * edge twice), each rank naming its own out-edges, MPI_WEIGHTS_EMPTY
     * where a rank names none */
    int rep[][2] = { { 0, 1 }, { 0, 1 }, { 2, 2 }, { 2, 2 }, { 3, 0 }, { 1, 3 } };
    int ns = 0, dg = 0, tg[6], wt[6];
    for (int e = 0; e < 6; e++)
        if (rep[e][0] == rank) {
            tg[dg] = rep[e][1];
            wt[dg++] = 2 * e;
        }
    if (dg)
        ns = 1;
    int me = rank;
    MPI_Dist_graph_create(MPI_COMM_WORLD, ns, &me, &dg, tg, dg ? wt : MPI_WEIGHTS_EMPTY,
                          MPI_INFO_NULL, 1, &g);
    MPI_Dist_graph_neighbors_count(g, &in, &o, &w);
    out("dist repeated: in %d out %d weighted %d", in, o, w);
    neighbors(g, "dist repeated");
    MPI_Comm_free(&g);
    /* general form, unweighted, nobody passes an edge */
    MPI_Dist_graph_create(MPI_COMM_WORLD, 0, sources, degrees, targets, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &g);
    MPI_Dist_graph_neighbors_count(g, &in, &o, &w);
    out("dist empty: in %d out %d weighted %d", in, o, w);
    neighbors(g, "dist empty");
    MPI_Comm_free(&g);
}

int main(int argc, char **argv)
{
    int rank, size;
    conf_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int dims[2] = { 0, 0 }, periods[2] = { 1, 0 }, coords[2], src, dst;
    MPI_Dims_create(size, 2, dims);
    MPI_Comm cart, sub;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Cart_coords(cart, rank, 2, coords);
    MPI_Cart_shift(cart, 1, 1, &src, &dst);
    int r2;
    MPI_Cart_rank(cart, coords, &r2);
    out("cart dims %dx%d coords %d,%d shift %d %d rank %d", dims[0], dims[1], coords[0], coords[1], src, dst, r2);
    int remain[2] = { 1, 0 }, ssize;
    MPI_Cart_sub(cart, remain, &sub);
    MPI_Comm_size(sub, &ssize);
    int nd, d2[2], p2[2], c2[2], newrank;
    MPI_Cartdim_get(sub, &nd);
    MPI_Cart_get(sub, 1, d2, p2, c2);
    MPI_Cart_map(MPI_COMM_WORLD, 2, dims, periods, &newrank);
    out("cart sub size %d ndims %d dim %d period %d coord %d map %d", ssize, nd, d2[0], p2[0], c2[0], newrank);
    neighbors(cart, "cart");
    MPI_Comm_free(&sub);
    MPI_Comm_free(&cart);
    /* graph: a star around 0 */
    int index[4] = { 3, 4, 5, 6 }, edges[6] = { 1, 2, 3, 0, 0, 0 }, gr;
    MPI_Comm graph;
    MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 0, &graph);
    int nn, ne, gi[4], ge[6], nb[4], cnt;
    MPI_Graphdims_get(graph, &nn, &ne);
    MPI_Graph_get(graph, 4, 6, gi, ge);
    MPI_Graph_neighbors_count(graph, rank, &cnt);
    MPI_Graph_neighbors(graph, rank, 4, nb);
    MPI_Graph_map(MPI_COMM_WORLD, 4, index, edges, &gr);
    out("graph nodes %d edges %d neighbors %d first %d map %d", nn, ne, cnt, nb[0], gr);
    neighbors(graph, "graph");
    MPI_Comm_free(&graph);
    dist_graph(rank);
    conf_done();
    return 0;
}

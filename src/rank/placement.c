/* placement.c - which model rank serves which application rank.
 * simulator.ranks = K: the last K world ranks, rank r served by N + r mod K.
 * simulator.ranks = per-node:C: C model ranks on every node (the nodes are
 * MPI_COMM_TYPE_SHARED groups), each serving application ranks of its own
 * node; seshat-run places them (a rankfile), this only finds and checks
 * them. Application ranks stay 0..N-1, model ranks N..N+K-1 (docs/cluster.md). */
#include <stdio.h>
#include <stdlib.h>

#include "rank/core.h"

static int plain(seshat_placement *p, int world_size, int k, char *err, size_t n)
{
    p->nmodel = k;
    p->napp = world_size - k;
    if (p->napp < 1) {
        snprintf(err, n, "simulator.ranks = %d: the job has only %d ranks; start N + %d "
                 "(seshat-run -np N does this)", k, world_size, k);
        return -1;
    }
    if (!(p->model_of = malloc((size_t)p->napp * sizeof *p->model_of))) {
        snprintf(err, n, "simulator.ranks: out of memory for %d ranks", p->napp);
        return -1;
    }
    for (int r = 0; r < p->napp; r++)
        p->model_of[r] = p->napp + r % k;
    return 0;
}

/* leader[r]: the lowest world rank on r's node, for every world rank. */
static int *node_leaders(int world_rank, int world_size)
{
    MPI_Comm node;
    int leader, *all = malloc((size_t)world_size * sizeof *all);
    SESHAT_CHECKED(Comm_split_type, MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world_rank, MPI_INFO_NULL,
                                &node);
    SESHAT_CHECKED(Allreduce, &world_rank, &leader, 1, MPI_INT, MPI_MIN, node);
    SESHAT_CHECKED(Comm_free, &node);
    int ok = all != NULL, all_ok;
    SESHAT_CHECKED(Allreduce, &ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all_ok) {
        free(all);
        return NULL;
    }
    SESHAT_CHECKED(Allgather, &leader, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
    return all;
}

/* Per node (in order of leaders) its C model ranks, the ranks at the end
 * of the world on it; -1 and err if a node has not exactly C. */
static int per_node(seshat_placement *p, const int *leader, int world_size, int c, char *err,
                    size_t n)
{
    int nodes = 0;
    for (int r = 0; r < world_size; r++)
        nodes += leader[r] == r;
    char what[32];
    snprintf(what, sizeof what, c == 1 ? "per-node" : "per-node:%d", c);
    p->nmodel = c * nodes;
    p->napp = world_size - p->nmodel;
    if (p->napp < 1) {
        snprintf(err, n, "simulator.ranks = %s on %d nodes: the job has only %d ranks; "
                 "start it with seshat-run, which adds %d per node", what, nodes, world_size, c);
        return -1;
    }
    int *first = calloc((size_t)world_size, sizeof *first), *seen = calloc((size_t)world_size,
                                                                              sizeof *seen);
    p->model_of = malloc((size_t)p->napp * sizeof *p->model_of);
    p->model_node = malloc((size_t)p->nmodel * sizeof *p->model_node);
    int *models = malloc((size_t)p->nmodel * sizeof *models), rc = 0;
    if (!first || !seen || !p->model_of || !p->model_node || !models) {
        snprintf(err, n, "simulator.ranks: out of memory for %d ranks", world_size);
        rc = -1;
    }
    /* first[leader]: where its node's model ranks start in models[] */
    for (int r = 0, d = 0; !rc && r < world_size; r++)
        if (leader[r] == r)
            first[r] = c * d++;
    for (int r = p->napp; !rc && r < world_size; r++) {
        int l = leader[r];
        p->model_node[r - p->napp] = l;
        if (seen[l] < c)
            models[first[l] + seen[l]] = r;
        seen[l]++;
    }
    for (int r = 0; !rc && r < world_size; r++)
        if (leader[r] == r && seen[r] != c) {
            snprintf(err, n, "simulator.ranks = %s: the node of rank %d holds %d of the "
                     "model ranks %d-%d, expected %d (start the job with seshat-run, whose "
                     "rankfile places them; docs/cluster.md)", what, r, seen[r], p->napp,
                     world_size - 1, c);
            rc = -1;
        }
    for (int r = 0; !rc && r < p->napp; r++)
        seen[leader[r]] = 0;
    for (int r = 0; !rc && r < p->napp; r++) {
        int l = leader[r];
        p->model_of[r] = models[first[l] + seen[l]++ % c];
    }
    free(first);
    free(seen);
    free(models);
    return rc;
}

int seshat_placement_build(seshat_placement *p, const seshat_config *cfg, int world_rank,
                           int world_size, char *err, size_t n)
{
    p->model_of = p->model_node = NULL;
    p->forward = 0;
    if (!cfg->sim_per_node)
        return plain(p, world_size, cfg->sim_ranks, err, n);
    int *leader = node_leaders(world_rank, world_size);
    if (!leader) {
        snprintf(err, n, "simulator.ranks: out of memory for %d ranks", world_size);
        return -1;
    }
    int rc = per_node(p, leader, world_size, cfg->sim_ranks, err, n);
    p->forward = cfg->model == SESHAT_MODEL_SIMGRID && cfg->sg_contention && p->nmodel > 1;
    free(leader);
    return rc;
}

/* Forwarding (contention = on): which model rank runs the engine, on
 * which node (names: the application ranks' nodes, by rank). */
static void print_engine(const seshat_placement *p, const char *names)
{
    int *fw = seshat_xmalloc((size_t)p->nmodel * sizeof *fw);
    for (int i = 1; i < p->nmodel; i++)
        fw[i - 1] = p->napp + i;
    char list[256];
    seshat_rankset_format(fw, p->nmodel - 1, list, sizeof list);
    fprintf(stderr, "seshat: contention: node %s: model rank %d runs the SimGrid engine; "
            "model rank%s %s forward%s to it\n",
            p->model_node[0] < p->napp ? names + (size_t)p->model_node[0] * MPI_MAX_PROCESSOR_NAME
                                       : "?",
            p->napp, p->nmodel > 2 ? "s" : "", list, p->nmodel > 2 ? "" : "s");
    free(fw);
}

/* Rank 0 of app: one line per model rank, "seshat: node NAME: model rank
 * M serves ranks LIST" (the node named by its lowest rank, an application
 * rank wherever seshat-run placed the ranks). */
void seshat_placement_print(const seshat_placement *p, MPI_Comm app, int app_rank)
{
    char name[MPI_MAX_PROCESSOR_NAME] = "", *names = NULL;
    int len;
    SESHAT_CHECKED(Get_processor_name, name, &len);
    if (app_rank == 0)
        names = seshat_xcalloc((size_t)p->napp, MPI_MAX_PROCESSOR_NAME);
    SESHAT_CHECKED(Gather, name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, names, MPI_MAX_PROCESSOR_NAME,
                       MPI_CHAR, 0, app);
    int *served = app_rank == 0 ? seshat_xmalloc((size_t)p->napp * sizeof *served) : NULL;
    for (int m = p->napp; served && names && p->model_node && m < p->napp + p->nmodel; m++) {
        int k = 0;
        for (int r = 0; r < p->napp; r++)
            if (p->model_of[r] == m)
                served[k++] = r;
        char list[256];
        seshat_rankset_format(served, k, list, sizeof list);
        fprintf(stderr, "seshat: node %s: model rank %d serves %s%s\n",
                p->model_node[m - p->napp] < p->napp
                    ? names + (size_t)p->model_node[m - p->napp] * MPI_MAX_PROCESSOR_NAME : "?", m,
                k == 1 ? "rank " : k ? "ranks " : "", k ? list : "none");
    }
    if (p->forward && names)
        print_engine(p, names);
    free(served);
    free(names);
}

void seshat_placement_free(seshat_placement *p)
{
    free(p->model_of);
    free(p->model_node);
    p->model_of = p->model_node = NULL;
}

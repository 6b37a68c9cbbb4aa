/* node_map.h - seshat-run's view of the nodes a job runs on, and where
 * simulator.ranks = per-node[:C] puts the ranks: application ranks
 * 0..N-1 filled by slot over the nodes (as mpirun maps them), then C model
 * ranks per node that holds application ranks, N + d*C + j on the d-th
 * such node, the j-th application rank of a node served by its model rank
 * j mod C. libseshat finds the same from MPI_COMM_TYPE_SHARED at run time
 * (src/rank/placement.c) and says so in the end-of-run summary. */
#ifndef SESHAT_NODE_MAP_H
#define SESHAT_NODE_MAP_H

#include <stdio.h>

typedef struct seshat_node {
    char name[256];
    int slots;
} seshat_node;

typedef struct seshat_node_map {
    int nnodes;              /* nodes named (0: this machine only) */
    seshat_node *node;
    char source[64];         /* where they came from, for messages */
    int napp, nmodel;
    int *node_of;            /* world rank -> node index (napp + nmodel) */
    int *model_of;           /* application rank -> world rank of its model rank */
} seshat_node_map;

/* The nodes from mpirun options (--hostfile/--machinefile FILE, --host/-H
 * LIST in `mpirun_args`), else from Slurm ($SLURM_JOB_NODELIST through
 * `scontrol show hostnames`, slots from $SLURM_TASKS_PER_NODE), else none.
 * -1 and one line in err on a file or list that does not parse. */
int seshat_nodes_find(seshat_node_map *m, const char *mpirun_args, char *err, size_t n);
/* Place np application ranks and c model ranks per node used. */
int seshat_nodes_place(seshat_node_map *m, int np, int c, char *err, size_t n);
/* An Open MPI rankfile for the placement ("rank R=NODE slot=SLOT"). */
int seshat_nodes_rankfile(const seshat_node_map *m, const char *path, const char *slot,
                          char *err, size_t n);
/* "<prefix>node NAME: model rank M serves ranks LIST", one per model rank. */
void seshat_nodes_print(const seshat_node_map *m, FILE *out, const char *prefix);
/* contention = on: "<prefix>contention: node NAME: model rank N runs the
 * SimGrid engine; model ranks LIST forward to it" (nothing on one node). */
void seshat_nodes_print_engine(const seshat_node_map *m, FILE *out, const char *prefix);
void seshat_nodes_free(seshat_node_map *m);

#endif

/* server.h - the network-model server that runs on the reserved ranks.
 * It never returns to the application: it serves envelopes until every
 * application rank it serves has finalized. */
#ifndef SESHAT_SERVER_H
#define SESHAT_SERVER_H

#include <mpi.h>

#include "config/config.h"
#include "model/model.h"

/* The message log's first field (Seshat's format). */
enum seshat_msglog_type { SESHAT_MSGLOG_EAGER = 1, SESHAT_MSGLOG_RENDEZVOUS = 2 };

typedef struct seshat_server_args {
    const seshat_config *cfg;
    const seshat_model *model;
    MPI_Comm control;        /* duplicate of the real world */
    int world_rank;
    int napp, nmodel;
    const int *model_of;     /* application rank -> its model rank (core.h) */
    /* The real PMPI entry points (the server must not call wrappers). */
    int (*recv)(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Status *);
    int (*send)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
    int (*iprobe)(int, int, MPI_Comm, int *, MPI_Status *);
    int (*get_count)(const MPI_Status *, MPI_Datatype, int *);
    int (*isend)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*wait)(MPI_Request *, MPI_Status *);
    /* Message-log sink (Seshat's nine fields; type: enum seshat_msglog_type),
     * NULL when not tracing. */
    void (*msglog)(int type, int64_t model_ns, int src, int dst, int64_t send_vt,
                   int64_t net_ns, int tag, int coll, int64_t bytes);
    /* Live status for seshat-run on a terminal: this rank rewrites
     * "<status>.<world rank>" twice a second; NULL: no status. */
    const char *status;
    const char *trace_dir;   /* "" when not tracing: its size goes in the status */
} seshat_server_args;

/* Serve until all application ranks served by this rank have finalized. */
void seshat_server_run(const seshat_server_args *a);

#endif

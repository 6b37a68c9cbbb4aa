/* runtime.c - start and stop seshat inside MPI_Init / MPI_Finalize:
 * configuration, the split into application and model ranks, and the
 * communicators seshat uses for itself. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "common/log.h"
#include "rank/core.h"
#include "server/server.h"
#include "model/simgrid.h"
#include "trace/trace.h"

struct seshat_runtime seshat_rt = { .app = MPI_COMM_NULL, .control = MPI_COMM_NULL };
static double start_wall;
/* Empty brackets timed at start-up: ~1-2 ms with a system-call clock. */
#define SESHAT_CLOCK_PAIRS 2000
static double wall_now(void);

/* A bad configuration stops the job on every rank before the program
 * runs; rank 0 says why. Finalize first: exit without it crashes mpirun. */
static void config_failure(const char *msg)
{
    if (seshat_rt.world_rank == 0)
        fprintf(stderr, "seshat: config error: %s\n", msg);
    seshat_real.Finalize();
    exit(2);
}

static void run_model_rank(void)
{
    seshat_server_args a = {
        .cfg = &seshat_rt.cfg, .model = &seshat_rt.model, .control = seshat_rt.control,
        .world_rank = seshat_rt.world_rank, .napp = seshat_rt.napp, .nmodel = seshat_rt.nmodel,
        .model_of = seshat_rt.place.model_of,
        .recv = seshat_real.Recv, .send = seshat_real.Send, .iprobe = seshat_real.Iprobe,
        .get_count = seshat_real.Get_count,
        .msglog = seshat_tracing ? seshat_trace_msglog : NULL,
        .status = getenv("SESHAT_STATUS"), .trace_dir = seshat_trace_dirname(),
    };
    seshat_server_run(&a);
    seshat_trace_stop_log();
    seshat_real.Finalize();
    exit(0);
}

/* simgrid: an application rank's route request to its model rank. */
static void sg_fetch(int src, int dst, double out[2])
{
    int32_t pair[2] = { src, dst };
    int model = seshat_model_rank_of(seshat_rt.world_rank);
    seshat_real.Send(pair, sizeof pair, MPI_BYTE, model, SESHAT_TAG_ROUTE, seshat_rt.control);
    seshat_real.Recv(out, 2 * sizeof *out, MPI_BYTE, model, SESHAT_TAG_ROUTE_ANS,
                     seshat_rt.control, MPI_STATUS_IGNORE);
}

/* simgrid: only model ranks load SimGrid (never into the program's symbol
 * space); the first model rank's verdict on the platform goes to all, so
 * a bad platform stops the job before the program runs. */
static void sg_start(void)
{
    char err[512] = "";
    if (seshat_rt.cfg.model != SESHAT_MODEL_SIMGRID)
        return;
    if (seshat_rt.world_rank >= seshat_rt.napp)
        seshat_sg_model_load(&seshat_rt.model, seshat_rt.napp, err, sizeof err);
    else
        seshat_sg_model_set_fetch(&seshat_rt.model, seshat_rt.napp, sg_fetch);
    seshat_real.Bcast(err, sizeof err, MPI_CHAR, seshat_rt.napp, MPI_COMM_WORLD);
    if (err[0])
        config_failure(err);
}

/* The virtual clock: its source, and the cost of one empty compute
 * interval on this rank (docs/models.md, "The virtual clock"). */
/* What a wrapper typically does between the clock brackets: a message
 * through the progress engine (here to itself), which leaves the caches
 * and branch predictors as a real call does before the next read. */
static void self_message(void *ctx)
{
    int v = 0, w;
    MPI_Request r;
    (void)ctx;
    seshat_real.Isend(&v, 1, MPI_INT, 0, 0, MPI_COMM_SELF, &r);
    seshat_real.Recv(&w, 1, MPI_INT, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    seshat_real.Wait(&r, MPI_STATUS_IGNORE);
}

static void clock_start(void)
{
    char why[200];
    const seshat_config *c = &seshat_rt.cfg;
    seshat_clock_init(c->clock, c->cpu_factor, c->cpu_clock != SESHAT_CPUCLOCK_THREAD, why,
                      sizeof why);
    if (c->clock == SESHAT_CLOCK_CPU && c->cpu_clock == SESHAT_CPUCLOCK_PERF && why[0] &&
        seshat_rt.world_rank == 0)
        seshat_warn("cpu_clock = perf: %s; using CLOCK_THREAD_CPUTIME_ID", why);
    if (c->clock_compensation)
        seshat_clock_calibrate(SESHAT_CLOCK_PAIRS, self_message, NULL);
}

int seshat_runtime_start(void)
{
    char err[512];
    seshat_real.Comm_rank(MPI_COMM_WORLD, &seshat_rt.world_rank);
    seshat_real.Comm_size(MPI_COMM_WORLD, &seshat_rt.world_size);
    const char *verbose = getenv("SESHAT_VERBOSE");
    if (verbose)
        seshat_log_set_level((enum seshat_log_level)atoi(verbose));
    if (seshat_config_load(&seshat_rt.cfg, NULL, NULL, 0, 1, err, sizeof err) != 0)
        config_failure(err);
    if (seshat_model_init(&seshat_rt.model, &seshat_rt.cfg, err, sizeof err) != 0)
        config_failure(err);
    if (seshat_placement_build(&seshat_rt.place, &seshat_rt.cfg, seshat_rt.world_rank,
                               seshat_rt.world_size, err, sizeof err))
        config_failure(err);
    seshat_rt.napp = seshat_rt.place.napp;
    seshat_rt.nmodel = seshat_rt.place.nmodel;
    seshat_rt.relay = seshat_rt.cfg.path == SESHAT_PATH_RELAY;
    seshat_watch_init();
    seshat_rt.contention = seshat_rt.cfg.model == SESHAT_MODEL_SIMGRID && seshat_rt.cfg.sg_contention;
    sg_start();
    int *tag_ub, flag = 0;
    seshat_real.Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    seshat_rt.tag_ub = flag ? *tag_ub : 32767;
    seshat_real.Comm_dup(MPI_COMM_WORLD, &seshat_rt.control);
    int is_app = seshat_rt.world_rank < seshat_rt.napp;
    seshat_trace_start(&seshat_rt.cfg, MPI_COMM_WORLD, seshat_rt.world_rank, seshat_rt.napp,
                       is_app);
    MPI_Comm part;
    seshat_real.Comm_split(MPI_COMM_WORLD, is_app ? 0 : 1, seshat_rt.world_rank, &part);
    seshat_log_set_rank(seshat_rt.world_rank);
    if (!is_app)
        run_model_rank();
    seshat_rt.app = part;
    /* Errors on the program's world behave as on the real one. */
    MPI_Errhandler eh;
    seshat_real.Comm_get_errhandler(MPI_COMM_WORLD, &eh);
    seshat_real.Comm_set_errhandler(seshat_rt.app, eh);
    seshat_real.Errhandler_free(&eh);
    seshat_comms_init(seshat_rt.app);
    clock_start();
    start_wall = wall_now();
    return 0;
}

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One line on stderr from rank 0: what the program reported and what it cost. */
static void print_summary(void)
{
    long long mine[2], total[2], ovh[2] = { seshat_clock_overhead(), -seshat_clock_overhead() },
              ovh_r[2];
    double t = (double)seshat_clock_now() * 1e-9, tmin, tmax;
    seshat_p2p_stats(&mine[0], &mine[1]);
    seshat_real.Reduce(&t, &tmin, 1, MPI_DOUBLE, MPI_MIN, 0, seshat_rt.app);
    seshat_real.Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, seshat_rt.app);
    seshat_real.Reduce(mine, total, 2, MPI_LONG_LONG, MPI_SUM, 0, seshat_rt.app);
    seshat_real.Reduce(ovh, ovh_r, 2, MPI_LONG_LONG, MPI_MAX, 0, seshat_rt.app);
    if (seshat_rt.cfg.sim_per_node)
        seshat_placement_print(&seshat_rt.place, seshat_rt.app, seshat_rt.world_rank);
    if (seshat_rt.world_rank != 0)
        return;
    double wall = wall_now() - start_wall;
    fprintf(stderr, "seshat: %d ranks, virtual time %.9f s (min) .. %.9f s (max), wall %.3f s "
            "(%.1fx), %lld messages, %lld bytes modeled (%s, %s path)\n",
            seshat_rt.napp, tmin, tmax, wall, tmax > 0 ? wall / tmax : 0.0, total[0], total[1],
            seshat_rt.model.name, seshat_rt.relay ? "relay" : "direct");
    if (seshat_rt.cfg.clock != SESHAT_CLOCK_NONE)
        fprintf(stderr, "seshat: clock %s read with %s, %lld..%lld ns per compute interval "
                "subtracted (clock_compensation = %s)\n",
                seshat_rt.cfg.clock == SESHAT_CLOCK_CPU ? "cpu" : "wall", seshat_clock_source(),
                -ovh_r[1], ovh_r[0], seshat_rt.cfg.clock_compensation ? "on" : "off");
}

void seshat_runtime_stop(void)
{
    char fin = 0;
    seshat_vtime end = seshat_clock_now();
    /* The model hears of the end first: what follows synchronizes the
     * ranks for real, which under contention must not wait for it. */
    seshat_p2p_flush();
    seshat_p2p_flush();
    seshat_real.Send(&fin, 1, MPI_BYTE, seshat_model_rank_of(seshat_rt.world_rank),
                     SESHAT_TAG_FIN, seshat_rt.control);
    seshat_watch_final();
    seshat_trace_stop(seshat_rt.app, end);
    if (seshat_rt.cfg.report_summary)
        print_summary();
    seshat_comms_fini();
    seshat_placement_free(&seshat_rt.place);
}

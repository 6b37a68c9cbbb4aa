/* runtime.c - start and stop seshat inside MPI_Init / MPI_Finalize:
 * configuration, the split into application and model ranks, and the
 * communicators seshat uses for itself. The top of the rank: it fills the
 * runtime state (runtime_state.c) and starts every part, hands the parts
 * below the progress engine what they need from above (callbacks), and
 * nothing in the rank calls it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/log.h"
#include "common/realclock.h"
#include "common/wake.h"
#include "rank/idle.h"
#include "rank/inbox.h"
#include "rank/path.h"
#include "rank/profile.h"
#include "rank/progress.h"
#include "rank/promises.h"
#include "rank/to_model.h"
#include "rank/vclock.h"
#include "rank/sampler.h"
#include "trace/trace.h"

static double start_wall;
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

/* CAP_ROUTES: an application rank's route request to its model rank. */
static void routes_fetch(void *ctx, int src, int dst, double out[2])
{
    (void)ctx;
    int32_t pair[2] = { src, dst };
    int model = seshat_model_rank_of(seshat_rt.world_rank);
    SESHAT_CHECKED(Send, pair, sizeof pair, MPI_BYTE, model, SESHAT_TAG_ROUTE, seshat_rt.control);
    SESHAT_CHECKED(Recv, out, 2 * sizeof *out, MPI_BYTE, model, SESHAT_TAG_ROUTE_ANS,
                   seshat_rt.control, MPI_STATUS_IGNORE);
}

/* CAP_ROUTES: only model ranks load the routes (SimGrid: never into the
 * program's symbol space); the first model rank's verdict on them goes to
 * all, so a bad platform stops the job before the program runs. */
static void routes_start(void)
{
    char err[512] = "";
    if (!(seshat_rt.model.caps & SESHAT_MODEL_CAP_ROUTES))
        return;
    if (seshat_rt.world_rank >= seshat_rt.napp)
        seshat_model_load(&seshat_rt.model, seshat_rt.napp, err, sizeof err);
    else
        seshat_model_set_fetch(&seshat_rt.model, seshat_rt.napp, routes_fetch, NULL);
    SESHAT_CHECKED(Bcast, err, sizeof err, MPI_CHAR, seshat_rt.napp, MPI_COMM_WORLD);
    if (err[0])
        config_failure(err);
}

/* The virtual clock and its source; its compensation is timed once the
 * wrappers are live (interpose/clock_calib.c). */
static void clock_start(void)
{
    char why[200];
    const seshat_config *c = &seshat_rt.cfg;
    seshat_clock_init(c->clock, c->cpu_factor, c->cpu_clock != SESHAT_CPUCLOCK_THREAD, why,
                      sizeof why);
    if (c->clock == SESHAT_CLOCK_CPU && c->cpu_clock == SESHAT_CPUCLOCK_PERF && why[0] &&
        seshat_rt.world_rank == 0)
        seshat_warn("cpu_clock = perf: %s; using %s", why, seshat_clock_source());
}

/* The communicator table waits for its own requests (Comm_idup) through
 * the progress engine, which sits above it. */
static int comms_wait(void *ctx, MPI_Request *req)
{
    (void)ctx;
    return seshat_progress_wait_req(req, MPI_STATUS_IGNORE, 0, NULL);
}

int seshat_runtime_start(void)
{
    char err[512];
    SESHAT_CHECKED(Comm_rank, MPI_COMM_WORLD, &seshat_rt.world_rank);
    SESHAT_CHECKED(Comm_size, MPI_COMM_WORLD, &seshat_rt.world_size);
    const char *verbose = getenv("SESHAT_VERBOSE");
    if (verbose)
        seshat_log_set_level((enum seshat_log_level)atoi(verbose));
    if (seshat_config_load(&seshat_rt.cfg, NULL, NULL, 0, 1, err, sizeof err) != 0)
        config_failure(err);
    if (seshat_model_init(&seshat_rt.model, &seshat_rt.cfg, err, sizeof err) != 0)
        config_failure(err);
    if (seshat_placement_build(&seshat_rt.place, &seshat_rt.cfg, &seshat_rt.model,
                               seshat_rt.world_rank, seshat_rt.world_size, err, sizeof err))
        config_failure(err);
    seshat_rt.napp = seshat_rt.place.napp;
    seshat_rt.nmodel = seshat_rt.place.nmodel;
    seshat_rt.path = seshat_path_select(&seshat_rt.cfg, &seshat_rt.model);
    seshat_inbox_init(seshat_rt.path->promises);
    seshat_promises_init(seshat_rt.path->promises);
    seshat_watch_init();
    seshat_idle_init();
    seshat_rt.wait = seshat_watch_wait;
    routes_start();
    int *tag_ub, flag = 0;
    SESHAT_CHECKED(Comm_get_attr, MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    seshat_rt.tag_ub = flag ? *tag_ub : 32767;
    SESHAT_CHECKED(Comm_dup, MPI_COMM_WORLD, &seshat_rt.control);
    /* every process of the node, model ranks too: off when it fails or
     * SESHAT_WAKE=off (naps then end at their time, for comparison) */
    const char *wake = getenv("SESHAT_WAKE");
    if ((!wake || strcmp(wake, "off")) && seshat_wake_attach(MPI_COMM_WORLD) != 0)
        seshat_debug("no wake-up channel: naps end at their time");
    int is_app = seshat_rt.world_rank < seshat_rt.napp;
    seshat_trace_start(&seshat_rt.cfg, MPI_COMM_WORLD, seshat_rt.world_rank, seshat_rt.napp,
                       is_app);
    MPI_Comm part;
    SESHAT_CHECKED(Comm_split, MPI_COMM_WORLD, is_app ? 0 : 1, seshat_rt.world_rank, &part);
    seshat_log_set_rank(seshat_rt.world_rank);
    if (!is_app)
        return 1;   /* the caller enters the model-rank loop */
    seshat_rt.app = part;
    seshat_profile_start(&seshat_rt.cfg, seshat_rt.world_rank, seshat_rt.napp);
    /* Errors on the program's world behave as on the real one. */
    MPI_Errhandler eh;
    SESHAT_CHECKED(Comm_get_errhandler, MPI_COMM_WORLD, &eh);
    SESHAT_CHECKED(Comm_set_errhandler, seshat_rt.app, eh);
    SESHAT_CHECKED(Errhandler_free, &eh);
    seshat_comms_init(seshat_rt.app, comms_wait, NULL);
    clock_start();
    start_wall = wall_now();
    return 0;
}

static double wall_now(void)
{
    struct timespec ts;
    seshat_real_clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One line on stderr from rank 0: what the program reported and what it cost. */
static void print_summary(void)
{
    long long mine[2], total[2], ovh[2] = { seshat_clock_overhead(), -seshat_clock_overhead() },
              ovh_r[2];
    double t = (double)seshat_clock_now() * 1e-9, tmin, tmax;
    seshat_p2p_stats(&mine[0], &mine[1]);
    SESHAT_CHECKED(Reduce, &t, &tmin, 1, MPI_DOUBLE, MPI_MIN, 0, seshat_rt.app);
    SESHAT_CHECKED(Reduce, &t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, seshat_rt.app);
    SESHAT_CHECKED(Reduce, mine, total, 2, MPI_LONG_LONG, MPI_SUM, 0, seshat_rt.app);
    SESHAT_CHECKED(Reduce, ovh, ovh_r, 2, MPI_LONG_LONG, MPI_MAX, 0, seshat_rt.app);
    if (seshat_rt.cfg.sim_per_node)
        seshat_placement_print(&seshat_rt.place, seshat_rt.app, seshat_rt.world_rank);
    char clocks[320];
    seshat_vclock_summary(clocks, sizeof clocks);
    if (seshat_rt.world_rank != 0)
        return;
    double wall = wall_now() - start_wall;
    fprintf(stderr, "seshat: %d ranks, virtual time %.9f s (min) .. %.9f s (max), wall %.3f s "
            "(%.1fx), %lld messages, %lld bytes modeled (%s, %s path)\n",
            seshat_rt.napp, tmin, tmax, wall, tmax > 0 ? wall / tmax : 0.0, total[0], total[1],
            seshat_rt.model.name, seshat_rt.path->name);
    if (seshat_rt.cfg.clock != SESHAT_CLOCK_NONE)
        fprintf(stderr, "seshat: clock %s read with %s, %lld..%lld ns per compute interval "
                "subtracted (clock_compensation = %s)\n",
                seshat_rt.cfg.clock == SESHAT_CLOCK_CPU ? "cpu" : "wall", seshat_clock_source(),
                -ovh_r[1], ovh_r[0], seshat_rt.cfg.clock_compensation ? "on" : "off");
    fputs(clocks, stderr);
    seshat_sampler_print(stderr);
}

void seshat_runtime_stop(void)
{
    char fin = 0;
    seshat_vtime end = seshat_clock_now();
    /* The model hears of the end first: what follows synchronizes the
     * ranks for real, which under contention must not wait for it. */
    seshat_p2p_flush();
    seshat_p2p_flush();
    seshat_to_model(&fin, 1, seshat_model_rank_of(seshat_rt.world_rank), SESHAT_TAG_FIN, "Send(fin)");
    seshat_watch_final();
    seshat_trace_stop(seshat_rt.app, end);
    seshat_profile_stop(seshat_rt.app, end);
    if (seshat_rt.cfg.report_summary)
        print_summary();
    seshat_comms_fini();
    seshat_placement_free(&seshat_rt.place);
}

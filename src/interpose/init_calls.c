/* init_calls.c - MPI_Init/Finalize/Abort, clocks, attributes, error
 * handlers and communicator lifetime: the calls that are not plain
 * pass-through. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/job.h"
#include "common/log.h"
#include "rank/coll.h"
#include "rank/path.h"
#include "rank/progress.h"
#include "rank/promises.h"
#include "rank/sampler.h"
#include "interpose/interpose.h"
#include "model/model.h"
#include "server/server.h"
#include "trace/trace.h"

__attribute__((constructor)) static void resolve_real(void)
{
    seshat_real_resolve();
}

void seshat_comm_created(enum seshat_call_id call, MPI_Comm c)
{
    if (seshat_watch_ns && c != MPI_COMM_NULL)
        seshat_watch_what(call, NULL, MPI_PROC_NULL, MPI_ANY_TAG);
    seshat_comm_register(c);
}

/* The watchdog on: comm's members meet in a barrier on its shadow that
 * polls, named after the call. */
static void meet(enum seshat_call_id call, seshat_comm *c)
{
    MPI_Request rq;
    seshat_watch_what(call, c, MPI_PROC_NULL, MPI_ANY_TAG);
    SESHAT_CHECKED(Ibarrier, c->shadow, &rq);
    seshat_ctl(seshat_progress_wait_req(&rq, MPI_STATUS_IGNORE, 0, NULL),
               "Wait(members of a collective call)");
}

void seshat_comm_sync(enum seshat_call_id call, MPI_Comm comm)
{
    seshat_comm *c = seshat_comm_lookup(comm);
    if (!c)
        return;
    if (seshat_rt.path->promises) {
        if (seshat_watch_ns)
            seshat_watch_what(call, c, MPI_PROC_NULL, MPI_ANY_TAG);
        seshat_coll_sync(c);
    } else if (seshat_watch_ns) {
        meet(call, c);
    }
}

void seshat_comm_sync_group(MPI_Comm comm, MPI_Group group, int tag)
{
    const seshat_comm *c = seshat_comm_lookup(comm);
    if (c)
        seshat_promises_sync_group(c->id, group, tag);
}

void seshat_win_sync(MPI_Win win) { seshat_promises_sync_win(win); }
void seshat_file_sync(MPI_File fh) { seshat_promises_sync_file(fh); }

/* contention = on: a rank must never wait inside a real send that the
 * model counts as eager (docs/models.md, "Contention"), so Open MPI's
 * shared-memory eager limit is raised to seshat's before MPI starts. */
static void contention_env(void)
{
    seshat_config cfg;
    char err[256], v[32];
    if (seshat_config_load(&cfg, NULL, NULL, 0, 1, err, sizeof err) != 0 || !cfg.sg_contention)
        return;
    const seshat_model_desc *d = seshat_model_find(cfg.model);
    if (!d || !(d->caps & SESHAT_MODEL_CAP_CONTENTION))
        return;   /* refused with its message once the model is built */
    snprintf(v, sizeof v, "%lld", (long long)cfg.eager_limit + 4096);
    setenv("OMPI_MCA_btl_vader_eager_limit", v, 0);
    setenv("OMPI_MCA_btl_vader_max_send_size", v, 0);
}

/* seshat's collective entry exchange (rank/coll.c) is an MPI_Iallgather
 * on the shadow. libnbc's default for it is linear: every member sends to
 * every other, N^2 messages per collective, and each rank touches every
 * peer's shared-memory segment (about 70 KB each: +18 MB per rank at 256
 * ranks). Recursive doubling is log N (libnbc uses it on power-of-two
 * communicators, linear on the others, so coll.c exchanges by a sum on
 * those). A user's setting wins. */
static void coll_env(void)
{
    setenv("OMPI_MCA_coll_libnbc_iallgather_algorithm", "2", 0);
}

/* A model rank serves until the job ends and never returns from MPI_Init
 * (the runtime, a layer below, cannot call the server). */
static void run_model_rank(void)
{
    seshat_server_args a = {
        .cfg = &seshat_rt.cfg, .model = &seshat_rt.model, .control = seshat_rt.control,
        .world_rank = seshat_rt.world_rank, .napp = seshat_rt.napp, .nmodel = seshat_rt.nmodel,
        .model_of = seshat_rt.place.model_of,
        .recv = seshat_real.Recv, .send = seshat_real.Send, .iprobe = seshat_real.Iprobe,
        .get_count = seshat_real.Get_count, .isend = seshat_real.Isend, .wait = seshat_real.Wait,
        .msglog = seshat_tracing ? seshat_trace_msglog : NULL,
        .status = getenv("SESHAT_STATUS"), .trace_dir = seshat_trace_dirname(),
    };
    seshat_server_run(&a);
    seshat_trace_stop_log();
    seshat_real.Finalize();
    exit(0);
}

/* trace.sample: call-stack samples of the program's computation, for the
 * trace only (after the compensation, which they would disturb). */
static void sampler_start(void)
{
    char why[200];
    if (!seshat_tracing || seshat_rt.cfg.trace_sample_ns <= 0 ||
        seshat_rt.cfg.clock == SESHAT_CLOCK_NONE)
        return;
    if (seshat_sampler_start(seshat_rt.cfg.trace_sample_ns, why, sizeof why) != 0)
        seshat_warn("trace.sample: no call-stack samples (%s)", why);
}

static void start(void)
{
    seshat_job_note_init();   /* seshat-run: MPI_Init did reach seshat */
    if (seshat_runtime_start())
        run_model_rank();
    seshat_active = 1;
    seshat_clock_compensate();
    seshat_vclock_begin();
    sampler_start();
    seshat_clock_leave();
}

int PMPI_Init(int *argc, char ***argv)
{
    contention_env();
    coll_env();
    int rc = seshat_real.Init(argc, argv);
    if (rc == MPI_SUCCESS)
        start();
    return rc;
}
int MPI_Init(int *argc, char ***argv) __attribute__((alias("PMPI_Init")));

/* One virtual clock, request table and trace stream per rank: threads
 * calling MPI concurrently would corrupt them, so MPI_THREAD_MULTIPLE is
 * granted as MPI_THREAD_SERIALIZED (docs/models.md, "Threads"). */
int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    contention_env();
    coll_env();
    int want = required > MPI_THREAD_SERIALIZED ? MPI_THREAD_SERIALIZED : required;
    int rc = seshat_real.Init_thread(argc, argv, want, provided);
    if (rc == MPI_SUCCESS) {
        start();
        if (required > MPI_THREAD_SERIALIZED && seshat_rt.world_rank == 0)
            seshat_warn("MPI_THREAD_MULTIPLE requested: granted MPI_THREAD_SERIALIZED "
                        "(seshat models one thread in MPI at a time)");
    }
    return rc;
}
int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
    __attribute__((alias("PMPI_Init_thread")));

int PMPI_Finalize(void)
{
    if (seshat_enter(SESHAT_CALL_Finalize)) {
        seshat_attr_finalize();
        seshat_stopping = 1;
        seshat_runtime_stop();
        seshat_active = 0;
        seshat_depth = 0;
    }
    return seshat_real.Finalize();
}
int MPI_Finalize(void) __attribute__((alias("PMPI_Finalize")));

int PMPI_Abort(MPI_Comm comm, int errorcode)
{
    seshat_trace_emergency();
    return seshat_real.Abort(seshat_comm_in(comm), errorcode);
}
int MPI_Abort(MPI_Comm comm, int errorcode) __attribute__((alias("PMPI_Abort")));

double PMPI_Wtime(void)
{
    if (!seshat_enter(SESHAT_CALL_Wtime))
        return seshat_real.Wtime();
    double t = (double)seshat_clock_wtime() * 1e-9;
    seshat_leave(SESHAT_CALL_Wtime);
    return t;
}
double MPI_Wtime(void) __attribute__((alias("PMPI_Wtime")));

double PMPI_Wtick(void)
{
    return seshat_active ? 1e-9 : seshat_real.Wtick();
}
double MPI_Wtick(void) __attribute__((alias("PMPI_Wtick")));

/* Predefined attributes live on the real world. MPI_UNIVERSE_SIZE is its
 * value there: the slots Open MPI knows, as in a native run. */
static int get_attr(int (*real)(MPI_Comm, int, void *, int *), MPI_Comm comm, int keyval,
                    void *val, int *flag)
{
    int predefined = keyval == MPI_TAG_UB || keyval == MPI_HOST || keyval == MPI_IO ||
                     keyval == MPI_WTIME_IS_GLOBAL || keyval == MPI_UNIVERSE_SIZE ||
                     keyval == MPI_APPNUM || keyval == MPI_LASTUSEDCODE;
    comm = seshat_comm_in(comm);
    if (!seshat_active || !predefined || comm != seshat_rt.app)
        return real(comm, keyval, val, flag);
    return real(MPI_COMM_WORLD, keyval, val, flag);
}

static int get_attr_traced(enum seshat_call_id id, int (*real)(MPI_Comm, int, void *, int *),
                           MPI_Comm comm, int keyval, void *val, int *flag)
{
    int outer = seshat_enter(id);
    int rc = get_attr(real, comm, keyval, val, flag);
    if (outer)
        seshat_leave(id);
    return rc;
}

int PMPI_Comm_get_attr(MPI_Comm comm, int keyval, void *val, int *flag)
{
    return get_attr_traced(SESHAT_CALL_Comm_get_attr, seshat_real.Comm_get_attr, comm, keyval, val, flag);
}
int MPI_Comm_get_attr(MPI_Comm comm, int keyval, void *val, int *flag)
    __attribute__((alias("PMPI_Comm_get_attr")));

int PMPI_Attr_get(MPI_Comm comm, int keyval, void *val, int *flag)
{
    return get_attr_traced(SESHAT_CALL_Attr_get, seshat_real.Attr_get, comm, keyval, val, flag);
}
int MPI_Attr_get(MPI_Comm comm, int keyval, void *val, int *flag)
    __attribute__((alias("PMPI_Attr_get")));

/* Errors raised without a communicator use the real world's handler. */
int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler eh)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_set_errhandler);
    if (seshat_active && comm == MPI_COMM_WORLD)
        seshat_real.Comm_set_errhandler(MPI_COMM_WORLD, eh);
    int rc = seshat_real.Comm_set_errhandler(seshat_comm_in(comm), eh);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_set_errhandler);
    return rc;
}
int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler eh)
    __attribute__((alias("PMPI_Comm_set_errhandler")));

/* Frees (and disconnects) are traced like every call. */
static int comm_release(enum seshat_call_id id, int (*real)(MPI_Comm *), MPI_Comm *comm)
{
    int outer = seshat_enter(id);
    /* MPI_Comm_disconnect waits for the other members: under contention
     * they synchronize through the model first (as creation does) */
    if (outer && comm && id == SESHAT_CALL_Comm_disconnect)
        seshat_comm_sync(id, *comm);
    if (outer && comm)
        seshat_comm_unregister(*comm);
    int rc = real(comm);
    if (outer)
        seshat_leave(id);
    return rc;
}

int PMPI_Comm_free(MPI_Comm *comm)
{
    return comm_release(SESHAT_CALL_Comm_free, seshat_real.Comm_free, comm);
}
int MPI_Comm_free(MPI_Comm *comm) __attribute__((alias("PMPI_Comm_free")));

/* Waits for what is pending on comm, then frees it (no program world). */
int PMPI_Comm_disconnect(MPI_Comm *comm)
{
    return comm_release(SESHAT_CALL_Comm_disconnect, seshat_real.Comm_disconnect, comm);
}
int MPI_Comm_disconnect(MPI_Comm *comm) __attribute__((alias("PMPI_Comm_disconnect")));

/* Nonblocking for real: the new communicator is registered when the
 * request completes (request_calls.c), at no modeled cost. */
int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(SESHAT_CALL_Comm_idup);
    int rc = seshat_real.Comm_idup(comm, newcomm, request);
    seshat_comm *c;
    if (outer && rc == MPI_SUCCESS && (c = seshat_comm_lookup(comm))) {
        seshat_op *op = seshat_req_add(*request, c);
        op->is_coll = 1;
        op->active = 1;
        op->comm = c;
        op->done = seshat_clock_now();   /* no trace identity: not a message */
        seshat_comm_idup_post(op, c, *newcomm);
        /* contention: the members synchronize through the model, entered
         * now, left at completion (request_calls.c): else a member waiting
         * for the idup holds the engine back while another waits for it */
        if (seshat_path_sync_enter(c, c->coll_seq)) {
            op->synced = 1;
            op->sync_comm = c->id;
            op->seq = c->coll_seq++;
        }
    }
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_idup);
    return rc;
}
int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
    __attribute__((alias("PMPI_Comm_idup")));

/* MPI_Pcontrol(SESHAT_PCONTROL_COMPUTE, seconds): the caller computes for
 * `seconds` of virtual time (docs/user-guide.md). With clock = none this is
 * how a program or test makes compute of an exact, known size; natively,
 * and for every other level, Pcontrol does nothing, as MPI allows. */
int PMPI_Pcontrol(const int level, ...)
{
    if (level != SESHAT_PCONTROL_COMPUTE || !seshat_active || seshat_depth)
        return MPI_SUCCESS;
    va_list ap;
    va_start(ap, level);
    double s = va_arg(ap, double);
    va_end(ap);
    if (s > 0 && isfinite(s))
        seshat_clock_advance_to(seshat_clock_now() + (seshat_vtime)llround(s * 1e9));
    return MPI_SUCCESS;
}
int MPI_Pcontrol(const int level, ...) __attribute__((alias("PMPI_Pcontrol")));

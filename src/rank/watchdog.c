/* watchdog.c - simulator.watchdog on an application rank: a wait that
 * sees nothing move for the limit says so to the first model rank (what
 * it waits for), again when something moves; that rank ends the job when
 * all application ranks wait at once (netmodel/server.c; docs/models.md,
 * "Watchdog"). Costs nothing until a wait has lasted the limit. */
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/realclock.h"
#include "rank/core.h"
#include "rank/path.h"

int64_t seshat_watch_ns;
int seshat_watch_dirty;
/* A rank found stuck naps this long between checks. */
enum { SESHAT_WATCH_NAP_NS = 1000000 };

/* This rank's watchdog: one instance per process. */
static struct {
    int armed, stuck;
    int blind;                   /* inside a real call that cannot poll */
    int64_t since;               /* wall ns: the wait's last progress */
    unsigned long long gen, gen_seen;
    struct {
        enum seshat_call_id call;
        const seshat_comm *c;
        int peer, tag, set;
        const MPI_Request *reqs;    /* a wait on requests: resolved if stuck */
        int nreqs;
        const char *inner;          /* seshat's own wait inside the call */
    } what;
} wd;

static int64_t mono_ns(void)
{
    struct timespec ts;
    seshat_real_clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int coordinator(void) { return seshat_rt.napp; }

void seshat_watch_init(void) { seshat_watch_ns = seshat_rt.cfg.watchdog_ns; }

void seshat_watch_what(enum seshat_call_id call, const seshat_comm *c, int peer, int tag)
{
    wd.what.call = call;
    wd.what.c = c;
    wd.what.peer = peer;
    wd.what.tag = tag;
    wd.what.set = 1;
    wd.what.nreqs = 0;
    wd.what.inner = NULL;
    seshat_watch_dirty = 1;
}

void seshat_watch_inner(const char *what)
{
    wd.what.inner = what;
    seshat_watch_dirty = 1;
}

int seshat_watch_wait(MPI_Request *req, const char *what)
{
    int done = 0, rc;
    if (!seshat_watch_ns)
        return seshat_real.Wait(req, MPI_STATUS_IGNORE);
    const char *outer = wd.what.inner;
    wd.what.inner = what;
    seshat_watch_dirty = 1;
    for (unsigned n = 0; (rc = seshat_real.Test(req, &done, MPI_STATUS_IGNORE)) == MPI_SUCCESS &&
                         !done;
         n++)
        seshat_watch_tick(n);
    wd.what.inner = outer;
    return rc;
}

void seshat_watch_reqs(enum seshat_call_id call, const MPI_Request *reqs, int n)
{
    seshat_watch_what(call, NULL, MPI_ANY_SOURCE, MPI_ANY_TAG);
    wd.what.reqs = reqs;
    wd.what.nreqs = n;
}

/* A wait on requests waits for the first one seshat knows still active. */
static void resolve_reqs(void)
{
    for (int i = 0; i < wd.what.nreqs; i++) {
        const seshat_op *op =
            wd.what.reqs[i] == MPI_REQUEST_NULL ? NULL : seshat_req_find(wd.what.reqs[i]);
        if (op && op->active) {
            wd.what.c = op->comm;
            if (op->is_coll) {   /* a nonblocking collective */
                wd.what.peer = MPI_PROC_NULL;
                return;
            }
            wd.what.peer = op->is_send || !op->matched ? op->peer : op->status.MPI_SOURCE;
            wd.what.tag = op->tag;
            return;
        }
    }
}

void seshat_watch_progress(void) { wd.gen++; }

static void describe_call(char *buf, size_t n);

/* The line: the call, and seshat's own wait inside it if any. */
static void describe(char *buf, size_t n)
{
    describe_call(buf, n);
    size_t len = strlen(buf);
    if (wd.what.inner && len < n)
        snprintf(buf + len, n - len, "; inside it seshat waits for %s", wd.what.inner);
}

static void describe_call(char *buf, size_t n)
{
    char peer[24] = "any", tag[24] = "any", comm[MPI_MAX_OBJECT_NAME] = "";
    int len = 0;
    if (!wd.what.set) {
        snprintf(buf, n, "rank %d waits in an MPI call", seshat_rt.world_rank);
        return;
    }
    resolve_reqs();
    if (wd.what.peer != MPI_ANY_SOURCE)
        snprintf(peer, sizeof peer, "%d", wd.what.peer);
    if (wd.what.tag != MPI_ANY_TAG)
        snprintf(tag, sizeof tag, "%d", wd.what.tag);
    if (wd.what.c)
        seshat_real.Comm_get_name(wd.what.c->comm, comm, &len);
    if (wd.what.c && !comm[0])
        snprintf(comm, sizeof comm, "id %d", (int)wd.what.c->id);
    if (wd.what.peer == MPI_PROC_NULL)   /* a collective: no peer, no tag */
        snprintf(buf, n, "rank %d waits in %s (comm %s), virtual time %.9f s",
                 seshat_rt.world_rank, seshat_call_names[wd.what.call], wd.what.c ? comm : "?",
                 1e-9 * (double)seshat_clock_now());
    else
        snprintf(buf, n, "rank %d waits in %s (peer %s, tag %s, comm %s), virtual time %.9f s",
                 seshat_rt.world_rank, seshat_call_names[wd.what.call], peer, tag,
                 wd.what.c ? comm : "?", 1e-9 * (double)seshat_clock_now());
}

static void note(int state, const char *line)
{
    seshat_watch_note m = { .state = state };
    snprintf(m.line, sizeof m.line, "%s", line);
    SESHAT_CHECKED(Send, &m, sizeof m, MPI_BYTE, coordinator(), SESHAT_TAG_WATCH,
                   seshat_rt.control);
}

/* The first model rank found every rank waiting: it prints the lines. */
static void check_die(void)
{
    int flag = 0;
    SESHAT_CHECKED(Iprobe, coordinator(), SESHAT_TAG_DIE, seshat_rt.control, &flag,
                   MPI_STATUS_IGNORE);
    if (flag) {
        fflush(NULL);
        _exit(SESHAT_WATCH_EXIT);
    }
}

void seshat_watch_idle(void)
{
    if (!seshat_watch_ns) {
        sched_yield();
        return;
    }
    int64_t now = mono_ns();
    if (!wd.armed || wd.gen != wd.gen_seen) {
        if (wd.stuck)
            note(SESHAT_WATCH_RESUMED, "");
        wd.armed = 1;
        wd.stuck = 0;
        seshat_watch_dirty = 1;
        wd.since = now;
        wd.gen_seen = wd.gen;
    }
    if (!wd.stuck && now - wd.since >= seshat_watch_ns) {
        char line[220];
        describe(line, sizeof line);
        note(SESHAT_WATCH_STUCK, line);
        wd.stuck = 1;
    }
    if (wd.stuck) {
        /* hung for all we know: nap, the CPU may do better elsewhere */
        struct timespec ts = { 0, SESHAT_WATCH_NAP_NS };
        check_die();
        nanosleep(&ts, NULL);
    } else {
        sched_yield();
    }
}

/* One note per call (and one on return): the rank cannot say it later,
 * it does not poll inside. The model rank waits for the limit itself.
 * Under contention only: there such a call can hang the run while the
 * others wait for the engine (docs/models.md); elsewhere the two notes
 * (tens of microseconds per call, measured on MPI_Win_start loops) would
 * buy nothing the program's own hang would not show. */
void seshat_watch_blind(enum seshat_call_id call)
{
    char line[220];
    if (!seshat_watch_ns || !seshat_rt.path->promises)
        return;
    snprintf(line, sizeof line, "rank %d is inside %s (a real call seshat cannot watch), "
             "virtual time %.9f s", seshat_rt.world_rank, seshat_call_names[call],
             1e-9 * (double)seshat_clock_now());
    note(SESHAT_WATCH_BLIND, line);
    wd.blind = 1;
    seshat_watch_dirty = 1;
}

void seshat_watch_leave(void)
{
    if (wd.stuck || wd.blind)
        note(SESHAT_WATCH_RESUMED, "");
    wd.armed = wd.stuck = wd.blind = 0;
    wd.what.set = 0;
    wd.what.inner = NULL;
    seshat_watch_dirty = 0;
}

void seshat_watch_final(void)
{
    char line[220];
    if (!seshat_watch_ns)
        return;
    snprintf(line, sizeof line, "rank %d waits in MPI_Finalize, virtual time %.9f s",
             seshat_rt.world_rank, 1e-9 * (double)seshat_clock_now());
    note(SESHAT_WATCH_FINAL, line);
}

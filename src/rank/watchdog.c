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

#include "rank/core.h"

int64_t seshat_watch_ns;
int seshat_watch_dirty;
static int armed, stuck;
static int64_t since;               /* wall ns: the wait's last progress */
static unsigned long long gen, gen_seen;
static struct {
    enum seshat_call_id call;
    const seshat_comm *c;
    int peer, tag, set;
    const MPI_Request *reqs;    /* a wait on requests: resolved if stuck */
    int nreqs;
} what;

static int64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int coordinator(void) { return seshat_rt.napp; }

void seshat_watch_init(void) { seshat_watch_ns = seshat_rt.cfg.watchdog_ns; }

void seshat_watch_what(enum seshat_call_id call, const seshat_comm *c, int peer, int tag)
{
    what.call = call;
    what.c = c;
    what.peer = peer;
    what.tag = tag;
    what.set = 1;
    what.nreqs = 0;
    seshat_watch_dirty = 1;
}

void seshat_watch_reqs(enum seshat_call_id call, const MPI_Request *reqs, int n)
{
    seshat_watch_what(call, NULL, MPI_ANY_SOURCE, MPI_ANY_TAG);
    what.reqs = reqs;
    what.nreqs = n;
}

/* A wait on requests waits for the first one seshat knows still active. */
static void resolve_reqs(void)
{
    for (int i = 0; i < what.nreqs; i++) {
        const seshat_op *op =
            what.reqs[i] == MPI_REQUEST_NULL ? NULL : seshat_req_find(what.reqs[i]);
        if (op && op->active) {
            what.c = op->comm;
            if (op->is_coll) {   /* a nonblocking collective */
                what.peer = MPI_PROC_NULL;
                return;
            }
            what.peer = op->is_send || !op->matched ? op->peer : op->status.MPI_SOURCE;
            what.tag = op->tag;
            return;
        }
    }
}

void seshat_watch_progress(void) { gen++; }

static void describe(char *buf, size_t n)
{
    char peer[24] = "any", tag[24] = "any", comm[MPI_MAX_OBJECT_NAME] = "";
    int len = 0;
    if (!what.set) {
        snprintf(buf, n, "rank %d waits in an MPI call", seshat_rt.world_rank);
        return;
    }
    resolve_reqs();
    if (what.peer != MPI_ANY_SOURCE)
        snprintf(peer, sizeof peer, "%d", what.peer);
    if (what.tag != MPI_ANY_TAG)
        snprintf(tag, sizeof tag, "%d", what.tag);
    if (what.c)
        seshat_real.Comm_get_name(what.c->comm, comm, &len);
    if (what.c && !comm[0])
        snprintf(comm, sizeof comm, "id %d", (int)what.c->id);
    if (what.peer == MPI_PROC_NULL)   /* a collective: no peer, no tag */
        snprintf(buf, n, "rank %d waits in %s (comm %s), virtual time %.9f s",
                 seshat_rt.world_rank, seshat_call_names[what.call], what.c ? comm : "?",
                 1e-9 * (double)seshat_clock_now());
    else
        snprintf(buf, n, "rank %d waits in %s (peer %s, tag %s, comm %s), virtual time %.9f s",
             seshat_rt.world_rank, seshat_call_names[what.call], peer, tag, what.c ? comm : "?",
             1e-9 * (double)seshat_clock_now());
}

static void note(int state, const char *line)
{
    seshat_watch_note m = { .state = state };
    snprintf(m.line, sizeof m.line, "%s", line);
    seshat_real.Send(&m, sizeof m, MPI_BYTE, coordinator(), SESHAT_TAG_WATCH, seshat_rt.control);
}

/* The first model rank found every rank waiting: it prints the lines. */
static void check_die(void)
{
    int flag = 0;
    seshat_real.Iprobe(coordinator(), SESHAT_TAG_DIE, seshat_rt.control, &flag, MPI_STATUS_IGNORE);
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
    if (!armed || gen != gen_seen) {
        if (stuck)
            note(SESHAT_WATCH_RESUMED, "");
        armed = 1;
        stuck = 0;
        seshat_watch_dirty = 1;
        since = now;
        gen_seen = gen;
    }
    if (!stuck && now - since >= seshat_watch_ns) {
        char line[220];
        describe(line, sizeof line);
        note(SESHAT_WATCH_STUCK, line);
        stuck = 1;
    }
    if (stuck) {
        /* hung for all we know: nap, the CPU may do better elsewhere */
        struct timespec ts = { 0, 1000000 };
        check_die();
        nanosleep(&ts, NULL);
    } else {
        sched_yield();
    }
}

void seshat_watch_leave(void)
{
    if (stuck)
        note(SESHAT_WATCH_RESUMED, "");
    armed = stuck = 0;
    what.set = 0;
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

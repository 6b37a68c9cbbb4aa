/* server.c - the model rank's loop. On the relay path it hands every
 * report to the backend (backend.h: stateless, or conservative under
 * contention = on; with per-node model ranks the engine's rank also takes
 * the batches the others forward, forward.c) and waits as model_idle.h
 * says (a short poll, then a sleep the ranks' reports end); on the direct
 * path it only collects envelope batches (and answers route requests) and
 * naps. It also keeps the matrix, the
 * live status and the watchdog. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/realclock.h"
#include "common/wake.h"
#include "server/backend.h"
#include "server/matrix.h"
#include "server/model_idle.h"
#include "server/server.h"
#include "server/status.h"
#include "wire/wire.h"
#include "common/log.h"

#define IDLE_SLEEP_NS 50000     /* waiting for the other model ranks' matrices */
#define LOG_SLEEP_NS 200000     /* direct: the model is off the message path */

/* simulator.watchdog, on the first model rank (docs/models.md, "Watchdog"). */
struct watch {
    int64_t limit, grace;
    int *state;                  /* per application rank: SESHAT_WATCH_*, RESUMED = runs */
    int64_t *blind_at;           /* wall ns its BLIND note came */
    char (*line)[sizeof(((seshat_watch_note *)0)->line)];
    int waiting, finals, blinds; /* ranks STUCK, FINAL or BLIND; FINAL; BLIND */
    int64_t all_since;           /* wall ns: all wait, nothing moved since; 0: not all */
    long long moved_at;          /* s->handled then */
};

struct server {
    const seshat_server_args *a;
    int fins, served;
    long long messages, bytes;
    int64_t start;               /* wall clock at start, for the message log */
    seshat_matrix matrix;        /* [report] matrix, else cells == NULL */
    int64_t vt_max;              /* latest virtual send time seen, for the status */
    int64_t status_at;           /* when the status file was last written */
    int matrices_in;             /* other model ranks' matrices merged */
    seshat_backend be;           /* stateless, or conservative (contention = on) */
    long long handled;           /* messages handled, watchdog notes aside */
    struct watch *w;             /* the first model rank with a watchdog, else NULL */
};

static int64_t mono_ns(void)
{
    struct timespec ts;
    seshat_real_clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void nap(int64_t ns)
{
    struct timespec ts = { ns / 1000000000, ns % 1000000000 };
    nanosleep(&ts, NULL);
}

/* One message-log line (Seshat's nine fields). */
static void log_line(struct server *s, const seshat_envelope *e, int64_t net_ns)
{
    if (s->a->msglog)
        s->a->msglog(SESHAT_ENV_PROTO(e->proto) == SESHAT_PROTO_EAGER ? SESHAT_MSGLOG_EAGER
                                                                      : SESHAT_MSGLOG_RENDEZVOUS,
                     mono_ns() - s->start, e->src, e->dst, e->t_inject, net_ns, e->tag, 0,
                     e->bytes);
}

/* Send to `dst` and wake it (common/wake.h: it may sleep waiting for
 * this). The wake goes between posting and waiting: a blocking send that
 * does not fit Open MPI's per-peer fast box completes only once `dst` has
 * taken the message. */
static void send_wake(const struct server *s, const void *buf, int bytes, int dst, int tag)
{
    MPI_Request req;
    s->a->isend(buf, bytes, MPI_BYTE, dst, tag, s->a->control, &req);
    seshat_wake_peer(dst);
    s->a->wait(&req, MPI_STATUS_IGNORE);
}

/* The backend's io (backend.h). */
static void io_answer(void *ctx, int dst, const seshat_answer *ans)
{
    send_wake(ctx, ans, sizeof *ans, dst, SESHAT_TAG_ANSWER);
}

static void io_reply(void *ctx, int dst, int seq, int64_t sender_done)
{
    send_wake(ctx, &sender_done, sizeof sender_done, dst, SESHAT_TAG_REPLY0 + seq);
}

static void io_log(void *ctx, const seshat_envelope *e, int64_t net_ns)
{
    log_line(ctx, e, net_ns);
}

static void io_forward(void *ctx, int engine, const void *buf, int bytes)
{
    send_wake(ctx, buf, bytes, engine, SESHAT_TAG_FWD);
}

/* A message whose handling ends in be.advance waits (a watchdog note's
 * does not: the batch would wait for the next report). */
static int io_pending(void *ctx)
{
    const struct server *s = ctx;
    int flag = 0;
    MPI_Status st;
    s->a->iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, s->a->control, &flag, &st);
    return flag && st.MPI_TAG != SESHAT_TAG_WATCH;
}

/* contention = on with per-node model ranks: one engine, world rank N
 * (the first node's model rank); the others forward to it (forward.c). */
static int forwarding(const seshat_server_args *a)
{
    return seshat_model_contended(a->model, a->cfg) && a->cfg->sim_per_node && a->nmodel > 1;
}

/* Receives the message `st` (from a probe) into buf of cap bytes; returns
 * its length in bytes. */
static int recv_probed(struct server *s, const MPI_Status *st, void *buf, int cap)
{
    int n = 0;
    s->a->get_count(st, MPI_BYTE, &n);
    s->a->recv(buf, cap, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, s->a->control, MPI_STATUS_IGNORE);
    return n;
}

/* The engine: a batch of reports another node's model rank forwards. */
static void on_forwarded(struct server *s, const MPI_Status *st)
{
    seshat_fwd_item buf[SESHAT_FWD_MAX];
    int n = recv_probed(s, st, buf, (int)sizeof buf);
    int fins = n % (int)sizeof buf[0] ? -1
               : seshat_forward_deliver(&s->be, buf, n / (int)sizeof buf[0], s->a->napp);
    if (fins < 0)
        seshat_error("model rank %d: a malformed forwarded batch from rank %d (%d bytes)",
                     s->a->world_rank, st->MPI_SOURCE, n);
    else
        s->fins += fins;
}

static void on_envelope(struct server *s, const seshat_envelope *e)
{
    s->messages++;
    s->bytes += e->bytes;
    seshat_matrix_add(&s->matrix, e->src, e->dst, e->bytes);
    if (e->t_inject > s->vt_max)
        s->vt_max = e->t_inject;
    s->be.envelope(s->be.self, e);
}

/* Direct path: the receivers timed it; the log gets the model's eager
 * network time (as the stateless backend logs it). */
static void log_direct(struct server *s, const seshat_envelope *e)
{
    if (!s->a->msglog)
        return;
    const seshat_model *m = s->a->model;
    seshat_msg msg = { e->bytes, e->t_inject, SESHAT_PROTO_EAGER, e->src, e->dst };
    log_line(s, e, m->p2p(m, &msg, 0).arrival - e->t_inject);
}

static void on_batch(struct server *s, const MPI_Status *st)
{
    seshat_envelope buf[SESHAT_BATCH_MAX];
    int n = recv_probed(s, st, buf, (int)sizeof buf);
    for (int i = 0; i < n / (int)sizeof(seshat_envelope); i++) {
        s->messages++;
        s->bytes += buf[i].bytes;
        seshat_matrix_add(&s->matrix, buf[i].src, buf[i].dst, buf[i].bytes);
        if (buf[i].t_inject > s->vt_max)
            s->vt_max = buf[i].t_inject;
        log_direct(s, &buf[i]);
    }
}

/* Another model rank's matrix rows (it has finished serving). */
static void on_matrix(struct server *s, int from)
{
    size_t n = seshat_matrix_ncells(&s->matrix);
    uint64_t *cells = malloc(n * sizeof *cells);
    MPI_Status st;
    int got = 0;
    s->a->recv(cells, cells ? (int)(n * sizeof *cells) : 0, MPI_BYTE, from, SESHAT_TAG_MATRIX,
               s->a->control, &st);
    s->a->get_count(&st, MPI_BYTE, &got);
    if (s->matrix.cells && cells && (size_t)got == n * sizeof *cells)
        seshat_matrix_merge(&s->matrix, cells);
    free(cells);
    s->matrices_in++;
}

/* [report] matrix: model ranks send their rows to the first one, which
 * writes the files. */
static void finish_matrix(struct server *s)
{
    const seshat_server_args *a = s->a;
    int first = a->napp;
    if (!a->cfg->report_matrix)
        return;
    size_t n = seshat_matrix_ncells(&s->matrix);
    if (a->world_rank != first) {
        send_wake(s, s->matrix.cells, s->matrix.cells ? (int)(n * sizeof *s->matrix.cells) : 0,
                  first, SESHAT_TAG_MATRIX);
        return;
    }
    while (s->matrices_in < a->nmodel - 1) {
        int flag = 0;
        MPI_Status st;
        a->iprobe(MPI_ANY_SOURCE, SESHAT_TAG_MATRIX, a->control, &flag, &st);
        if (flag)
            on_matrix(s, st.MPI_SOURCE);
        else
            nap(IDLE_SLEEP_NS);
    }
    if (!s->matrix.cells)
        return;
    char err[512];
    if (seshat_matrix_write(&s->matrix, a->cfg->report_prefix, err, sizeof err))
        seshat_error("%s", err);
}

/* simgrid on the direct path: an application rank asks for a route. */
static void on_route(struct server *s, const int32_t *pair, int from)
{
    double r[2];
    seshat_model_route(s->a->model, pair[0], pair[1], r);
    send_wake(s, r, sizeof r, from, SESHAT_TAG_ROUTE_ANS);
}

static void on_watch(struct server *s, const MPI_Status *st)
{
    seshat_watch_note m;
    struct watch *w = s->w;
    s->a->recv(&m, sizeof m, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, s->a->control,
               MPI_STATUS_IGNORE);
    if (!w || st->MPI_SOURCE >= s->a->napp)
        return;
    int *old = &w->state[st->MPI_SOURCE];
    w->waiting += (m.state != SESHAT_WATCH_RESUMED) - (*old != SESHAT_WATCH_RESUMED);
    w->finals += (m.state == SESHAT_WATCH_FINAL) - (*old == SESHAT_WATCH_FINAL);
    w->blinds += (m.state == SESHAT_WATCH_BLIND) - (*old == SESHAT_WATCH_BLIND);
    if (m.state == SESHAT_WATCH_BLIND)
        w->blind_at[st->MPI_SOURCE] = mono_ns();
    *old = m.state;
    memcpy(w->line[st->MPI_SOURCE], m.line, sizeof m.line);
    w->line[st->MPI_SOURCE][sizeof m.line - 1] = 0;
}

/* Whether every rank inside a real call seshat cannot watch has been
 * there the limit: a shorter one may still return by itself. */
static int blinds_aged(const struct watch *w, int napp, int64_t now)
{
    for (int r = 0; r < napp; r++)
        if (w->state[r] == SESHAT_WATCH_BLIND && now - w->blind_at[r] < w->limit)
            return 0;
    return 1;
}

/* Every application rank has waited the limit (or finalizes, or has been
 * inside a real call seshat cannot watch for the limit), one at least in
 * a wait seshat watches, and nothing reached a model rank for the grace
 * period: one line per rank, end the job. (Ranks all inside real calls,
 * a long collective I/O say, are never judged: nothing says they hang.) */
static void watch_check(struct server *s, int64_t now)
{
    struct watch *w = s->w;
    const seshat_server_args *a = s->a;
    if (w->waiting < a->napp || w->waiting - w->finals - w->blinds == 0 ||
        (w->blinds && !blinds_aged(w, a->napp, now))) {
        w->all_since = 0;
        return;
    }
    if (!w->all_since || s->handled != w->moved_at) {
        w->all_since = now;
        w->moved_at = s->handled;
        return;
    }
    if (now - w->all_since < w->grace)
        return;
    char cn[4096] = "";
    s->be.describe(s->be.self, cn, sizeof cn);
    fprintf(stderr, "seshat: watchdog: model rank %d: all %d application ranks have waited %.1f s "
            "or more with nothing moving (simulator.watchdog); ending the job, exit %d%s%s\n",
            a->world_rank, a->napp, 1e-9 * (double)w->limit, SESHAT_WATCH_EXIT,
            cn[0] ? "; " : "", cn);
    for (int r = 0; r < a->napp; r++)
        fprintf(stderr, "seshat: watchdog: %s\n", w->line[r]);
    fflush(NULL);
    char die = 0;
    for (int r = 0; r < a->napp + a->nmodel; r++)
        if (r != a->world_rank)
            s->a->send(&die, 1, MPI_BYTE, r, SESHAT_TAG_DIE, a->control);
    _exit(SESHAT_WATCH_EXIT);
}

static struct watch *watch_new(const seshat_server_args *a)
{
    struct watch *w;
    if (!a->cfg->watchdog_ns || a->world_rank != a->napp || !(w = calloc(1, sizeof *w)))
        return NULL;
    w->limit = a->cfg->watchdog_ns;
    w->grace = w->limit < 1000000000 ? w->limit : 1000000000;
    w->state = calloc((size_t)a->napp, sizeof *w->state);
    w->blind_at = calloc((size_t)a->napp, sizeof *w->blind_at);
    w->line = calloc((size_t)a->napp, sizeof *w->line);
    if (!w->state || !w->line || !w->blind_at) {
        free(w->state);
        free(w->blind_at);
        free(w->line);
        free(w);
        return NULL;
    }
    return w;
}

static void handle(struct server *s, const MPI_Status *st)
{
    MPI_Comm c = s->a->control;
    union {
        seshat_envelope e;
        seshat_post p;
        seshat_coll_entry c;
        seshat_block b;
        char fin;
        int32_t pair[2];
    } u;
    switch (st->MPI_TAG) {
    case SESHAT_TAG_ENV:
        s->a->recv(&u.e, sizeof u.e, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, c, MPI_STATUS_IGNORE);
        on_envelope(s, &u.e);
        break;
    case SESHAT_TAG_POST:
        s->a->recv(&u.p, sizeof u.p, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, c, MPI_STATUS_IGNORE);
        s->be.post(s->be.self, st->MPI_SOURCE, &u.p);
        break;
    case SESHAT_TAG_COLL:
        s->a->recv(&u.c, sizeof u.c, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, c, MPI_STATUS_IGNORE);
        s->be.coll(s->be.self, &u.c);
        break;
    case SESHAT_TAG_ROUTE:
        s->a->recv(u.pair, sizeof u.pair, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, c,
                   MPI_STATUS_IGNORE);
        on_route(s, u.pair, st->MPI_SOURCE);
        break;
    case SESHAT_TAG_BATCH:
        on_batch(s, st);
        break;
    case SESHAT_TAG_MATRIX:
        on_matrix(s, st->MPI_SOURCE);
        break;
    case SESHAT_TAG_BLOCK:
        s->a->recv(&u.b, sizeof u.b, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, c, MPI_STATUS_IGNORE);
        s->be.block(s->be.self, st->MPI_SOURCE, &u.b);
        break;
    case SESHAT_TAG_FWD:
        on_forwarded(s, st);
        break;
    case SESHAT_TAG_WATCH:
        on_watch(s, st);
        return;
    case SESHAT_TAG_DIE:
        fflush(NULL);
        _exit(SESHAT_WATCH_EXIT);
    case SESHAT_TAG_FIN:
        s->a->recv(&u.fin, 1, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, c, MPI_STATUS_IGNORE);
        s->fins++;
        s->be.fin(s->be.self, st->MPI_SOURCE);
        break;
    default:
        seshat_error("model rank: unexpected tag %d from rank %d", st->MPI_TAG, st->MPI_SOURCE);
        s->a->recv(NULL, 0, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, c, MPI_STATUS_IGNORE);
    }
    s->handled++;
    s->be.advance(s->be.self);
    if (s->a->cfg->debug_model_delay_ns > 0)
        nap(s->a->cfg->debug_model_delay_ns);
}

#define STATUS_EVERY_NS 500000000

static void status(struct server *s, int64_t now)
{
    const seshat_server_args *a = s->a;
    if (!a->status || now - s->status_at < STATUS_EVERY_NS)
        return;
    s->status_at = now;
    /* One model rank measures the trace directory for all. */
    seshat_status_write(a->status, a->world_rank, s->vt_max, s->messages, s->bytes,
                        a->world_rank == a->napp ? a->trace_dir : "");
}

/* One poll. Open MPI's Iprobe matches before it progresses, so a message
 * already in shared memory may show only at the next call: nothing is
 * here (and the wait may sleep) only when two say so. */
static int poll_once(const seshat_server_args *a, MPI_Status *st)
{
    int flag = 0;
    a->iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, a->control, &flag, st);
    if (!flag)
        a->iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, a->control, &flag, st);
    return flag;
}

/* contention = on: the conservative backend, else the stateless one. */
static void backend_new(struct server *s)
{
    const seshat_server_args *a = s->a;
    seshat_backend_io io = { s, io_answer, io_reply, io_log, io_forward, io_pending };
    int cn = seshat_model_contended(a->model, a->cfg);
    int fw = forwarding(a) && a->world_rank != a->napp;
    if (fw ? seshat_backend_forward(&s->be, a->world_rank, a->napp, &io)
           : cn ? seshat_backend_conservative(&s->be, a->model, a->cfg, a->napp, &io)
                : seshat_backend_stateless(&s->be, a->model, a->cfg, &io)) {
        fprintf(stderr, "seshat: model rank %d: out of memory (backend)\n", a->world_rank);
        exit(1);
    }
}

/* Can every rank that reports to this model rank wake it? (The engine
 * also takes the other nodes' forwarded batches.) */
static int reporters_local(const seshat_server_args *a)
{
    if (forwarding(a) && a->world_rank == a->napp)
        return 0;
    for (int r = 0; r < a->napp; r++)
        if (a->model_of[r] == a->world_rank && !seshat_wake_local(r))
            return 0;
    return 1;
}

void seshat_server_run(const seshat_server_args *a)
{
    struct server s = { .a = a, .start = mono_ns() };
    for (int r = 0; r < a->napp; r++)
        s.served += a->model_of[r] == a->world_rank;
    if (forwarding(a) && a->world_rank == a->napp)
        s.served = a->napp;     /* the engine: the others' fins come forwarded */
    int relay = a->cfg->path == SESHAT_PATH_RELAY;
    if (a->cfg->report_matrix && seshat_matrix_init(&s.matrix, a->napp))
        seshat_error("report.matrix: out of memory for %d ranks", a->napp);
    backend_new(&s);
    s.w = watch_new(a);
    seshat_model_idle idle;
    seshat_model_idle_init(&idle, reporters_local(a));
    int64_t last = mono_ns();
    /* The watchdog's rank hears every rank's last note before it leaves. */
    while (s.fins < s.served || (s.w && s.w->finals < a->napp)) {
        MPI_Status st;
        uint32_t mark = seshat_wake_mark();     /* before the poll: no wake is lost */
        if (poll_once(a, &st)) {
            handle(&s, &st);
            last = mono_ns();
            seshat_model_idle_busy(&idle);
        } else if (!relay) {
            nap(LOG_SLEEP_NS);
        } else {
            seshat_model_idle_wait(&idle, mark, mono_ns(), last);
        }
        if (a->status)
            status(&s, mono_ns());
        if (s.w)
            watch_check(&s, mono_ns());
    }
    if (s.w) {
        free(s.w->state);
        free(s.w->blind_at);
        free(s.w->line);
        free(s.w);
    }
    finish_matrix(&s);
    seshat_matrix_free(&s.matrix);
    s.be.finish(s.be.self, a->cfg->report_summary);
    seshat_model_idle_report(&idle, a->world_rank);
    seshat_debug("model rank %d: %lld messages, %lld bytes", a->world_rank, s.messages, s.bytes);
}

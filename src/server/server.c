/* server.c - the model rank's loop. On the relay path it answers every
 * message (spinning adaptively, since sleeping costs 22-75 us per wake-up
 * here); on the direct path it only collects envelope batches and may sleep. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "model/coll_sched.h"
#include "server/contention.h"
#include "server/matrix.h"
#include "server/server.h"
#include "server/status.h"
#include "wire/wire.h"
#include "model/simgrid.h"
#include "common/log.h"

#define SPIN_WINDOW_NS 500000   /* keep spinning this long after a message */
#define IDLE_SLEEP_NS 50000     /* relay: nap when idle beyond the window */
#define LOG_SLEEP_NS 200000     /* direct: the model is off the message path */

struct pending {                /* rendezvous envelopes waiting for the post */
    seshat_envelope e;
    struct pending *next;
};

struct coll_wait {             /* a collective waiting for its members */
    seshat_coll_entry first;
    int arrived;
    int64_t bytes;
    seshat_vtime *entry;
    int *world;
    struct coll_wait *next;
};

/* simulator.watchdog, on the first model rank (docs/models.md, "Watchdog"). */
struct watch {
    int64_t limit, grace;
    int *state;                  /* per application rank: SESHAT_WATCH_*, RESUMED = runs */
    char (*line)[sizeof(((seshat_watch_note *)0)->line)];
    int waiting, finals;         /* ranks STUCK or FINAL; FINAL */
    int64_t all_since;           /* wall ns: all wait, nothing moved since; 0: not all */
    long long moved_at;          /* s->handled then */
};

struct server {
    const seshat_server_args *a;
    struct pending *pending;
    struct coll_wait *colls;
    int fins, served;
    long long messages, bytes;
    int64_t start;               /* wall clock at start, for the message log */
    seshat_matrix matrix;        /* [report] matrix, else cells == NULL */
    int64_t vt_max;              /* latest virtual send time seen, for the status */
    int64_t status_at;           /* when the status file was last written */
    int matrices_in;             /* other model ranks' matrices merged */
    seshat_cn *cn;               /* contention = on, else NULL */
    long long handled;           /* messages handled, watchdog notes aside */
    struct watch *w;             /* the first model rank with a watchdog, else NULL */
};

static int64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void nap(int64_t ns)
{
    struct timespec ts = { ns / 1000000000, ns % 1000000000 };
    nanosleep(&ts, NULL);
}

/* One message-log line: what the model saw of a point-to-point message.
 * The network time is the eager arrival minus the injection (rendezvous
 * handshakes depend on the receiver and are not in the log). */
static void log_envelope(struct server *s, const seshat_envelope *e)
{
    if (!s->a->msglog)
        return;
    const seshat_model *m = s->a->model;
    seshat_msg msg = { e->bytes, e->t_inject, SESHAT_PROTO_EAGER, e->src, e->dst };
    int64_t net = m->p2p(m, &msg, 0).arrival - e->t_inject;
    s->a->msglog(SESHAT_ENV_PROTO(e->proto) == SESHAT_PROTO_EAGER ? 1 : 2, mono_ns() - s->start,
                 e->src, e->dst, e->t_inject, net, e->tag, 0, e->bytes);
}

static void answer(struct server *s, const seshat_envelope *e, int type, int64_t t)
{
    seshat_answer ans = { type, e->src, e->comm_id, e->tag, e->seq, 0, t };
    s->a->send(&ans, sizeof ans, MPI_BYTE, e->dst, SESHAT_TAG_ANSWER, s->a->control);
}

static void on_envelope(struct server *s, const seshat_envelope *e)
{
    const seshat_model *m = s->a->model;
    seshat_msg msg = { e->bytes, e->t_inject, SESHAT_ENV_PROTO(e->proto), e->src, e->dst };
    s->messages++;
    s->bytes += e->bytes;
    seshat_matrix_add(&s->matrix, e->src, e->dst, e->bytes);
    if (e->t_inject > s->vt_max)
        s->vt_max = e->t_inject;
    if (s->cn) {   /* logged when it arrives: its time depends on the others */
        seshat_cn_envelope(s->cn, e);
        return;
    }
    log_envelope(s, e);
    if (msg.proto == SESHAT_PROTO_EAGER) {
        answer(s, e, SESHAT_ANS_ARRIVAL, m->p2p(m, &msg, 0).arrival);
        return;
    }
    struct pending *p = malloc(sizeof *p);
    p->e = *e;
    p->next = s->pending;
    s->pending = p;
    answer(s, e, SESHAT_ANS_NEED_POST, seshat_model_visible(m, &msg));
}

static void on_post(struct server *s, const seshat_post *post, int from)
{
    const seshat_model *m = s->a->model;
    if (s->cn) {
        seshat_cn_post(s->cn, from, post);
        return;
    }
    for (struct pending **pp = &s->pending; *pp; pp = &(*pp)->next) {
        struct pending *p = *pp;
        if (p->e.src != post->src || p->e.seq != post->seq)
            continue;
        seshat_msg msg = { p->e.bytes, p->e.t_inject, SESHAT_PROTO_RENDEZVOUS, p->e.src,
                           p->e.dst };
        seshat_p2p_times t = m->p2p(m, &msg, post->t_post);
        answer(s, &p->e, SESHAT_ANS_FINAL, t.arrival);
        if (!(p->e.proto & SESHAT_ENV_NOREPLY))
            s->a->send(&t.sender_done, sizeof t.sender_done, MPI_BYTE, p->e.src,
                   SESHAT_TAG_REPLY0 + p->e.seq, s->a->control);
        *pp = p->next;
        free(p);
        return;
    }
    seshat_error("model rank: post for unknown rendezvous (src %d, seq %d)", post->src, post->seq);
}

static struct coll_wait *coll_find(struct server *s, const seshat_coll_entry *e)
{
    for (struct coll_wait *w = s->colls; w; w = w->next)
        if (w->first.comm_id == e->comm_id && w->first.leader == e->leader &&
            w->first.seq == e->seq)
            return w;
    struct coll_wait *w = calloc(1, sizeof *w);
    w->first = *e;
    w->entry = calloc((size_t)e->p * 2, sizeof *w->entry);
    w->world = calloc((size_t)e->p, sizeof *w->world);
    w->next = s->colls;
    s->colls = w;
    return w;
}

/* Once every member has entered: the same schedule the direct path runs. */
static void coll_answer(struct server *s, struct coll_wait *w)
{
    int p = w->first.p;
    seshat_coll c = { (enum seshat_coll_kind)w->first.kind, (enum seshat_coll_alg)w->first.alg,
                      p, w->first.root, w->bytes,
                      seshat_config_coll_factor(s->a->cfg, w->first.cls, w->bytes) };
    seshat_vtime *exit = w->entry + p;
    seshat_coll_eval_world(s->a->model, &c, w->world, w->entry, exit);
    for (int r = 0; r < p; r++) {
        seshat_answer ans = { SESHAT_ANS_COLL, -1, w->first.comm_id, w->first.seq, 0, 0, exit[r] };
        s->a->send(&ans, sizeof ans, MPI_BYTE, w->world[r], SESHAT_TAG_ANSWER, s->a->control);
    }
    for (struct coll_wait **pp = &s->colls; *pp; pp = &(*pp)->next)
        if (*pp == w) {
            *pp = w->next;
            break;
        }
    free(w->entry);
    free(w->world);
    free(w);
}

static void on_coll(struct server *s, const seshat_coll_entry *e)
{
    if (s->cn) {
        seshat_cn_coll(s->cn, e);
        return;
    }
    struct coll_wait *w = coll_find(s, e);
    if (e->rank < 0 || e->rank >= w->first.p)
        return;
    w->entry[e->rank] = e->entry;
    w->world[e->rank] = e->world;
    if (e->bytes > w->bytes)
        w->bytes = e->bytes;
    if (++w->arrived == w->first.p)
        coll_answer(s, w);
}

static void on_batch(struct server *s, const MPI_Status *st)
{
    seshat_envelope buf[SESHAT_BATCH_MAX];
    int n = 0;
    s->a->get_count(st, MPI_BYTE, &n);
    s->a->recv(buf, (int)sizeof buf, MPI_BYTE, st->MPI_SOURCE, SESHAT_TAG_BATCH, s->a->control,
               MPI_STATUS_IGNORE);
    for (int i = 0; i < n / (int)sizeof(seshat_envelope); i++) {
        s->messages++;
        s->bytes += buf[i].bytes;
        seshat_matrix_add(&s->matrix, buf[i].src, buf[i].dst, buf[i].bytes);
        if (buf[i].t_inject > s->vt_max)
            s->vt_max = buf[i].t_inject;
        log_envelope(s, &buf[i]);
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
        a->send(s->matrix.cells, s->matrix.cells ? (int)(n * sizeof *s->matrix.cells) : 0,
                MPI_BYTE, first, SESHAT_TAG_MATRIX, a->control);
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
    s->a->send(r, sizeof r, MPI_BYTE, from, SESHAT_TAG_ROUTE_ANS, s->a->control);
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
    *old = m.state;
    memcpy(w->line[st->MPI_SOURCE], m.line, sizeof m.line);
    w->line[st->MPI_SOURCE][sizeof m.line - 1] = 0;
}

/* Every application rank has waited the limit (or finalizes) and nothing
 * reached a model rank for the grace period: one line per rank, end the job. */
static void watch_check(struct server *s, int64_t now)
{
    struct watch *w = s->w;
    const seshat_server_args *a = s->a;
    if (w->waiting < a->napp || w->finals == a->napp) {
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
    if (s->cn)
        seshat_cn_describe(s->cn, cn, sizeof cn);
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
    w->line = calloc((size_t)a->napp, sizeof *w->line);
    if (!w->state || !w->line) {
        free(w->state);
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
        on_post(s, &u.p, st->MPI_SOURCE);
        break;
    case SESHAT_TAG_COLL:
        s->a->recv(&u.c, sizeof u.c, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, c, MPI_STATUS_IGNORE);
        on_coll(s, &u.c);
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
        if (s->cn)
            seshat_cn_block(s->cn, st->MPI_SOURCE, &u.b);
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
        if (s->cn)
            seshat_cn_fin(s->cn, st->MPI_SOURCE);
        break;
    default:
        seshat_error("model rank: unexpected tag %d from rank %d", st->MPI_TAG, st->MPI_SOURCE);
        s->a->recv(NULL, 0, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, c, MPI_STATUS_IGNORE);
    }
    s->handled++;
    if (s->cn)
        seshat_cn_advance(s->cn);
    if (s->a->cfg->debug_model_delay_ns > 0)
        nap(s->a->cfg->debug_model_delay_ns);
}

/* Contention: the message log gets the time the message really took. */
static void cn_log(void *ctx, const seshat_envelope *e, int64_t arrival)
{
    const struct server *s = ctx;
    if (s->a->msglog)
        s->a->msglog(SESHAT_ENV_PROTO(e->proto) == SESHAT_PROTO_EAGER ? 1 : 2,
                     mono_ns() - s->start, e->src, e->dst, e->t_inject, arrival - e->t_inject,
                     e->tag, 0, e->bytes);
}

static void cn_send(void *ctx, int dst, const seshat_answer *ans)
{
    const struct server *s = ctx;
    s->a->send(ans, sizeof *ans, MPI_BYTE, dst, SESHAT_TAG_ANSWER, s->a->control);
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

void seshat_server_run(const seshat_server_args *a)
{
    struct server s = { .a = a, .start = mono_ns() };
    for (int r = 0; r < a->napp; r++)
        s.served += a->model_of[r] == a->world_rank;
    int relay = a->cfg->path == SESHAT_PATH_RELAY;
    if (a->cfg->report_matrix && seshat_matrix_init(&s.matrix, a->napp))
        seshat_error("report.matrix: out of memory for %d ranks", a->napp);
    if (a->cfg->model == SESHAT_MODEL_SIMGRID && a->cfg->sg_contention)
        s.cn = seshat_cn_new(a->model, a->napp, cn_send, cn_log, &s);
    s.w = watch_new(a);
    int64_t last = mono_ns();
    /* The watchdog's rank hears every rank's last note before it leaves. */
    while (s.fins < s.served || (s.w && s.w->finals < a->napp)) {
        int flag = 0;
        MPI_Status st;
        a->iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, a->control, &flag, &st);
        if (flag) {
            handle(&s, &st);
            last = mono_ns();
        } else if (!relay) {
            nap(LOG_SLEEP_NS);
        } else if (mono_ns() - last > SPIN_WINDOW_NS) {
            nap(IDLE_SLEEP_NS);
        }
        if (a->status)
            status(&s, mono_ns());
        if (s.w)
            watch_check(&s, mono_ns());
    }
    if (s.w) {
        free(s.w->state);
        free(s.w->line);
        free(s.w);
    }
    finish_matrix(&s);
    seshat_matrix_free(&s.matrix);
    if (s.cn) {
        seshat_cn_stats cs = seshat_cn_get_stats(s.cn);
        if (a->cfg->report_summary)
            fprintf(stderr, "seshat: contention: %lld flows through SimGrid, %lld engine steps, "
                    "%lld answers, %.3f s wall in SimGrid\n", cs.flows, cs.steps, cs.answers,
                    cs.engine_s);
        if (cs.late)
            seshat_error("contention: %lld flows started late", cs.late);
        seshat_cn_free(s.cn);
    }
    seshat_debug("model rank %d: %lld messages, %lld bytes", a->world_rank, s.messages, s.bytes);
}

/* seshat_replay.c - re-enact one trace's MPI communication, for what-if
 * studies: `seshat-analyze --model FILE.ini TRACEDIR` runs it under
 * seshat-run with that configuration and clock = none. Each rank re-issues
 * its recorded calls (same peers, tags, sizes, communicators; wildcards
 * replayed as the source they matched) and reproduces the recorded compute
 * between calls with MPI_Pcontrol(5309, seconds), so the model re-times
 * the run exactly as it would time the program itself. Prints
 * "SESHAT_REPLAY <rank> <final virtual ns>". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/an_stream.h"
#include "analyze/an_util.h"
#include "common/version.h"
#include "mpi/calls.h"
#include "tools/replay_cuts.h"
#include "tracefmt/trace_format.h"

#define PCONTROL_COMPUTE 5309

typedef struct rinfo { int64_t src, tag, comm, bytes; } rinfo;
typedef struct comm_def { int64_t id; int size; int64_t *world; MPI_Comm comm; } comm_def;

static struct {
    int rank;
    const char *dir;
    an_vec posts;            /* rinfo per POST, in order (pass 1) */
    an_map open_post;        /* req -> index of its latest POST */
    size_t next_post;
    an_vec comms;            /* comm_def */
    an_map reqs;             /* req id -> index into handles */
    an_vec handles;          /* MPI_Request */
    int64_t max_bytes, prev_exit;
    an_map coll_seq;         /* comm -> collectives seen (both passes count) */
    an_map scatter_n;        /* key3(comm, seq, rank) -> that rank's Scatterv block */
    int scatter_root;        /* this rank roots a Scatter(v): it needs the others' blocks */
    char *sbuf, *rbuf;
} R;

/* What-if CPU speed: the model file's simulator.cpu_factor, passed in by
 * seshat-analyze (the replay itself runs with clock = none). */
static double cpu_factor = 1.0;

/* A counterfactual: compute taken off (replay_cuts.h); p1_prev: pass 1's
 * last exit. */
static replay_cuts cuts;
static int64_t p1_prev;

static void compute(int64_t ns)
{
    if (ns > 0)
        MPI_Pcontrol(PCONTROL_COMPUTE, (double)ns * 1e-9 * cpu_factor);
}

/* ---- pass 1: communicators, what each posted receive matched, sizes ---- */

static void p1_comm(void *ctx, int64_t id, int size, const int64_t *world)
{
    (void)ctx;
    comm_def *c = an_vec_push(&R.comms);
    c->id = id;
    c->size = size;
    c->world = malloc((size_t)size * sizeof *c->world + 1);
    memcpy(c->world, world, (size_t)size * sizeof *world);
    c->comm = MPI_COMM_NULL;
}

static void p1_call(void *ctx, const an_call *call)
{
    (void)ctx;
    replay_cuts_note(&cuts, p1_prev, call->enter);
    p1_prev = call->exit;
    for (int i = 0; i < call->nrec; i++) {
        const an_rec *r = &call->rec[i];
        if (r->kind == SESHAT_REC_POST) {
            *an_map_slot(&R.open_post, r->v[0]) = (int64_t)R.posts.n;
            an_vec_push(&R.posts);
        } else if (r->kind == SESHAT_REC_RECV && r->v[4]) {
            int found;
            int64_t k = an_map_get(&R.open_post, r->v[4], &found);
            if (found)
                *AN_AT(&R.posts, rinfo, k) = (rinfo){ (int64_t)r->v[0], seshat_unzigzag(r->v[1]),
                                                      seshat_unzigzag(r->v[2]), (int64_t)r->v[3] };
        }
        if ((r->kind == SESHAT_REC_SEND || r->kind == SESHAT_REC_RECV) && (int64_t)r->v[3] > R.max_bytes)
            R.max_bytes = (int64_t)r->v[3];
        if (r->kind == SESHAT_REC_COLL && (int64_t)(r->v[5] + r->v[6] + r->v[3]) > R.max_bytes)
            R.max_bytes = (int64_t)(r->v[5] + r->v[6] + r->v[3]);
        if (r->kind == SESHAT_REC_COLL && r->v[0] == 5)
            R.scatter_root = 1;   /* refined per instance in the replay */
    }
}

/* A Scatterv's root must send each member the block that member expects
 * (Open MPI skips zero-byte sends, so the member would wait forever): read
 * the members' own records of every Scatter(v). */
struct other { int rank; an_map seq; };

static void other_call(void *ctx, const an_call *call)
{
    struct other *o = ctx;
    for (int i = 0; i < call->nrec; i++) {
        const an_rec *r = &call->rec[i];
        if (r->kind != SESHAT_REC_COLL)
            continue;
        int64_t comm = seshat_unzigzag(r->v[1]), *seq = an_map_slot(&o->seq, (uint64_t)comm);
        if (r->v[0] == 5)
            *an_map_slot(&R.scatter_n, an_key3(comm, *seq, o->rank)) = (int64_t)r->v[3];
        (*seq)++;
    }
}

static void read_scatter_blocks(int size)
{
    for (int k = 0; k < size; k++) {
        struct other o = { .rank = k };
        an_map_init(&o.seq);
        an_stream_cb cb = { &o, other_call, NULL, NULL };
        int64_t end;
        char err[4400];
        if (an_stream_read(R.dir, k, &cb, &end, err, sizeof err))
            an_die("%s", err);
        an_map_free(&o.seq);
    }
}

static void make_comms(void)
{
    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    for (size_t i = 0; i < R.comms.n; i++) {
        comm_def *c = AN_AT(&R.comms, comm_def, i);
        if (c->id == 0) {
            c->comm = MPI_COMM_WORLD;
        } else if (c->size == 1) {
            c->comm = MPI_COMM_SELF;
        } else {
            int *ranks = malloc((size_t)c->size * sizeof *ranks);
            for (int k = 0; k < c->size; k++)
                ranks[k] = (int)c->world[k];
            MPI_Group g;
            MPI_Group_incl(world, c->size, ranks, &g);
            MPI_Comm_create_group(MPI_COMM_WORLD, g, (int)(c->id & 0x7fff), &c->comm);
            MPI_Group_free(&g);
            free(ranks);
        }
    }
    MPI_Group_free(&world);
}

/* ---- pass 2: replay ---- */

static comm_def *find_comm(int64_t id)
{
    for (size_t i = 0; i < R.comms.n; i++)
        if (AN_AT(&R.comms, comm_def, i)->id == id)
            return AN_AT(&R.comms, comm_def, i);
    return NULL;
}

/* The communicator and the comm rank of world rank w in it. */
static MPI_Comm peer(int64_t comm, int64_t w, int *crank)
{
    comm_def *c = find_comm(comm);
    *crank = -1;
    if (!c || c->comm == MPI_COMM_NULL)
        return MPI_COMM_NULL;
    for (int k = 0; k < c->size; k++)
        if (c->world[k] == w)
            *crank = k;
    return c->comm;
}

static void keep(uint64_t req, MPI_Request h)
{
    *an_map_slot(&R.reqs, req) = (int64_t)R.handles.n;
    *(MPI_Request *)an_vec_push(&R.handles) = h;
}

static int named(const an_call *c, const char *name)
{
    return c->call >= 0 && c->call < SESHAT_CALL_COUNT && !strcmp(seshat_call_names[c->call], name);
}

static void send(const an_call *c, const an_rec *r)
{
    int d;
    MPI_Comm comm = peer(seshat_unzigzag(r->v[2]), (int64_t)r->v[0], &d);
    int tag = (int)seshat_unzigzag(r->v[1]), n = (int)r->v[3];
    if (comm == MPI_COMM_NULL || d < 0)
        return;
    if (r->v[5]) {   /* nonblocking or persistent */
        MPI_Request h;
        if (named(c, "MPI_Issend"))
            MPI_Issend(R.sbuf, n, MPI_BYTE, d, tag, comm, &h);
        else
            MPI_Isend(R.sbuf, n, MPI_BYTE, d, tag, comm, &h);
        keep(r->v[5], h);
    } else if (named(c, "MPI_Ssend")) {
        MPI_Ssend(R.sbuf, n, MPI_BYTE, d, tag, comm);
    } else {
        MPI_Send(R.sbuf, n, MPI_BYTE, d, tag, comm);
    }
}

static void recv(const an_rec *r)
{
    int s;
    MPI_Comm comm = peer(seshat_unzigzag(r->v[2]), (int64_t)r->v[0], &s);
    if (comm != MPI_COMM_NULL && s >= 0)
        MPI_Recv(R.rbuf, (int)r->v[3], MPI_BYTE, s, (int)seshat_unzigzag(r->v[1]), comm,
                 MPI_STATUS_IGNORE);
}

static void post(uint64_t req)
{
    if (R.next_post >= R.posts.n)
        return;
    const rinfo *i = AN_AT(&R.posts, rinfo, R.next_post++);
    int s;
    MPI_Comm comm = peer(i->comm, i->src, &s);
    if (comm == MPI_COMM_NULL || s < 0)
        return;   /* never matched (cancelled) or unknown communicator */
    MPI_Request h;
    MPI_Irecv(R.rbuf, (int)i->bytes, MPI_BYTE, s, (int)i->tag, comm, &h);
    keep(req, h);
}

static void sendrecv(const an_rec *snd, const an_rec *rcv)
{
    int d, s;
    MPI_Comm cs = peer(seshat_unzigzag(snd->v[2]), (int64_t)snd->v[0], &d);
    MPI_Comm cr = peer(seshat_unzigzag(rcv->v[2]), (int64_t)rcv->v[0], &s);
    if (cs == MPI_COMM_NULL || cs != cr || d < 0 || s < 0)
        return;
    MPI_Sendrecv(R.sbuf, (int)snd->v[3], MPI_BYTE, d, (int)seshat_unzigzag(snd->v[1]), R.rbuf,
                 (int)rcv->v[3], MPI_BYTE, s, (int)seshat_unzigzag(rcv->v[1]), cs, MPI_STATUS_IGNORE);
}

/* Counts for the v-variants: members' recorded blocks may differ (the
 * trace holds the block the model used: alltoallv the mean, gatherv the
 * root's largest), so each member passes its own block where the model
 * reads it and zero where only data would move; a receive longer than
 * its message is harmless. */
static an_vec kept;   /* count arrays: nonblocking collectives read them until completion */

static int *counts(int size, int value, int at, int at_value)
{
    int *v = malloc((size_t)(size > 0 ? size : 1) * sizeof *v);
    if (!v)
        an_die("out of memory");
    for (int i = 0; i < size; i++)
        v[i] = value;
    if (at >= 0 && at < size)
        v[at] = at_value;
    *(int **)an_vec_push(&kept) = v;
    return v;
}

/* Collective kinds of docs/trace-format.md; `n` is this rank's block. */
static void collective(const an_rec *r)
{
    comm_def *c = find_comm(seshat_unzigzag(r->v[1]));
    if (!c || c->comm == MPI_COMM_NULL)
        return;
    MPI_Comm comm = c->comm;
    int me;
    MPI_Comm_rank(comm, &me);
    int64_t *seqp = an_map_slot(&R.coll_seq, (uint64_t)c->id), seq = (*seqp)++;
    size_t mark = kept.n;
    int *z = counts(c->size, 0, -1, 0);
    int kind = (int)r->v[0], root = (int)seshat_unzigzag(r->v[2]), n = (int)r->v[3];
    MPI_Request h = MPI_REQUEST_NULL, *hp = r->v[4] ? &h : NULL;
    char *s = R.sbuf, *d = R.rbuf;
    switch (kind) {
    case 0: hp ? MPI_Ibarrier(comm, hp) : MPI_Barrier(comm); break;
    case 1: hp ? MPI_Ibcast(d, n, MPI_BYTE, root, comm, hp) : MPI_Bcast(d, n, MPI_BYTE, root, comm); break;
    case 2: hp ? MPI_Ireduce(s, d, n, MPI_BYTE, MPI_BOR, root, comm, hp)
               : MPI_Reduce(s, d, n, MPI_BYTE, MPI_BOR, root, comm); break;
    case 3: hp ? MPI_Iallreduce(s, d, n, MPI_BYTE, MPI_BOR, comm, hp)
               : MPI_Allreduce(s, d, n, MPI_BYTE, MPI_BOR, comm); break;
    case 4: {   /* the root's block is the largest: every member's fits */
        int *rc = counts(c->size, n, -1, 0);
        hp ? MPI_Igatherv(s, n, MPI_BYTE, d, rc, z, MPI_BYTE, root, comm, hp)
           : MPI_Gatherv(s, n, MPI_BYTE, d, rc, z, MPI_BYTE, root, comm);
        break;
    }
    case 5: {   /* the root sends every member the block it recorded */
        int *sc = counts(c->size, 0, me, n);
        for (int k = 0; me == root && k < c->size; k++) {
            int found;
            int64_t b = an_map_get(&R.scatter_n, an_key3(c->id, seq, c->world[k]), &found);
            if (k != me && found)
                sc[k] = (int)b;
        }
        hp ? MPI_Iscatterv(s, sc, z, MPI_BYTE, d, n, MPI_BYTE, root, comm, hp)
           : MPI_Scatterv(s, sc, z, MPI_BYTE, d, n, MPI_BYTE, root, comm);
        break;
    }
    case 6: hp ? MPI_Iallgather(s, n, MPI_BYTE, d, n, MPI_BYTE, comm, hp)
               : MPI_Allgather(s, n, MPI_BYTE, d, n, MPI_BYTE, comm); break;
    case 7: {   /* the model reads the receive counts' mean: n each; data only
                 * to oneself (Open MPI insists the self copy be exact) */
        int *rc = counts(c->size, n, -1, 0), *sc = counts(c->size, 0, me, n);
        hp ? MPI_Ialltoallv(s, sc, z, MPI_BYTE, d, rc, z, MPI_BYTE, comm, hp)
           : MPI_Alltoallv(s, sc, z, MPI_BYTE, d, rc, z, MPI_BYTE, comm);
        break;
    }
    case 8: hp ? MPI_Ireduce_scatter_block(s, d, n, MPI_BYTE, MPI_BOR, comm, hp)
               : MPI_Reduce_scatter_block(s, d, n, MPI_BYTE, MPI_BOR, comm); break;
    case 9: hp ? MPI_Iscan(s, d, n, MPI_BYTE, MPI_BOR, comm, hp)
               : MPI_Scan(s, d, n, MPI_BYTE, MPI_BOR, comm); break;
    case 10: hp ? MPI_Iexscan(s, d, n, MPI_BYTE, MPI_BOR, comm, hp)
                : MPI_Exscan(s, d, n, MPI_BYTE, MPI_BOR, comm); break;
    default: break;   /* neighborhood collectives: their topology is not in the trace */
    }
    if (hp && kind <= 10)
        keep(r->v[4], h);
    while (!hp && kept.n > mark)   /* blocking: the counts are free again */
        free(*AN_AT(&kept, int *, --kept.n));
}

static void complete(const an_call *c, an_vec *done)
{
    (void)c;
    if (!done->n)
        return;
    MPI_Waitall((int)done->n, done->data, MPI_STATUSES_IGNORE);
}

static void replay_call(void *ctx, const an_call *c)
{
    (void)ctx;
    compute(c->enter - R.prev_exit - replay_cuts_take(&cuts, R.prev_exit, c->enter));
    R.prev_exit = c->exit;
    const an_rec *snd = NULL, *rcv = NULL;
    an_vec done;
    an_vec_init(&done, sizeof(MPI_Request));
    int acted = 0;
    for (int i = 0; i < c->nrec; i++) {
        const an_rec *r = &c->rec[i];
        int found;
        switch (r->kind) {
        case SESHAT_REC_SEND: snd = r; break;
        case SESHAT_REC_RECV: if (!r->v[4]) rcv = r; break;
        case SESHAT_REC_POST: post(r->v[0]); acted = 1; break;
        case SESHAT_REC_COLL: collective(r); acted = 1; break;
        case SESHAT_REC_COMPLETE: {
            int64_t k = an_map_get(&R.reqs, r->v[0], &found);
            if (found && k >= 0) {
                *(MPI_Request *)an_vec_push(&done) = *AN_AT(&R.handles, MPI_Request, k);
                *an_map_slot(&R.reqs, r->v[0]) = -1;
            }
            acted = 1;
            break;
        }
        }
    }
    if (snd && rcv && !snd->v[5])
        sendrecv(snd, rcv);
    else {
        if (snd)
            send(c, snd);
        if (rcv)
            recv(rcv);
    }
    complete(c, &done);
    an_vec_free(&done);
    /* Calls that move no data keep their recorded cost as compute. */
    if (!acted && !snd && !rcv)
        compute(c->exit - c->enter);
}

static const char replay_usage[] =
    "usage: seshat-replay TRACEDIR\n"
    "\n"
    "Re-enacts the MPI calls of a whole trace, with its recorded compute, under\n"
    "seshat-run; prints \"SESHAT_REPLAY RANK NS\" per rank. seshat-analyze --model\n"
    "FILE.ini runs it (the what-if replay); it is not meant to be started by hand.\n";

int main(int argc, char **argv)
{
    /* Options before MPI_Init: --help is not a trace directory, and a
     * usage error is one line, not an MPI abort banner. */
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(replay_usage, stdout);
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        printf("seshat-replay %s\n", SESHAT_VERSION);
        return 0;
    }
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "seshat-replay: expected one argument, TRACEDIR (see --help)\n");
        return 2;
    }
    MPI_Init(&argc, &argv);
    int size;
    MPI_Comm_rank(MPI_COMM_WORLD, &R.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    R.dir = argv[1];
    const char *f = getenv("SESHAT_REPLAY_CPU_FACTOR");
    if (f && atof(f) > 0)
        cpu_factor = atof(f);
    an_vec_init(&R.posts, sizeof(rinfo));
    an_vec_init(&R.comms, sizeof(comm_def));
    an_vec_init(&R.handles, sizeof(MPI_Request));
    an_vec_init(&kept, sizeof(int *));
    char err[4400];
    int64_t end;
    an_stream_cb p1 = { NULL, p1_call, p1_comm, NULL };
    if (replay_cuts_load(&cuts, R.rank))
        return 2;
    if (an_stream_read(R.dir, R.rank, &p1, &end, err, sizeof err))
        an_die("%s", err);
    replay_cuts_note(&cuts, p1_prev, end);
    make_comms();
    if (R.scatter_root)
        read_scatter_blocks(size);
    size_t big = (size_t)R.max_bytes * (size_t)size + 64;
    R.sbuf = calloc(big, 1);
    R.rbuf = calloc(big, 1);
    if (!R.sbuf || !R.rbuf)
        an_die("rank %d: out of memory for %zu-byte buffers", R.rank, big);
    an_stream_cb p2 = { NULL, replay_call, NULL, NULL };
    if (an_stream_read(R.dir, R.rank, &p2, &end, err, sizeof err))
        an_die("%s", err);
    compute(end - R.prev_exit - replay_cuts_take(&cuts, R.prev_exit, end));
    replay_cuts_free(&cuts);
    printf("SESHAT_REPLAY %d %.0f\n", R.rank, MPI_Wtime() * 1e9);
    fflush(stdout);
    for (size_t i = 0; i < kept.n; i++)
        free(*AN_AT(&kept, int *, i));
    an_vec_free(&kept);
    MPI_Finalize();
    return 0;
}

/* conformance-np: 4 (ranks tests/mpi/run_conformance.sh starts) */
/* callbacks.c - MPI calls made from inside the program's callbacks behave
 * as calls from the program (MPI-3.1 6.7 attribute caching, 8.3 error
 * handlers, 12.2 generalized requests, 8.7 finalization): communicators
 * created and freed in attribute copy/delete callbacks of communicators,
 * windows and datatypes, collectives run from callbacks, a generalized
 * request whose free function frees a communicator, error handlers that
 * communicate, and attribute deletes at MPI_Finalize that communicate.
 * After each, new communicators (whose handles may reuse the freed ones)
 * must work. Run with 4 ranks. */
#include "conf.h"

static MPI_Comm spare;   /* a duplicate of the world the callbacks use */
static int deletes, copies;

/* The attribute is a private duplicate (as mpi4py caches one): the
 * delete callback frees it and sums over the spare communicator. */
static int comm_delete(MPI_Comm comm, int key, void *val, void *extra)
{
    (void)comm; (void)key; (void)extra;
    MPI_Comm *p = val;
    int one = 1, n = 0;
    MPI_Allreduce(&one, &n, 1, MPI_INT, MPI_SUM, *p);
    MPI_Comm_free(p);
    free(p);
    deletes += n;
    return MPI_SUCCESS;
}

static int comm_copy(MPI_Comm old, int key, void *extra, void *in, void *out, int *flag)
{
    (void)key; (void)extra; (void)in;
    MPI_Comm *p = malloc(sizeof *p);
    MPI_Comm_dup(spare, p);   /* a collective inside MPI_Comm_dup: every member copies */
    int r;
    MPI_Comm_rank(old, &r);
    copies += r >= 0;
    *(MPI_Comm **)out = p;
    *flag = 1;
    return MPI_SUCCESS;
}

static MPI_Comm *private_dup(void)
{
    MPI_Comm *p = malloc(sizeof *p);
    MPI_Comm_dup(spare, p);
    return p;
}

static void comm_attrs(int rank, int size)
{
    int key;
    MPI_Comm_create_keyval(comm_copy, comm_delete, &key, NULL);
    long sum = 0;
    for (int i = 0; i < 30; i++) {
        MPI_Comm d, e;
        MPI_Comm_dup(MPI_COMM_WORLD, &d);
        MPI_Comm_set_attr(d, key, private_dup());
        if (i % 5 == 0) {   /* a duplicate copies the attribute */
            MPI_Comm_dup(d, &e);
            MPI_Comm_free(&e);
        }
        int v = rank * i, s = 0;
        MPI_Reduce(&v, &s, 1, MPI_INT, MPI_SUM, i % size, d);
        sum += s;
        MPI_Comm_free(&d);
    }
    MPI_Comm_free_keyval(&key);
    /* new communicators of other shapes, maybe on the freed handles */
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
    int hr, hs, x = rank, y = -1;
    MPI_Comm_rank(half, &hr);
    MPI_Comm_size(half, &hs);
    MPI_Sendrecv(&x, 1, MPI_INT, (hr + 1) % hs, 0, &y, 1, MPI_INT, (hr + hs - 1) % hs, 0, half,
                 MPI_STATUS_IGNORE);
    out("comm attrs: sum %ld deletes %d copies %d; split rank %d got %d", sum, deletes, copies,
        hr, y);
    MPI_Comm_free(&half);
}

static int win_delete(MPI_Win win, int key, void *val, void *extra)
{
    (void)win; (void)key; (void)extra;
    comm_delete(MPI_COMM_NULL, 0, val, NULL);
    MPI_Barrier(spare);
    return MPI_SUCCESS;
}

static void win_attrs(int rank)
{
    int key, buf[4] = { 0 };
    MPI_Win win;
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, win_delete, &key, NULL);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_attr(win, key, private_dup());
    MPI_Win_free(&win);
    MPI_Win_free_keyval(&key);
    MPI_Comm d;
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    int s = 0;
    MPI_Allreduce(&rank, &s, 1, MPI_INT, MPI_SUM, d);
    MPI_Comm_free(&d);
    out("win attrs: deletes %d, then allreduce %d", deletes, s);
}

static int type_delete(MPI_Datatype t, int key, void *val, void *extra)
{
    (void)t; (void)key; (void)extra;
    return comm_delete(MPI_COMM_NULL, 0, val, NULL);
}

static void type_attrs(int rank)
{
    int key;
    MPI_Datatype t;
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, type_delete, &key, NULL);
    MPI_Type_contiguous(2, MPI_INT, &t);
    MPI_Type_set_attr(t, key, private_dup());
    MPI_Type_free(&t);
    MPI_Type_free_keyval(&key);
    MPI_Comm d;
    MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &d);
    int s = 0;
    MPI_Allreduce(&rank, &s, 1, MPI_INT, MPI_MAX, d);
    MPI_Comm_free(&d);
    out("type attrs: deletes %d, then allreduce %d", deletes, s);
}

/* An error handler that communicates (every rank raises the same error). */
static int handled;
static void handler(MPI_Comm *comm, int *code, ...)
{
    (void)comm; (void)code;
    MPI_Comm d;
    MPI_Comm_dup(spare, &d);
    int one = 1, n = 0;
    MPI_Allreduce(&one, &n, 1, MPI_INT, MPI_SUM, d);
    MPI_Comm_free(&d);
    handled += n;
}

static void errhandlers(int rank)
{
    MPI_Errhandler eh;
    MPI_Comm d;
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Comm_create_errhandler(handler, &eh);
    MPI_Comm_set_errhandler(d, eh);
    MPI_Comm_call_errhandler(d, MPI_ERR_OTHER);
    int v = rank, rc = MPI_Send(&v, 1, MPI_INT, 99, 0, d);   /* invalid rank */
    MPI_Errhandler_free(&eh);
    MPI_Comm_free(&d);
    out("error handlers: handled %d, send error %d", handled, rc != MPI_SUCCESS);
}

/* A user-defined operation may make local MPI calls (no communication). */
static void sum_sized(void *in, void *inout, int *len, MPI_Datatype *t)
{
    int sz = 0;
    MPI_Type_size(*t, &sz);
    for (int i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i] * (sz == 4);
}

static void user_op(int rank)
{
    MPI_Op op;
    int v[3] = { rank, 2 * rank, 3 }, s[3];
    MPI_Op_create(sum_sized, 1, &op);
    MPI_Allreduce(v, s, 3, MPI_INT, op, MPI_COMM_WORLD);
    MPI_Op_free(&op);
    out("user op: %d %d %d", s[0], s[1], s[2]);
}

/* A generalized request: its query sets the status, its free function
 * frees a communicator of the program's. */
static int gq(void *extra, MPI_Status *st)
{
    (void)extra;
    MPI_Status_set_elements(st, MPI_INT, 3);
    MPI_Status_set_cancelled(st, 0);
    st->MPI_SOURCE = MPI_UNDEFINED;
    st->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}
static int gf(void *extra)
{
    MPI_Comm *p = extra;
    MPI_Comm_free(p);
    free(p);
    return MPI_SUCCESS;
}
static int gc(void *extra, int complete)
{
    (void)extra; (void)complete;
    return MPI_SUCCESS;
}

static void grequests(int rank)
{
    MPI_Request rq;
    MPI_Status st;
    int n = 0;
    MPI_Grequest_start(gq, gf, gc, private_dup(), &rq);
    MPI_Grequest_complete(rq);
    MPI_Wait(&rq, &st);
    MPI_Get_elements(&st, MPI_INT, &n);
    MPI_Comm d;
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2, rank, &d);
    int s = 0;
    MPI_Allreduce(&rank, &s, 1, MPI_INT, MPI_SUM, d);
    MPI_Comm_free(&d);
    out("generalized request: %d elements, then allreduce %d", n, s);
}

/* Attributes deleted by MPI_Finalize: MPI_COMM_SELF's first, then the
 * world's; both communicate. */
static int final_delete(MPI_Comm comm, int key, void *val, void *extra)
{
    (void)key; (void)extra;
    MPI_Comm *p = val;
    int r, s = 0;
    MPI_Comm_rank(*p, &r);
    MPI_Allreduce(&r, &s, 1, MPI_INT, MPI_SUM, *p);
    MPI_Comm_free(p);
    free(p);
    out("finalize deletes the %s attribute: allreduce %d", comm == MPI_COMM_SELF ? "self" : "world",
        s);
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int rank, size, key;
    conf_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_dup(MPI_COMM_WORLD, &spare);
    comm_attrs(rank, size);
    win_attrs(rank);
    type_attrs(rank);
    errhandlers(rank);
    user_op(rank);
    grequests(rank);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, final_delete, &key, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key, private_dup());
    MPI_Comm_set_attr(MPI_COMM_SELF, key, private_dup());
    conf_done();
    return 0;
}

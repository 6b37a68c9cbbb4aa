/* callback_calls.c - the program's callbacks that Open MPI calls from
 * inside other MPI calls, behind trampolines that make them program code
 * (seshat_callback_begin/end: their MPI calls are counted and timed, a
 * communicator they free is forgotten): window attribute callbacks (from
 * MPI_Win_free, a wrapped call) and generalized-request callbacks (from
 * MPI_Wait* and MPI_Test*). Communicator keyvals and error handlers are
 * in attr_calls.c; datatype attribute callbacks run from calls seshat does
 * not wrap, so they are program code already; user-defined reduction
 * operations may make no communication call (MPI-3.1, 5.9.5). */
#include <stdlib.h>

#include "interpose/interpose.h"

/* ---- window keyvals: Open MPI numbers all keyvals in one space, so the
 * communicator keyvals' registry serves windows too ---- */
static int wcopy_trampoline(MPI_Win win, int key, void *extra, void *in, void *out, int *flag)
{
    const struct seshat_keyval_fns *f = seshat_keyval_find(key);
    if (!f) {
        *flag = 0;
        return MPI_SUCCESS;
    }
    int saved = seshat_callback_begin();
    int rc = ((MPI_Win_copy_attr_function *)f->copy)(win, key, extra, in, out, flag);
    seshat_callback_end(saved);
    return rc;
}

static int wdelete_trampoline(MPI_Win win, int key, void *val, void *extra)
{
    const struct seshat_keyval_fns *f = seshat_keyval_find(key);
    if (!f)
        return MPI_SUCCESS;
    int saved = seshat_callback_begin();
    int rc = ((MPI_Win_delete_attr_function *)f->del)(win, key, val, extra);
    seshat_callback_end(saved);
    return rc;
}

int PMPI_Win_create_keyval(MPI_Win_copy_attr_function *copy, MPI_Win_delete_attr_function *del,
                           int *key, void *extra)
{
    int outer = seshat_enter(SESHAT_CALL_Win_create_keyval);
    int rc = seshat_real.Win_create_keyval(wcopy_trampoline, wdelete_trampoline, key, extra);
    if (rc == MPI_SUCCESS)
        seshat_keyval_register(*key, (struct seshat_keyval_fns){ (void (*)(void))copy,
                                                                (void (*)(void))del });
    if (outer)
        seshat_leave(SESHAT_CALL_Win_create_keyval);
    return rc;
}
int MPI_Win_create_keyval(MPI_Win_copy_attr_function *copy, MPI_Win_delete_attr_function *del,
                          int *key, void *extra) __attribute__((alias("PMPI_Win_create_keyval")));

/* ---- generalized requests: the program's three functions and its extra
 * state travel as seshat's extra state, freed with the request ---- */
struct greq {
    MPI_Grequest_query_function *query;
    MPI_Grequest_free_function *free_fn;
    MPI_Grequest_cancel_function *cancel;
    void *extra;
};

static int gquery(void *extra, MPI_Status *st)
{
    struct greq *g = extra;
    int saved = seshat_callback_begin();
    int rc = g->query(g->extra, st);
    seshat_callback_end(saved);
    return rc;
}

static int gfree(void *extra)
{
    struct greq *g = extra;
    int saved = seshat_callback_begin();
    int rc = g->free_fn(g->extra);
    seshat_callback_end(saved);
    free(g);
    return rc;
}

static int gcancel(void *extra, int complete)
{
    struct greq *g = extra;
    int saved = seshat_callback_begin();
    int rc = g->cancel(g->extra, complete);
    seshat_callback_end(saved);
    return rc;
}

int PMPI_Grequest_start(MPI_Grequest_query_function *query, MPI_Grequest_free_function *free_fn,
                        MPI_Grequest_cancel_function *cancel, void *extra, MPI_Request *req)
{
    int outer = seshat_enter(SESHAT_CALL_Grequest_start), rc;
    struct greq *g = malloc(sizeof *g);
    if (g) {
        *g = (struct greq){ query, free_fn, cancel, extra };
        rc = seshat_real.Grequest_start(gquery, gfree, gcancel, g, req);
        if (rc != MPI_SUCCESS)
            free(g);
    } else {
        rc = seshat_real.Grequest_start(query, free_fn, cancel, extra, req);
    }
    if (outer)
        seshat_leave(SESHAT_CALL_Grequest_start);
    return rc;
}
int MPI_Grequest_start(MPI_Grequest_query_function *query, MPI_Grequest_free_function *free_fn,
                       MPI_Grequest_cancel_function *cancel, void *extra, MPI_Request *req)
    __attribute__((alias("PMPI_Grequest_start")));

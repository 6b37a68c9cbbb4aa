/* attr_calls.c - what the program attaches to communicators: attributes
 * on MPI_COMM_SELF (deleted before the world's at MPI_Finalize, as Open
 * MPI does) and error handlers (called with the program's communicator,
 * never seshat's application communicator). */
#include <stdlib.h>

#include "interpose/interpose.h"

/* ---- attributes on MPI_COMM_SELF, in the order they were last set ---- */
static int *self_keys;
static int nself, capself;

static void self_forget(int key)
{
    for (int i = 0; i < nself; i++)
        if (self_keys[i] == key) {
            for (int j = i + 1; j < nself; j++)
                self_keys[j - 1] = self_keys[j];
            nself--;
            return;
        }
}

static void self_set(int key)
{
    self_forget(key);   /* setting again makes it the newest, as in Open MPI */
    if (nself == capself) {
        int cap = capself ? 2 * capself : 16, *k = realloc(self_keys, sizeof *k * (size_t)cap);
        if (!k)
            return;
        self_keys = k;
        capself = cap;
    }
    self_keys[nself++] = key;
}

static int set_attr(enum seshat_call_id id, int (*real)(MPI_Comm, int, void *), MPI_Comm comm,
                    int key, void *val)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(id);
    int rc = real(comm, key, val);
    if (outer && rc == MPI_SUCCESS && comm == MPI_COMM_SELF)
        self_set(key);
    if (outer)
        seshat_leave(id);
    return rc;
}

static int delete_attr(enum seshat_call_id id, int (*real)(MPI_Comm, int), MPI_Comm comm, int key)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(id);
    int rc = real(comm, key);
    if (outer && rc == MPI_SUCCESS && comm == MPI_COMM_SELF)
        self_forget(key);
    if (outer)
        seshat_leave(id);
    return rc;
}

int PMPI_Comm_set_attr(MPI_Comm comm, int key, void *val)
{
    return set_attr(SESHAT_CALL_Comm_set_attr, seshat_real.Comm_set_attr, comm, key, val);
}
int MPI_Comm_set_attr(MPI_Comm comm, int key, void *val) __attribute__((alias("PMPI_Comm_set_attr")));

int PMPI_Attr_put(MPI_Comm comm, int key, void *val)
{
    return set_attr(SESHAT_CALL_Attr_put, seshat_real.Attr_put, comm, key, val);
}
int MPI_Attr_put(MPI_Comm comm, int key, void *val) __attribute__((alias("PMPI_Attr_put")));

int PMPI_Comm_delete_attr(MPI_Comm comm, int key)
{
    return delete_attr(SESHAT_CALL_Comm_delete_attr, seshat_real.Comm_delete_attr, comm, key);
}
int MPI_Comm_delete_attr(MPI_Comm comm, int key) __attribute__((alias("PMPI_Comm_delete_attr")));

int PMPI_Attr_delete(MPI_Comm comm, int key)
{
    return delete_attr(SESHAT_CALL_Attr_delete, seshat_real.Attr_delete, comm, key);
}
int MPI_Attr_delete(MPI_Comm comm, int key) __attribute__((alias("PMPI_Attr_delete")));

/* MPI_Finalize deletes MPI_COMM_SELF's attributes first, newest first,
 * then the world's (seshat_comms_fini frees the application world). */
void seshat_attr_finalize(void)
{
    while (nself > 0)
        seshat_real.Comm_delete_attr(MPI_COMM_SELF, self_keys[--nself]);
    free(self_keys);
    self_keys = NULL;
    capself = 0;
}

/* ---- error handlers: the program's function behind a trampoline ---- */
struct handler {
    MPI_Errhandler eh;
    MPI_Comm_errhandler_function *fn;
    struct handler *next;
};
static struct handler *handlers;

/* Open MPI calls this with the communicator the error happened on; the
 * handler attached to it names the program's function. */
static void trampoline(MPI_Comm *comm, int *code, ...)
{
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    seshat_real.Comm_get_errhandler(*comm, &eh);
    struct handler *h = handlers;
    while (h && h->eh != eh)
        h = h->next;
    if (eh != MPI_ERRHANDLER_NULL)
        seshat_real.Errhandler_free(&eh);
    if (!h)
        return;
    MPI_Comm c = (seshat_active && *comm == seshat_rt.app) ? MPI_COMM_WORLD : *comm;
    int saved = seshat_depth;
    seshat_depth = 0;   /* the program's handler is program code */
    h->fn(&c, code);
    seshat_depth = saved;
}

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
{
    int rc = seshat_real.Comm_create_errhandler(trampoline, eh);
    struct handler *h;
    if (rc == MPI_SUCCESS && (h = malloc(sizeof *h))) {
        *h = (struct handler){ *eh, fn, handlers };
        handlers = h;
    }
    return rc;
}
int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
    __attribute__((alias("PMPI_Comm_create_errhandler")));

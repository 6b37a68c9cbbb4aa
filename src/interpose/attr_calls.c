/* attr_calls.c - what the program attaches to communicators: attributes
 * on MPI_COMM_SELF (deleted before the world's at MPI_Finalize, as Open
 * MPI does) and error handlers (called with the program's communicator,
 * never seshat's application communicator). */
#include <stdlib.h>

#include "interpose/interpose.h"

/* ---- attributes on MPI_COMM_SELF and the program's world, in the order
 * they were last set: MPI_Finalize deletes them while seshat still runs,
 * so that their delete callbacks' MPI calls are modeled program calls ---- */
struct keylist {
    int *keys;
    int n, cap;
};
static struct keylist self_keys, world_keys;

static struct keylist *keys_of(MPI_Comm comm)
{
    if (comm == MPI_COMM_SELF)
        return &self_keys;
    return seshat_active && comm == seshat_rt.app ? &world_keys : NULL;
}

static void keys_forget(struct keylist *l, int key)
{
    for (int i = 0; l && i < l->n; i++)
        if (l->keys[i] == key) {
            for (int j = i + 1; j < l->n; j++)
                l->keys[j - 1] = l->keys[j];
            l->n--;
            return;
        }
}

static void keys_set(struct keylist *l, int key)
{
    if (!l)
        return;
    keys_forget(l, key);   /* setting again makes it the newest, as in Open MPI */
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16, *k = realloc(l->keys, sizeof *k * (size_t)cap);
        if (!k)
            return;
        l->keys = k;
        l->cap = cap;
    }
    l->keys[l->n++] = key;
}

void seshat_attr_self_set(int key) { keys_set(&self_keys, key); }

static int set_attr(enum seshat_call_id id, int (*real)(MPI_Comm, int, void *), MPI_Comm comm,
                    int key, void *val)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(id);
    int rc = real(comm, key, val);
    if (outer && rc == MPI_SUCCESS)
        keys_set(keys_of(comm), key);
    if (outer)
        seshat_leave(id);
    return rc;
}

static int delete_attr(enum seshat_call_id id, int (*real)(MPI_Comm, int), MPI_Comm comm, int key)
{
    comm = seshat_comm_in(comm);
    int outer = seshat_enter(id);
    int rc = real(comm, key);
    if (outer && rc == MPI_SUCCESS)
        keys_forget(keys_of(comm), key);
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
 * as Open MPI does, then the program world's the same way (Open MPI
 * deletes them when it destroys the world, after MPI_COMM_SELF's). */
static void keys_delete_all(struct keylist *l, MPI_Comm comm)
{
    while (l->n > 0)
        seshat_real.Comm_delete_attr(comm, l->keys[--l->n]);
    free(l->keys);
    *l = (struct keylist){ 0 };
}

void seshat_attr_finalize(void)
{
    keys_delete_all(&self_keys, MPI_COMM_SELF);
    keys_delete_all(&world_keys, seshat_rt.app);
}

/* ---- error handlers: the program's function behind a trampoline ---- */
struct handler {
    MPI_Errhandler eh;
    void (*fn)(void);   /* MPI_Comm_errhandler_function, or Fortran's */
    int fortran;        /* then called with Fortran handles */
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
    MPI_Comm c = seshat_comm_out(*comm);
    int saved = seshat_callback_begin();
    if (h->fortran) {
        MPI_Fint fc = seshat_real.Comm_c2f(c), fcode = *code;
        ((void (*)(MPI_Fint *, MPI_Fint *))h->fn)(&fc, &fcode);
    } else
        ((MPI_Comm_errhandler_function *)h->fn)(&c, code);
    seshat_callback_end(saved);
}

int seshat_errhandler_create(void (*fn)(void), int fortran, MPI_Errhandler *eh)
{
    int rc = seshat_real.Comm_create_errhandler(trampoline, eh);
    struct handler *h;
    if (rc == MPI_SUCCESS && (h = malloc(sizeof *h))) {
        *h = (struct handler){ *eh, fn, fortran, handlers };
        handlers = h;
    }
    return rc;
}

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
{
    return seshat_errhandler_create((void (*)(void))fn, 0, eh);
}
int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
    __attribute__((alias("PMPI_Comm_create_errhandler")));

/* ---- attribute keyvals: the program's callbacks behind trampolines, so
 * that they see MPI_COMM_WORLD, never seshat's application world ---- */
struct keyval {
    int key;
    struct seshat_keyval_fns fns;
    struct keyval *next;
};
static struct keyval *keyvals;

/* A key number is reused only once Open MPI has released the old keyval
 * entirely, so the newest registration of a key is the live one. */
void seshat_keyval_register(int key, struct seshat_keyval_fns fns)
{
    struct keyval *k = malloc(sizeof *k);
    if (!k)
        return;
    *k = (struct keyval){ key, fns, keyvals };
    keyvals = k;
}

const struct seshat_keyval_fns *seshat_keyval_find(int key)
{
    for (struct keyval *k = keyvals; k; k = k->next)
        if (k->key == key)
            return &k->fns;
    return NULL;
}

static int copy_trampoline(MPI_Comm old, int key, void *extra, void *in, void *out, int *flag)
{
    const struct seshat_keyval_fns *f = seshat_keyval_find(key);
    if (!f) {
        *flag = 0;
        return MPI_SUCCESS;
    }
    int saved = seshat_callback_begin();
    int rc = ((MPI_Comm_copy_attr_function *)f->copy)(seshat_comm_out(old), key, extra, in, out,
                                                       flag);
    seshat_callback_end(saved);
    return rc;
}

static int delete_trampoline(MPI_Comm comm, int key, void *val, void *extra)
{
    const struct seshat_keyval_fns *f = seshat_keyval_find(key);
    if (!f)
        return MPI_SUCCESS;
    int saved = seshat_callback_begin();
    int rc = ((MPI_Comm_delete_attr_function *)f->del)(seshat_comm_out(comm), key, val, extra);
    seshat_callback_end(saved);
    return rc;
}

/* MPI_Copy_function and MPI_Delete_function are the same types. */
_Static_assert(__builtin_types_compatible_p(MPI_Copy_function, MPI_Comm_copy_attr_function),
               "MPI-1 and MPI-2 copy callbacks differ");
_Static_assert(__builtin_types_compatible_p(MPI_Delete_function, MPI_Comm_delete_attr_function),
               "MPI-1 and MPI-2 delete callbacks differ");

static int create_keyval(int (*real)(MPI_Comm_copy_attr_function *, MPI_Comm_delete_attr_function *,
                                     int *, void *),
                         MPI_Comm_copy_attr_function *copy, MPI_Comm_delete_attr_function *del,
                         int *key, void *extra)
{
    int rc = real(copy_trampoline, delete_trampoline, key, extra);
    if (rc == MPI_SUCCESS)
        seshat_keyval_register(*key, (struct seshat_keyval_fns){ (void (*)(void))copy,
                                                                (void (*)(void))del });
    return rc;
}

int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *copy, MPI_Comm_delete_attr_function *del,
                            int *key, void *extra)
{
    return create_keyval(seshat_real.Comm_create_keyval, copy, del, key, extra);
}
int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function *copy, MPI_Comm_delete_attr_function *del,
                           int *key, void *extra) __attribute__((alias("PMPI_Comm_create_keyval")));

int PMPI_Keyval_create(MPI_Copy_function *copy, MPI_Delete_function *del, int *key, void *extra)
{
    return create_keyval(seshat_real.Keyval_create, copy, del, key, extra);
}
int MPI_Keyval_create(MPI_Copy_function *copy, MPI_Delete_function *del, int *key, void *extra)
    __attribute__((alias("PMPI_Keyval_create")));

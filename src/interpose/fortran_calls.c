/* fortran_calls.c - the Fortran entry points that Open MPI's bindings do
 * not route through the C API. Most Fortran bindings (mpif.h, `use mpi`,
 * `use mpi_f08`) call PMPI_X and so meet seshat's C wrappers; these do
 * not: attribute set/get (straight to the attribute store, so on the real
 * MPI_COMM_WORLD instead of seshat's application world), keyval and error
 * handler creation (the program's callbacks would see seshat's world).
 * Each is defined here in every mangling Open MPI exports, translates the
 * world's handle and calls the binding it replaces (dlsym RTLD_NEXT). */
#include <dlfcn.h>
#include <stddef.h>

#include "common/log.h"
#include "interpose/interpose.h"

typedef void seshat_fproc(void);   /* a Fortran procedure, passed by address */

/* The binding of one of the names below, from the next library. */
static void *next_binding(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (!p)
        seshat_warn("%s: Open MPI's Fortran binding not found", name);
    return p;
}

/* The program's MPI_COMM_WORLD (Fortran handle) is seshat's application
 * world, but for the predefined attributes, which live on the real one. */
static MPI_Fint fcomm_in(MPI_Fint c, int key)
{
    int predefined = key == MPI_TAG_UB || key == MPI_HOST || key == MPI_IO ||
                     key == MPI_WTIME_IS_GLOBAL || key == MPI_UNIVERSE_SIZE ||
                     key == MPI_APPNUM || key == MPI_LASTUSEDCODE;
    if (!seshat_active || predefined || c != seshat_real.Comm_c2f(MPI_COMM_WORLD))
        return c;
    return seshat_real.Comm_c2f(seshat_rt.app);
}

static MPI_Fint fcomm_out(MPI_Fint c)
{
    if (!seshat_active || c != seshat_real.Comm_c2f(seshat_rt.app))
        return c;
    return seshat_real.Comm_c2f(MPI_COMM_WORLD);
}

/* ---- attributes: set and get on the translated communicator ---- */
typedef void set_fn(MPI_Fint *, MPI_Fint *, void *, MPI_Fint *);
typedef void get_fn(MPI_Fint *, MPI_Fint *, void *, MPI_Fint *, MPI_Fint *);

static void set_attr(const char *name, enum seshat_call_id id, MPI_Fint *comm, MPI_Fint *key,
                     void *val, MPI_Fint *ierr)
{
    set_fn *real = (set_fn *)next_binding(name);
    MPI_Fint c = fcomm_in(*comm, *key), rc = MPI_ERR_INTERN;
    int outer = seshat_enter(id);
    if (real)
        real(&c, key, val, &rc);
    if (outer && rc == MPI_SUCCESS && c == seshat_real.Comm_c2f(MPI_COMM_SELF))
        seshat_attr_self_set(*key);
    if (outer)
        seshat_leave(id);
    if (ierr)   /* optional in mpi_f08 */
        *ierr = rc;
}

static void get_attr(const char *name, enum seshat_call_id id, MPI_Fint *comm, MPI_Fint *key,
                     void *val, MPI_Fint *flag, MPI_Fint *ierr)
{
    get_fn *real = (get_fn *)next_binding(name);
    MPI_Fint c = fcomm_in(*comm, *key), rc = MPI_ERR_INTERN;
    int outer = seshat_enter(id);
    if (real)
        real(&c, key, val, flag, &rc);
    if (outer)
        seshat_leave(id);
    if (ierr)
        *ierr = rc;
}

static void comm_set_attr(MPI_Fint *comm, MPI_Fint *key, MPI_Aint *val, MPI_Fint *ierr)
{
    set_attr("pmpi_comm_set_attr_", SESHAT_CALL_Comm_set_attr, comm, key, val, ierr);
}
static void attr_put(MPI_Fint *comm, MPI_Fint *key, MPI_Fint *val, MPI_Fint *ierr)
{
    set_attr("pmpi_attr_put_", SESHAT_CALL_Attr_put, comm, key, val, ierr);
}
static void comm_get_attr(MPI_Fint *comm, MPI_Fint *key, MPI_Aint *val, MPI_Fint *flag,
                          MPI_Fint *ierr)
{
    get_attr("pmpi_comm_get_attr_", SESHAT_CALL_Comm_get_attr, comm, key, val, flag, ierr);
}
static void attr_get(MPI_Fint *comm, MPI_Fint *key, MPI_Fint *val, MPI_Fint *flag, MPI_Fint *ierr)
{
    get_attr("pmpi_attr_get_", SESHAT_CALL_Attr_get, comm, key, val, flag, ierr);
}

/* ---- keyvals: Fortran callbacks behind Fortran-callable trampolines.
 * Every argument is by reference, so one pair serves MPI-1 (INTEGER) and
 * MPI-2 (INTEGER(KIND=MPI_ADDRESS_KIND)) keyvals alike. ---- */
typedef void fcopy_fn(MPI_Fint *, MPI_Fint *, void *, void *, void *, MPI_Fint *, MPI_Fint *);
typedef void fdelete_fn(MPI_Fint *, MPI_Fint *, void *, void *, MPI_Fint *);

static void fcopy_trampoline(MPI_Fint *old, MPI_Fint *key, void *extra, void *in, void *out,
                             MPI_Fint *flag, MPI_Fint *ierr)
{
    const struct seshat_keyval_fns *f = seshat_keyval_find(*key);
    MPI_Fint c = fcomm_out(*old);
    if (f) {
        int saved = seshat_callback_begin();
        ((fcopy_fn *)f->copy)(&c, key, extra, in, out, flag, ierr);
        seshat_callback_end(saved);
    } else {
        *flag = 0;
        *ierr = MPI_SUCCESS;
    }
}

static void fdelete_trampoline(MPI_Fint *comm, MPI_Fint *key, void *val, void *extra,
                               MPI_Fint *ierr)
{
    const struct seshat_keyval_fns *f = seshat_keyval_find(*key);
    MPI_Fint c = fcomm_out(*comm);
    if (f) {
        int saved = seshat_callback_begin();
        ((fdelete_fn *)f->del)(&c, key, val, extra, ierr);
        seshat_callback_end(saved);
    } else
        *ierr = MPI_SUCCESS;
}

typedef void fkeyval_fn(seshat_fproc *, seshat_fproc *, MPI_Fint *, void *, MPI_Fint *);

static void create_keyval(const char *name, seshat_fproc *copy, seshat_fproc *del, MPI_Fint *key,
                          void *extra, MPI_Fint *ierr)
{
    fkeyval_fn *real = (fkeyval_fn *)next_binding(name);
    MPI_Fint rc = MPI_ERR_INTERN;
    if (real)
        real((seshat_fproc *)fcopy_trampoline, (seshat_fproc *)fdelete_trampoline, key, extra, &rc);
    if (rc == MPI_SUCCESS)
        seshat_keyval_register(*key, (struct seshat_keyval_fns){ copy, del });
    if (ierr)
        *ierr = rc;
}

static void comm_create_keyval(seshat_fproc *copy, seshat_fproc *del, MPI_Fint *key,
                               MPI_Aint *extra, MPI_Fint *ierr)
{
    create_keyval("pmpi_comm_create_keyval_", copy, del, key, extra, ierr);
}
static void keyval_create(seshat_fproc *copy, seshat_fproc *del, MPI_Fint *key, MPI_Fint *extra,
                          MPI_Fint *ierr)
{
    create_keyval("pmpi_keyval_create_", copy, del, key, extra, ierr);
}

/* ---- error handlers: seshat's C trampoline calls the subroutine ---- */
static void comm_create_errhandler(seshat_fproc *fn, MPI_Fint *eh, MPI_Fint *ierr)
{
    MPI_Errhandler ceh;
    int rc = seshat_errhandler_create(fn, 1, &ceh);
    if (rc == MPI_SUCCESS)
        *eh = seshat_real.Errhandler_c2f(ceh);
    if (ierr)
        *ierr = rc;
}

/* Every name Open MPI's mpif.h bindings export for a call, and the
 * mpi_f08 module's (whose optional ierror may be absent: NULL). */
#define SESHAT_FALIAS(impl, name) __typeof__(impl) name SESHAT_EXPORT __attribute__((alias(#impl)))
#define SESHAT_FORTRAN_NAMES(impl, lo, UP)                                                  \
    SESHAT_FALIAS(impl, UP); SESHAT_FALIAS(impl, lo);                                       \
    SESHAT_FALIAS(impl, lo##_); SESHAT_FALIAS(impl, lo##__);                                \
    SESHAT_FALIAS(impl, P##UP); SESHAT_FALIAS(impl, p##lo);                                 \
    SESHAT_FALIAS(impl, p##lo##_); SESHAT_FALIAS(impl, p##lo##__)
#define SESHAT_F08_NAMES(impl, lo)                                                          \
    SESHAT_FALIAS(impl, lo##_f08_); SESHAT_FALIAS(impl, p##lo##_f08_)

SESHAT_FORTRAN_NAMES(comm_set_attr, mpi_comm_set_attr, MPI_COMM_SET_ATTR);
SESHAT_FORTRAN_NAMES(comm_get_attr, mpi_comm_get_attr, MPI_COMM_GET_ATTR);
SESHAT_FORTRAN_NAMES(attr_put, mpi_attr_put, MPI_ATTR_PUT);
SESHAT_FORTRAN_NAMES(attr_get, mpi_attr_get, MPI_ATTR_GET);
SESHAT_FORTRAN_NAMES(comm_create_keyval, mpi_comm_create_keyval, MPI_COMM_CREATE_KEYVAL);
SESHAT_FORTRAN_NAMES(keyval_create, mpi_keyval_create, MPI_KEYVAL_CREATE);
SESHAT_FORTRAN_NAMES(comm_create_errhandler, mpi_comm_create_errhandler, MPI_COMM_CREATE_ERRHANDLER);
SESHAT_FORTRAN_NAMES(comm_create_errhandler, mpi_errhandler_create, MPI_ERRHANDLER_CREATE);
/* (mpi_f08's get_attr calls pmpi_comm_get_attr_, caught above) */
SESHAT_F08_NAMES(comm_set_attr, mpi_comm_set_attr);
SESHAT_F08_NAMES(comm_create_keyval, mpi_comm_create_keyval);
SESHAT_F08_NAMES(comm_create_errhandler, mpi_comm_create_errhandler);

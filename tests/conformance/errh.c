/* conformance-np: 2 (ranks tests/mpi/run_conformance.sh starts) */
/* errh.c - MPI-3.1 chapter 8.3 (error handling): a handler attached to a
 * communicator is called with that communicator (the program's world is
 * MPI_COMM_WORLD), error classes and strings read as natively, and
 * MPI_ERRORS_RETURN returns. */
#include "conf.h"

static MPI_Comm dup;
static int calls;

static void handler(MPI_Comm *comm, int *code, ...)
{
    int cls, len, result = -1;
    char msg[MPI_MAX_ERROR_STRING];
    calls++;
    MPI_Error_class(*code, &cls);
    MPI_Error_string(*code, msg, &len);
    if (*comm != MPI_COMM_NULL)
        MPI_Comm_compare(*comm, dup, &result);
    out("handler %d: world %d dup %d congruent-to-dup %d class %d", calls, *comm == MPI_COMM_WORLD,
        *comm == dup, result == MPI_CONGRUENT, cls);
}

int main(int argc, char **argv)
{
    int size, v = 1;
    conf_init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Errhandler eh, got;
    MPI_Comm_create_errhandler(handler, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Comm_set_errhandler(dup, eh);
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &got);
    out("get_errhandler world is ours %d", got == eh);
    MPI_Errhandler_free(&got);
    int rc = MPI_Send(&v, 1, MPI_INT, size + 3, 0, MPI_COMM_WORLD);   /* invalid rank */
    out("send to bad rank on world: error %d", rc != MPI_SUCCESS);
    rc = MPI_Send(&v, 1, MPI_INT, 0, -5, dup);                          /* invalid tag */
    out("send with bad tag on dup: error %d", rc != MPI_SUCCESS);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER);
    MPI_Comm_call_errhandler(dup, MPI_ERR_ARG);
    rc = MPI_Bcast(&v, 1, MPI_INT, size + 1, MPI_COMM_WORLD);           /* invalid root */
    out("bcast with bad root: error %d", rc != MPI_SUCCESS);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Recv(&v, 1, MPI_INT, size + 7, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int cls;
    MPI_Error_class(rc, &cls);
    out("errors_return recv: class %d handler calls %d", cls, calls);
    /* user-defined error classes and codes */
    int myclass, mycode, len;
    char msg[MPI_MAX_ERROR_STRING];
    MPI_Add_error_class(&myclass);
    MPI_Add_error_code(myclass, &mycode);
    MPI_Add_error_string(mycode, "conformance error");
    MPI_Error_string(mycode, msg, &len);
    MPI_Error_class(mycode, &cls);
    out("user code string '%s' class matches %d", msg, cls == myclass);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&eh);
    MPI_Comm_free(&dup);
    conf_done();
    return 0;
}

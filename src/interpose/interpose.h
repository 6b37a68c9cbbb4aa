/* interpose.h - what every wrapper needs: the re-entry guard, the clock
 * brackets and the world substitution. Wrappers define PMPI_X (so Fortran
 * bindings, which call PMPI_X, are caught too) and alias MPI_X to it; the
 * real call is reached through seshat_real (dlsym RTLD_NEXT). */
#ifndef SESHAT_INTERPOSE_H
#define SESHAT_INTERPOSE_H

#include "mpi/calls.h"
#include "rank/core.h"
#include "rank/idle.h"
#include "rank/profile.h"
#include "rank/sampler.h"
#include "trace/trace.h"

/* The library builds with -fvisibility=hidden and exports.map keeps only
 * MPI names: the C wrappers are visible through mpi.h's declarations
 * (OMPI_DECLSPEC); names mpi.h does not declare (the Fortran bindings)
 * carry SESHAT_EXPORT. tests/tools/exports.py checks the result. */
#define SESHAT_EXPORT __attribute__((visibility("default")))

/* MPI_Pcontrol level: "compute for the double seconds that follow". */
#define SESHAT_PCONTROL_COMPUTE 5309

/* The wrappers' guard (guard.c). Non-zero while an application call is
 * inside seshat: calls that libmpi or ROMIO make from there pass straight
 * through, uncounted. */
extern _Thread_local int seshat_depth;
/* Set between a successful seshat start in MPI_Init and MPI_Finalize. */
extern int seshat_active;
/* Set once MPI_Finalize has told the model: callbacks from then on (the
 * world's last attributes) pass through like library calls. */
extern int seshat_stopping;

void seshat_warn_unmodeled(enum seshat_call_id id);

/* The program's MPI_COMM_WORLD is seshat's application communicator. */
static inline MPI_Comm seshat_comm_in(MPI_Comm c)
{
    return (c == MPI_COMM_WORLD && seshat_active) ? seshat_rt.app : c;
}

/* ... and the other way: what the program's callbacks are shown. */
static inline MPI_Comm seshat_comm_out(MPI_Comm c)
{
    return (seshat_active && c == seshat_rt.app) ? MPI_COMM_WORLD : c;
}

/* Returns 1 if this is an outermost application call (then the caller
 * must call seshat_leave), 0 to pass straight through. */
/* Always inlined so that the return address is the program's call site. */
__attribute__((always_inline)) static inline int seshat_enter(enum seshat_call_id id)
{
    if (!seshat_active || seshat_depth)
        return 0;
    seshat_depth = 1;
    seshat_clock_enter();
    if (seshat_tracing) {
        const seshat_sample_set *s = seshat_sampler_samples();
        if (s && s->n)   /* the compute interval that just ended */
            seshat_trace_samples(s->path, s->count, s->n, seshat_clock_now());
        seshat_trace_enter(id, seshat_clock_now(), __builtin_return_address(0));
    }
    if (seshat_profiling)
        seshat_profile_enter(id, seshat_clock_now(), __builtin_return_address(0));
    if (seshat_call_unmodeled[id])
        seshat_warn_unmodeled(id);
    return 1;
}

static inline void seshat_leave(enum seshat_call_id id)
{
    if (seshat_tracing)
        seshat_trace_exit(id, seshat_clock_now());
    if (seshat_profiling)
        seshat_profile_exit(seshat_clock_now());
    if (seshat_watch_dirty)
        seshat_watch_leave();
    seshat_idle_leave();   /* wake the peers this call owes a wake */
    seshat_clock_leave();
    seshat_depth = 0;
}

/* The program's own code called from inside an MPI call (an attribute
 * callback, an error handler, a generalized request's callback): its MPI
 * calls are program calls (counted, timed, a communicator it frees is
 * forgotten), and the time it runs is compute. seshat_callback_begin
 * returns what seshat_callback_end restores. No-op outside a wrapper, and
 * after seshat has stopped (MPI_Finalize's last steps). */
static inline int seshat_callback_begin(void)
{
    int saved = seshat_depth;
    if (saved && seshat_active && !seshat_stopping) {
        seshat_clock_leave();
        seshat_depth = 0;
        return saved;
    }
    return 0;
}

static inline void seshat_callback_end(int saved)
{
    if (!saved)
        return;
    seshat_clock_enter();
    seshat_depth = saved;
}

/* In MPI_Init on application ranks: the program's own clocks turn
 * virtual on this thread (clock_calls.c). */
void seshat_vclock_begin(void);

/* In MPI_Init, once the wrappers are live: time what a compute interval
 * costs seshat (clock_calib.c). */
void seshat_clock_compensate(void);

/* MPI_Finalize: delete MPI_COMM_SELF's attributes as Open MPI would. */
void seshat_attr_finalize(void);
/* An attribute was set on MPI_COMM_SELF (it is now the newest). */
void seshat_attr_self_set(int key);

/* The program's error handler (an MPI_Comm_errhandler_function, or a
 * Fortran subroutine taking handles) behind seshat's trampoline. */
int seshat_errhandler_create(void (*fn)(void), int fortran, MPI_Errhandler *eh);
/* The program's attribute callbacks of a keyval (C or Fortran: the
 * trampolines of the keyval's language know their types). */
struct seshat_keyval_fns {
    void (*copy)(void);
    void (*del)(void);
};
void seshat_keyval_register(int key, struct seshat_keyval_fns fns);
const struct seshat_keyval_fns *seshat_keyval_find(int key);

/* A wrapped call created a communicator: register it (collective). */
void seshat_comm_created(enum seshat_call_id call, MPI_Comm c);
/* Before a call that creates a communicator from comm: its members
 * synchronize first, so that the real call cannot wait for a member that
 * never comes: through the model under contention (coll.h), in a barrier
 * the watchdog sees when it is on (naming the call), not at all otherwise. */
void seshat_comm_sync(enum seshat_call_id call, MPI_Comm comm);
/* MPI_Comm_create_group: under contention its group, which only its
 * members call, synchronizes through the model (promises.h). */
void seshat_comm_sync_group(MPI_Comm comm, MPI_Group group, int tag);
/* Before an unmodeled call every member of comm makes (calls.spec
 * `collective`): seshat_comm_sync. One on a window's or a file's group:
 * under contention the same for that group (no barrier for the watchdog:
 * no communicator to meet on). */
void seshat_win_sync(MPI_Win win);
void seshat_file_sync(MPI_File fh);

/* Whether a completion call that returned rc completed the request it
 * names (`after`: the handle the call left). A failed operation is still
 * complete: Open MPI frees it (MPI_REQUEST_NULL) or, persistent, leaves it
 * inactive; a truncated receive used up its message. seshat must match,
 * charge and forget it as if it had succeeded, or its envelope and record
 * stay behind for a later receive to take. */
static inline int seshat_matched(int rc) { return rc == MPI_SUCCESS || rc == MPI_ERR_TRUNCATE; }
static inline int seshat_completed(int rc, MPI_Request after)
{
    return seshat_matched(rc) || after == MPI_REQUEST_NULL;
}

/* Bytes in count elements of type. */
static inline int64_t seshat_bytes(int count, MPI_Datatype type)
{
    int size = 0;
    if (type != MPI_DATATYPE_NULL)
        seshat_real.Type_size(type, &size);
    return (int64_t)count * size;
}

#endif

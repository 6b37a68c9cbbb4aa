/* yield_calls.c - sched_yield, exported by the preloaded library beside
 * the MPI names (tests/tools/exports.py names it): Open MPI's progress
 * loop yields on every empty pass when the node is oversubscribed, which
 * keeps an idle rank runnable, in the run queue beside the ranks that
 * have work. Inside an MPI call on the thread that calls MPI the yield
 * goes to the idle policy (rank/idle.h: spin, then nap); everywhere else
 * (the program's own yields, other threads, before MPI_Init and after
 * MPI_Finalize) it is the system call. */
#include <sys/syscall.h>
#include <unistd.h>

#include "interpose/interpose.h"
#include "rank/idle.h"

SESHAT_EXPORT int sched_yield(void)
{
    if (seshat_active && seshat_depth)
        return seshat_idle_yield();
    return (int)syscall(SYS_sched_yield);
}

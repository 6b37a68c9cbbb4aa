/* guard.c - the state every wrapper reads on entry (interpose.h): the
 * re-entry depth, whether seshat runs, and the one-time warning for calls
 * it does not model. It sits below every *_calls.c file; init_calls.c, on
 * top, sets seshat_active in MPI_Init and clears it in MPI_Finalize (and
 * seshat_stopping once it has told the model). */
#include "common/log.h"
#include "interpose/interpose.h"

_Thread_local int seshat_depth;
int seshat_active;
int seshat_stopping;

void seshat_warn_unmodeled(enum seshat_call_id id)
{
    static unsigned char warned[SESHAT_CALL_COUNT];
    if (warned[id])
        return;
    warned[id] = 1;
    seshat_warn("%s is not modeled yet: it runs for real and costs 0 virtual time",
                seshat_call_names[id]);
}

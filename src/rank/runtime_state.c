/* runtime_state.c - the runtime state every part of the rank reads
 * (core.h, struct seshat_runtime), and nothing else: it sits below all of
 * them, while runtime.c, which fills it in MPI_Init and starts every part,
 * sits on top. The path is set by seshat_runtime_start before any wrapper
 * is live (seshat_active). */
#include "rank/core.h"

struct seshat_runtime seshat_rt = { .app = MPI_COMM_NULL, .control = MPI_COMM_NULL };

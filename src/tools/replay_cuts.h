/* replay_cuts.h - seshat-replay's counterfactual: one rank's delaying
 * computation evened out (docs/analysis.md, exact counterfactuals).
 *
 * $SESHAT_REPLAY_CUTS names a plan (src/analyze/an_cf.h), and
 * $SESHAT_REPLAY_CAUSE the cause to replay: its "cut I START END EXCESS"
 * lines on this rank say that the rank computed EXCESS ns more in
 * (START, END] than the partner that waited for it. The replay removes
 * that excess from the compute gaps inside the interval, in proportion
 * to their length (the last gap takes the rounding); a gap inside
 * several intervals loses the largest of their shares. */
#ifndef SESHAT_REPLAY_CUTS_H
#define SESHAT_REPLAY_CUTS_H

#include <stdint.h>

typedef struct replay_cut {
    int64_t start, end, excess;
    int64_t total;   /* the rank's compute inside (start, end]: pass 1 */
    int64_t seen, given;
} replay_cut;

typedef struct replay_cuts {
    int n;
    replay_cut *v;
} replay_cuts;

/* This rank's intervals from the environment (none without it);
 * 0, or -1 with the reason on stderr. */
int replay_cuts_load(replay_cuts *c, int rank);
/* Pass 1: the rank computes in [from, to). */
void replay_cuts_note(replay_cuts *c, int64_t from, int64_t to);
/* Pass 2: the ns to take off the compute gap [from, to). */
int64_t replay_cuts_take(replay_cuts *c, int64_t from, int64_t to);
void replay_cuts_free(replay_cuts *c);

#endif

/* compare.h - seshat-analyze --compare A B: two runs side by side. Either
 * two traces (their analyses, seshat_analysis) or two profiles
 * (seshat-run --profile directories). Per pattern (traces), per call path
 * and per rank: A's time, B's and the difference B - A, each dimension
 * sorted by the size of the difference; written to OUT/compare.txt (also
 * printed), compare.json and compare.html, and for traces a CUBE4
 * difference, compare.cubex (time metrics B - A; counts, which CUBE
 * stores unsigned, are B's), with its figures in compare-analysis.json
 * (analysis.json's format). docs/analysis.md, Comparing two runs. */
#ifndef SESHAT_COMPARE_H
#define SESHAT_COMPARE_H

#include "analyze/analysis.h"

enum { SESHAT_CMP_NONE, SESHAT_CMP_TRACE, SESHAT_CMP_PROFILE };

/* What DIR holds: a trace (defs.ini or rank-0.sst), a profile
 * (profile.d/rank-0.tsv), or neither. */
int seshat_compare_kind(const char *dir);

/* Returns 0, or 1 after a message on stderr (an output not written). */
int seshat_compare_analyses(const seshat_analysis *a, const seshat_analysis *b, const char *name_a,
                            const char *name_b, const char *out, int quiet);

/* Returns 0, 1 (not written) or 2 (a profile unreadable). */
int seshat_compare_profiles(const char *a, const char *b, const char *out, int quiet);

#endif

/* pop_scaling.h - seshat-analyze --pop T1 T2 ...: the POP efficiencies of
 * one program traced at several rank counts, side by side. Per trace: the
 * parallel efficiency and its factors (seshat_analysis_pop), the
 * computation scalability (strong scaling: the useful computation summed
 * over the ranks at the reference, the smallest rank count, divided by
 * that at this count) and the global efficiency = parallel efficiency x
 * computation scalability (a product: the identity holds exactly). IPC
 * and instruction scalability need hardware counters, which a virtual-time
 * trace does not hold: reported as not available (null). Written to
 * OUT/pop-scaling.txt (also printed), pop-scaling.json ("pop_scaling")
 * and pop-scaling.html (the colour-coded table). docs/patterns.md, POP
 * scaling; docs/analysis.md, POP efficiency. */
#ifndef SESHAT_POP_SCALING_H
#define SESHAT_POP_SCALING_H

#include "analyze/analysis.h"

/* a[i] is the analysis of trace names[i] (any order: the columns are
 * sorted by rank count, the first smallest is the reference). Returns 0,
 * or 1 after a message on stderr (an output not written). */
int seshat_pop_scaling(const seshat_analysis *const *a, const char *const *names, int n,
                       const char *out, int quiet);

#endif

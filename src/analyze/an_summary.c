/* an_summary.c - run time, the wait states by severity with their worst
 * rank and call site, and the call sites that cost most. */
#include "analyze/an_summary.h"
#include "analyze/an_samples.h"

#include <stdlib.h>

static double s_of(int64_t ns) { return (double)ns * 1e-9; }

static int64_t total(const seshat_analysis *a, int p, int site, int rank)
{
    int64_t t = 0;
    for (int r = rank < 0 ? 0 : rank; r < (rank < 0 ? a->nranks : rank + 1); r++)
        for (int s = site < -1 ? -1 : site; s < (site < -1 ? a->nsites : site + 1); s++)
            t += seshat_analysis_inclusive(a, p, s, r);
    return t;
}

static void wait_states(FILE *f, const seshat_analysis *a, int64_t all)
{
    int order[SESHAT_NPATTERNS], n = 0;
    int64_t tot[SESHAT_NPATTERNS];
    for (int p = SESHAT_PAT_MPI + 1; p < SESHAT_NPATTERNS; p++) {
        if (!seshat_pattern_is_wait(p) || (tot[p] = total(a, p, -2, -1)) <= 0)
            continue;
        int i = n++;
        while (i > 0 && tot[order[i - 1]] < tot[p]) {
            order[i] = order[i - 1];
            i--;
        }
        order[i] = p;
    }
    fprintf(f, "wait states, by severity (%% of all ranks' time):\n");
    if (!n)
        fprintf(f, "  none\n");
    for (int i = 0; i < n; i++) {
        int p = order[i], worst_r = 0, worst_s = 0;
        for (int r = 1; r < a->nranks; r++)
            worst_r = total(a, p, -2, r) > total(a, p, -2, worst_r) ? r : worst_r;
        for (int s = 1; s < a->nsites; s++)
            worst_s = total(a, p, s, -1) > total(a, p, worst_s, -1) ? s : worst_s;
        fprintf(f, "  %-28s %12.9f s %6.2f%%  most on rank %d (%.9f s), at %s %s\n",
                seshat_pattern_infos[p].name, s_of(tot[p]), all ? 100.0 * (double)tot[p] / (double)all : 0,
                worst_r, s_of(total(a, p, -2, worst_r)), a->sites[worst_s].function,
                a->sites[worst_s].location);
    }
}

/* MPI-IO on one line, when the program did any. */
static void io_line(FILE *f, const seshat_analysis *a, int64_t all)
{
    int64_t t = total(a, SESHAT_PAT_MPI_IO, -2, -1), rd = 0, wr = 0;
    for (int r = 0; r < a->nranks; r++) {
        rd += a->io_read[r];
        wr += a->io_written[r];
    }
    if (t <= 0 && !rd && !wr && !a->nio_files)
        return;
    fprintf(f, "MPI-IO: %.9f s in file I/O (%.1f%%), %lld bytes read, %lld bytes written, %d file%s\n",
            s_of(t), all ? 100.0 * (double)t / (double)all : 0, (long long)rd, (long long)wr,
            a->nio_files, a->nio_files == 1 ? "" : "s");
}

/* The POP efficiencies on one line (docs/patterns.md). */
static void pop_line(FILE *f, const seshat_analysis *a)
{
    seshat_pop p;
    seshat_analysis_pop(a, &p);
    if (!p.defined) {
        fprintf(f, "POP: not defined: no computation outside MPI was recorded\n");
        return;
    }
    fprintf(f, "POP: parallel efficiency %.4f = load balance %.4f x communication %.4f", p.parallel,
            p.load_balance, p.communication);
    if (p.serialization >= 0)
        fprintf(f, " (= serialization %.4f x transfer %.4f)\n", p.serialization, p.transfer);
    else
        fprintf(f, " (--pop splits it into serialization x transfer)\n");
}

/* The three largest root causes of the waiting, in plain words. */
static void root_causes(FILE *f, const seshat_analysis *a)
{
    if (!a->have_delay)
        return;
    fprintf(f, "root causes:\n");
    if (!a->nroot_causes)
        fprintf(f, "  none: no rank kept another waiting\n");
    for (int i = 0; i < a->nroot_causes && i < 3; i++) {
        char line[1024];
        seshat_root_cause_words(a, i, line, sizeof line);
        fprintf(f, "  %d. %s\n", i + 1, line);
    }
}

static void top_sites(FILE *f, const seshat_analysis *a)
{
    int *idx = malloc(((size_t)a->nsites + 1) * sizeof *idx), n = a->nsites;
    int64_t *t = malloc(((size_t)a->nsites + 1) * sizeof *t);
    for (int s = 0; s < n; s++) {
        t[s] = total(a, SESHAT_PAT_MPI, s, -1);
        int i = s;
        while (i > 0 && t[idx[i - 1]] < t[s]) {
            idx[i] = idx[i - 1];
            i--;
        }
        idx[i] = s;
    }
    fprintf(f, "MPI time by call site:\n");
    for (int i = 0; i < n && i < 10; i++) {
        uint64_t v = 0;
        for (int r = 0; r < a->nranks; r++)
            v += a->visits[(size_t)idx[i] * (size_t)a->nranks + (size_t)r];
        fprintf(f, "  %12.9f s %8llu calls  %s %s\n", s_of(t[idx[i]]), (unsigned long long)v,
                a->sites[idx[i]].function, a->sites[idx[i]].location);
    }
    free(idx);
    free(t);
}

void an_summary(FILE *f, const seshat_analysis *a, const char *dir)
{
    int64_t lo = a->nranks ? a->rank_time[0] : 0, all = 0;
    for (int r = 0; r < a->nranks; r++) {
        lo = a->rank_time[r] < lo ? a->rank_time[r] : lo;
        all += a->rank_time[r];
    }
    int64_t comp = total(a, SESHAT_PAT_COMPUTATION, -2, -1), mpi = total(a, SESHAT_PAT_MPI, -2, -1);
    if (!a->complete) {
        fprintf(f, "WARNING: %s is not a whole trace: the wait states of the ranks concerned may be "
                "missing or wrong (%d problem%s):\n", dir, a->nproblems, a->nproblems > 1 ? "s" : "");
        for (int i = 0; i < a->nproblems; i++)
            fprintf(f, "WARNING:   %s\n", a->problems[i]);
    }
    fprintf(f, "seshat-analyze: %s: %d ranks, run time %.9f s (virtual; ranks end %.9f .. %.9f s)\n",
            dir, a->nranks, s_of(a->run_time), s_of(lo), s_of(a->run_time));
    fprintf(f, "time of all ranks %.9f s: computation %.9f s (%.1f%%), MPI %.9f s (%.1f%%)\n",
            s_of(all), s_of(comp), all ? 100.0 * (double)comp / (double)all : 0, s_of(mpi),
            all ? 100.0 * (double)mpi / (double)all : 0);
    int ntraced = 0;
    for (int r = 0; r < a->nranks; r++)
        ntraced += a->traced[r];
    if (ntraced < a->nranks)
        fprintf(f, "%d of %d ranks have a stream; wait states involving the others are unknown "
                "(not counted): %llu receives, %llu rendezvous sends, %llu collective calls\n",
                ntraced, a->nranks, (unsigned long long)a->unknown_recvs,
                (unsigned long long)a->unknown_sends, (unsigned long long)a->unknown_colls);
    io_line(f, a, all);
    pop_line(f, a);
    root_causes(f, a);
    wait_states(f, a, all);
    top_sites(f, a);
    if (a->have_critical_path) {
        int best = a->nsites;   /* computation row */
        for (int s = 0; s < a->nsites; s++)
            best = a->cp_imbalance[s] > a->cp_imbalance[best] ? s : best;
        const an_spath *top = a->samples ? an_samples_top(a->samples) : NULL;
        fprintf(f, "critical path: computation %.9f s, MPI %.9f s; largest imbalance %.9f s at %s%s%s%s%s%s\n",
                s_of(a->critical_path[a->nsites]), s_of(a->run_time - a->critical_path[a->nsites]),
                s_of(a->cp_imbalance[best]), best == a->nsites ? "computation" : a->sites[best].function,
                best == a->nsites ? "" : " ", best == a->nsites ? "" : a->sites[best].location,
                /* computation: the sampled call path holding most of it */
                best == a->nsites && top ? " (mostly in " : "",
                best == a->nsites && top ? top->path : "", best == a->nsites && top ? ")" : "");
    }
    if (a->have_whatif)
        fprintf(f, "what-if %s: predicted run time %.9f s (recorded %.9f s)\n", a->whatif_model,
                s_of(a->whatif_time), s_of(a->run_time));
}

/* json_writer.c - TRACEDIR/analysis.json (schema in docs/analysis.md).
 * Seconds are printed from integer nanoseconds with 9 decimals, so the
 * file is the same byte for byte however the analysis was distributed. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/json_str.h"
#include "analyze/an_samples.h"
#include "analyze/analysis.h"
#include "analyze/markup.h"
#include "common/safe_write.h"

static void secs(FILE *f, int64_t ns)
{
    fprintf(f, "%s%lld.%09lld", ns < 0 ? "-" : "", (long long)(ns < 0 ? -ns : ns) / 1000000000,
            (long long)(ns < 0 ? -ns : ns) % 1000000000);
}

static int64_t pattern_total(const seshat_analysis *a, int p, int rank)
{
    int64_t t = 0;
    for (int s = -1; s < a->nsites; s++)
        t += seshat_analysis_inclusive(a, p, s, rank);
    return t;
}

/* Pattern p's total and per-rank values: `"total": T, "per_rank": [...]}`. */
static void totals(FILE *f, const seshat_analysis *a, int p)
{
    int64_t total = 0;
    for (int r = 0; r < a->nranks; r++)
        total += pattern_total(a, p, r);
    fputs("\"total\": ", f);
    secs(f, total);
    fputs(", \"per_rank\": [", f);
    for (int r = 0; r < a->nranks; r++) {
        fputs(r ? ", " : "", f);
        secs(f, pattern_total(a, p, r));
    }
    fputs("]}", f);
}

static void patterns(FILE *f, const seshat_analysis *a)
{
    fputs("  \"patterns\": {\n", f);
    for (int p = 0; p < SESHAT_NPATTERNS; p++) {
        const seshat_pattern_info *in = &seshat_pattern_infos[p];
        fprintf(f, "    \"%s\": {\"display\": ", in->name);
        seshat_json_str(f, in->display);
        fprintf(f, ", \"parent\": ");
        if (in->parent < 0)
            fputs("null", f);
        else
            seshat_json_str(f, seshat_pattern_infos[in->parent].name);
        fputs(", ", f);
        totals(f, a, p);
        fputs(p + 1 < SESHAT_NPATTERNS ? ",\n" : "\n", f);
    }
    fputs("  },\n", f);
}

static void callsites(FILE *f, const seshat_analysis *a)
{
    fputs("  \"callsites\": [\n", f);
    for (int s = 0; s < a->nsites; s++) {
        uint64_t visits = 0;
        int64_t time = 0;
        for (int r = 0; r < a->nranks; r++) {
            visits += a->visits[(size_t)s * (size_t)a->nranks + (size_t)r];
            time += seshat_analysis_inclusive(a, SESHAT_PAT_MPI, s, r);
        }
        fprintf(f, "    {\"id\": %d, \"function\": ", s);
        seshat_json_str(f, a->sites[s].function);
        fputs(", \"location\": ", f);
        seshat_json_str(f, a->sites[s].location);
        fputs(", \"callers\": ", f);
        seshat_json_str(f, a->sites[s].callers ? a->sites[s].callers : "");
        fprintf(f, ", \"visits\": %llu, \"time\": ", (unsigned long long)visits);
        secs(f, time);
        fputs(", \"patterns\": {", f);
        int first = 1;
        for (int p = SESHAT_PAT_MPI + 1; p < SESHAT_NPATTERNS; p++) {
            int64_t v = 0;
            for (int r = 0; r < a->nranks; r++)
                v += *seshat_sev(a, p, s, r);
            if (!v)
                continue;
            fprintf(f, "%s\"%s\": ", first ? "" : ", ", seshat_pattern_infos[p].name);
            secs(f, v);
            first = 0;
        }
        fprintf(f, "}}%s\n", s + 1 < a->nsites ? "," : "");
    }
    fputs("  ],\n", f);
}

/* Time and visits per MPI function, summed over its call sites. */
static void functions(FILE *f, const seshat_analysis *a)
{
    fputs("  \"functions\": {", f);
    int first = 1;
    for (int s = 0; s < a->nsites; s++) {
        int seen = 0;
        for (int t = 0; t < s && !seen; t++)
            seen = !strcmp(a->sites[t].function, a->sites[s].function);
        if (seen)
            continue;
        uint64_t visits = 0;
        int64_t time = 0;
        for (int t = s; t < a->nsites; t++) {
            if (strcmp(a->sites[t].function, a->sites[s].function))
                continue;
            for (int r = 0; r < a->nranks; r++) {
                visits += a->visits[(size_t)t * (size_t)a->nranks + (size_t)r];
                time += seshat_analysis_inclusive(a, SESHAT_PAT_MPI, t, r);
            }
        }
        fprintf(f, "%s\n    ", first ? "" : ",");
        seshat_json_str(f, a->sites[s].function);
        fprintf(f, ": {\"visits\": %llu, \"time\": ", (unsigned long long)visits);
        secs(f, time);
        fputc('}', f);
        first = 0;
    }
    fputs("\n  },\n", f);
}

static void matrix(FILE *f, const char *name, const uint64_t *m, int n)
{
    fprintf(f, "    \"%s\": [", name);
    for (int i = 0; i < n; i++) {
        fputs(i ? ",\n      [" : "\n      [", f);
        for (int j = 0; j < n; j++)
            fprintf(f, "%s%llu", j ? ", " : "", (unsigned long long)m[(size_t)i * n + j]);
        fputc(']', f);
    }
    fputs("]", f);
}

static void messages(FILE *f, const seshat_analysis *a)
{
    uint64_t count = 0, bytes = 0;
    for (size_t i = 0; i < (size_t)a->nranks * (size_t)a->nranks; i++) {
        count += a->msg_count[i];
        bytes += a->msg_bytes[i];
    }
    fprintf(f, "  \"messages\": {\n    \"count\": %llu, \"bytes\": %llu,\n",
            (unsigned long long)count, (unsigned long long)bytes);
    matrix(f, "matrix_count", a->msg_count, a->nranks);
    fputs(",\n", f);
    matrix(f, "matrix_bytes", a->msg_bytes, a->nranks);
    fputs(",\n    \"size_histogram\": [", f);
    for (int b = 0, first = 1; b < SESHAT_SIZE_BUCKETS; b++) {
        if (!a->size_hist[b])
            continue;
        unsigned long long lo = b ? 1ull << (b - 1) : 0, hi = b ? (1ull << b) - 1 : 0;
        fprintf(f, "%s{\"from\": %llu, \"to\": %llu, \"count\": %llu}", first ? "" : ", ", lo, hi,
                (unsigned long long)a->size_hist[b]);
        first = 0;
    }
    fputs("]\n  },\n", f);
}

/* MPI-IO: time in MPI_File_* calls (the mpi_io pattern), bytes per rank,
 * per file (docs/analysis.md). */
static void io_counts(FILE *f, const char *name, const int64_t *v, int n)
{
    int64_t total = 0;
    for (int r = 0; r < n; r++)
        total += v[r];
    fprintf(f, "    \"%s\": {\"total\": %lld, \"per_rank\": [", name, (long long)total);
    for (int r = 0; r < n; r++)
        fprintf(f, "%s%lld", r ? ", " : "", (long long)v[r]);
    fputs("]},\n", f);
}

static void io(FILE *f, const seshat_analysis *a)
{
    fputs("  \"io\": {\n    \"time\": {", f);
    totals(f, a, SESHAT_PAT_MPI_IO);
    fputs(",\n", f);
    io_counts(f, "bytes_read", a->io_read, a->nranks);
    io_counts(f, "bytes_written", a->io_written, a->nranks);
    fputs("    \"files\": [", f);
    for (int i = 0; i < a->nio_files; i++) {
        const seshat_io_file *x = &a->io_files[i];
        fputs(i ? ",\n      {\"name\": " : "\n      {\"name\": ", f);
        seshat_json_str(f, x->name);
        fputs(", \"time\": ", f);
        secs(f, x->ns);
        fprintf(f, ", \"bytes_read\": %lld, \"bytes_written\": %lld}", (long long)x->bytes_read,
                (long long)x->bytes_written);
    }
    fputs("]\n  },\n", f);
}

static void per_site_list(FILE *f, const char *name, const seshat_analysis *a, const int64_t *v)
{
    fprintf(f, "    \"%s\": [", name);
    for (int s = 0; s <= a->nsites; s++) {
        fputs(s ? ", " : "", f);
        secs(f, v[s]);
    }
    fputs("]", f);
}

/* The longest single waits (the report lists and draws them). */
static void top_waits(FILE *f, const seshat_analysis *a)
{
    fputs("  \"top_waits\": [", f);
    for (int i = 0; i < a->ntop_waits; i++) {
        const seshat_wait *w = &a->top_waits[i];
        fprintf(f, "%s{\"rank\": %d, \"cause_rank\": %d, \"from\": ", i ? ",\n    " : "\n    ",
                w->rank, w->cause_rank);
        secs(f, w->from);
        fputs(", \"to\": ", f);
        secs(f, w->to);
        fputs(", \"seconds\": ", f);
        secs(f, w->to - w->from);
        fputs("}", f);
    }
    fputs(a->ntop_waits ? "\n  ],\n" : "],\n", f);
}

static void extras(FILE *f, const seshat_analysis *a)
{
    top_waits(f, a);
    fputs("  \"critical_path\": ", f);
    if (!a->have_critical_path) {
        fputs("null,\n", f);
    } else {
        fputs("{\n", f);
        per_site_list(f, "per_callsite", a, a->critical_path);
        fputs(",\n", f);
        per_site_list(f, "imbalance_per_callsite", a, a->cp_imbalance);
        fputs("\n  },\n", f);
    }
    fputs("  \"whatif\": ", f);
    if (!a->have_whatif) {
        fputs("null\n", f);
        return;
    }
    fputs("{\"model\": ", f);
    seshat_json_str(f, a->whatif_model ? a->whatif_model : "");
    fputs(", \"run_time\": ", f);
    secs(f, a->whatif_time);
    fputs(", \"rank_time\": [", f);
    for (int r = 0; r < a->nranks; r++) {
        fputs(r ? ", " : "", f);
        secs(f, a->whatif_rank_time[r]);
    }
    fputs("]}\n", f);
}

/* Root causes (delay costs, docs/patterns.md): the largest first, then
 * every delay metric with its values per rank and per call site. */
static void delays(FILE *f, const seshat_analysis *a)
{
    if (!a->have_delay) {
        fputs("  \"root_causes\": null,\n  \"delay_costs\": null,\n", f);
        return;
    }
    fputs("  \"root_causes\": [", f);
    for (int i = 0; i < a->nroot_causes; i++) {
        const seshat_root_cause *c = &a->root_causes[i];
        fprintf(f, "%s{\"rank\": %d, \"location\": ", i ? ",\n    " : "\n    ", c->rank);
        seshat_json_str(f, seshat_root_cause_location(a, c));
        fputs(", \"callers\": ", f);
        seshat_json_str(f, seshat_root_cause_callers(a, c));
        if (c->site < 0 && c->path >= 0)   /* where the call path was sampled */
            fputs(c->in_interval ? ", \"sampled\": \"delaying intervals\""
                                 : ", \"sampled\": \"rank\"", f);
        fputs(", \"kind\": ", f);
        seshat_json_str(f, c->site < 0 ? "computation" : a->sites[c->site].function);
        fputs(", \"cost\": ", f);
        secs(f, c->direct + c->propagated);
        fputs(", \"direct\": ", f);
        secs(f, c->direct);
        fputs(", \"propagated\": ", f);
        secs(f, c->propagated);
        fputs(", \"saved\": ", f);   /* measured by a counterfactual replay, or null */
        if (c->saved >= 0)
            secs(f, c->saved);
        else
            fputs("null", f);
        fputs("}", f);
    }
    fputs(a->nroot_causes ? "\n  ],\n  \"delay_costs\": {\n" : "],\n  \"delay_costs\": {\n", f);
    for (int m = 0; m < SESHAT_NDELAYS; m++) {
        const seshat_delay_info *in = &seshat_delay_infos[m];
        int64_t total = 0;
        for (int s = -1; s < a->nsites; s++)
            for (int r = 0; r < a->nranks; r++)
                total += seshat_delay_inclusive(a, m, s, r);
        fprintf(f, "    \"%s\": {\"display\": ", in->name);
        seshat_json_str(f, in->display);
        fputs(", \"parent\": ", f);
        if (in->parent < 0)
            fputs("null", f);
        else
            seshat_json_str(f, seshat_delay_infos[in->parent].name);
        fputs(", \"total\": ", f);
        secs(f, total);
        fputs(", \"per_rank\": [", f);
        for (int r = 0; r < a->nranks; r++) {
            int64_t v = 0;
            for (int s = -1; s < a->nsites; s++)
                v += seshat_delay_inclusive(a, m, s, r);
            fputs(r ? ", " : "", f);
            secs(f, v);
        }
        fputs("], \"per_callsite\": [", f);
        for (int s = 0; s <= a->nsites; s++) {   /* the last one: computation */
            int64_t v = 0;
            for (int r = 0; r < a->nranks; r++)
                v += seshat_delay_inclusive(a, m, s < a->nsites ? s : -1, r);
            fputs(s ? ", " : "", f);
            secs(f, v);
        }
        fprintf(f, "]}%s\n", m + 1 < SESHAT_NDELAYS ? "," : "");
    }
    fputs("  },\n", f);
}

/* The POP efficiencies (docs/patterns.md), null when not defined, with 17 digits so that the
 * products PE = LB x CommE and CommE = SerE x TE hold on reading. */
static void pop(FILE *f, const seshat_analysis *a)
{
    seshat_pop p;
    seshat_analysis_pop(a, &p);
    if (!p.defined) {   /* no computation recorded (clock = none without compute) */
        fputs("  \"pop\": null,\n", f);
        return;
    }
    fprintf(f, "  \"pop\": {\"parallel_efficiency\": %.17g, \"load_balance\": %.17g, "
            "\"communication_efficiency\": %.17g, ", p.parallel, p.load_balance, p.communication);
    if (p.serialization < 0)
        fputs("\"serialization_efficiency\": null, \"transfer_efficiency\": null, "
              "\"ideal_run_time\": null", f);
    else {
        fprintf(f, "\"serialization_efficiency\": %.17g, \"transfer_efficiency\": %.17g, "
                "\"ideal_run_time\": ", p.serialization, p.transfer);
        secs(f, a->ideal_time);
    }
    fputs(", \"useful_max\": ", f);
    secs(f, p.useful_max);
    fputs(", \"useful_mean\": ", f);
    fprintf(f, "%.17g},\n", a->nranks ? 1e-9 * (double)p.useful_sum / a->nranks : 0.0);
}

/* Whole or not, and why; which ranks' streams were read. */
static void completeness(FILE *f, const seshat_analysis *a)
{
    fprintf(f, "  \"complete\": %s,\n  \"problems\": [", a->complete ? "true" : "false");
    for (int i = 0; i < a->nproblems; i++) {
        fputs(i ? ",\n    " : "\n    ", f);
        seshat_json_str(f, a->problems[i]);
    }
    fputs(a->nproblems ? "\n  ],\n  \"traced_ranks\": [" : "],\n  \"traced_ranks\": [", f);
    for (int r = 0, first = 1; r < a->nranks; r++)
        if (a->traced[r]) {
            fprintf(f, "%s%d", first ? "" : ", ", r);
            first = 0;
        }
    fprintf(f, "],\n  \"unknown\": {\"receives\": %llu, \"rendezvous_sends\": %llu, "
            "\"collective_calls\": %llu},\n", (unsigned long long)a->unknown_recvs,
            (unsigned long long)a->unknown_sends, (unsigned long long)a->unknown_colls);
}

int seshat_analysis_write_json(const seshat_analysis *a, const char *path, char *err,
                               size_t errlen)
{
    seshat_sw w;
    FILE *f = seshat_sw_open(&w, path, err, errlen);
    if (!f)
        return -1;
    fprintf(f, "{\n  \"seshat_analysis\": 1,\n  \"ranks\": %d,\n", a->nranks);
    completeness(f, a);
    fputs("  \"run_time\": ", f);
    secs(f, a->run_time);
    fputs(",\n  \"rank_time\": [", f);
    for (int r = 0; r < a->nranks; r++) {
        fputs(r ? ", " : "", f);
        secs(f, a->rank_time[r]);
    }
    fputs("],\n", f);
    patterns(f, a);
    callsites(f, a);
    functions(f, a);
    messages(f, a);
    io(f, a);
    delays(f, a);
    pop(f, a);
    extras(f, a);
    if (a->samples) {
        fputs(",\n", f);
        an_samples_json(f, a->samples);
    }
    fputs("}\n", f);
    return seshat_sw_commit(&w, err, errlen);
}

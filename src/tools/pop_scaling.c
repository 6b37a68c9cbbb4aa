/* pop_scaling.c - seshat-analyze --pop T1 T2 ... (pop_scaling.h). The
 * traces become one column each, sorted by rank count; the text, JSON and
 * HTML writers read the same rows (metric, depth) off the columns. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <errno.h>

#include "common/json_str.h"
#include "analyze/markup.h"
#include "common/safe_write.h"
#include "tools/pop_scaling.h"

typedef struct col {
    const char *name;
    int ranks, have_ideal;
    seshat_pop p;
    int64_t run_time, ideal_time;
    double scal, global;   /* -1: not defined */
} col;

/* The rows of the POP table, as POP reports nest them. */
enum { M_GLOBAL, M_PARALLEL, M_LB, M_COMM, M_SER, M_TRANSFER, M_SCAL, M_IPC, M_INSTR, NMETRICS };
static const struct {
    const char *label, *key;
    int depth;
} metric[NMETRICS] = {
    { "global efficiency", "global_efficiency", 0 },
    { "parallel efficiency", "parallel_efficiency", 1 },
    { "load balance", "load_balance", 2 },
    { "communication efficiency", "communication_efficiency", 2 },
    { "serialization efficiency", "serialization_efficiency", 3 },
    { "transfer efficiency", "transfer_efficiency", 3 },
    { "computation scalability", "computation_scalability", 1 },
    { "IPC scalability", "ipc_scalability", 2 },
    { "instruction scalability", "instruction_scalability", 2 },
};

/* A metric of a column, or -1 when not defined (no computation, no ideal
 * replay, no hardware counters). */
static double value(const col *c, int m)
{
    const seshat_pop *p = &c->p;
    if (!p->defined && m != M_SCAL && m != M_GLOBAL)
        return -1;
    switch (m) {
    case M_GLOBAL: return c->global;
    case M_PARALLEL: return p->parallel;
    case M_LB: return p->load_balance;
    case M_COMM: return p->communication;
    case M_SER: return p->serialization;
    case M_TRANSFER: return p->transfer;
    case M_SCAL: return c->scal;
    default: return -1;   /* IPC, instructions: no counters in a virtual-time trace */
    }
}

static int by_ranks(const void *x, const void *y)
{
    const col *a = x, *b = y;
    return a->ranks != b->ranks ? (a->ranks < b->ranks ? -1 : 1) : 0;
}

/* Columns sorted by rank count (stable: the order given among equals). */
static col *columns(const seshat_analysis *const *a, const char *const *names, int n)
{
    col *c = calloc((size_t)n, sizeof *c);
    if (!c)
        return NULL;
    for (int i = 0; i < n; i++) {
        c[i] = (col){ .name = names[i], .ranks = a[i]->nranks, .run_time = a[i]->run_time,
                      .have_ideal = a[i]->have_ideal, .ideal_time = a[i]->ideal_time };
        seshat_analysis_pop(a[i], &c[i].p);
    }
    for (int i = 1; i < n; i++)   /* insertion sort: stable */
        for (int j = i; j > 0 && by_ranks(&c[j - 1], &c[j]) > 0; j--) {
            col t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        int ok = c[0].p.defined && c[i].p.defined;
        c[i].scal = ok ? (double)c[0].p.useful_sum / (double)c[i].p.useful_sum : -1;
        c[i].global = ok ? c[i].p.parallel * c[i].scal : -1;
    }
    return c;
}

static double ms(int64_t ns) { return (double)ns * 1e-6; }

static void write_text(FILE *f, const col *c, int n)
{
    fprintf(f, "POP scaling, reference %d ranks (computation scalability: useful computation of "
            "all ranks at %d ranks / at this count)\n%-30s", c[0].ranks, c[0].ranks, "");
    for (int i = 0; i < n; i++)
        fprintf(f, " %8d ranks", c[i].ranks);
    fputc('\n', f);
    for (int m = 0; m < NMETRICS; m++) {
        fprintf(f, "%*s%-*s", 2 * metric[m].depth, "", 30 - 2 * metric[m].depth, metric[m].label);
        for (int i = 0; i < n; i++) {
            double v = value(&c[i], m);
            if (v >= 0)
                fprintf(f, " %14.4f", v);
            else
                fprintf(f, " %14s", m == M_IPC || m == M_INSTR ? "n/a" : "-");
        }
        fputc('\n', f);
    }
    static const char *const tl[] = { "run time (ms)", "ideal-network run time (ms)",
                                      "useful computation, sum (ms)",
                                      "useful computation, max (ms)" };
    for (int k = 0; k < 4; k++) {
        fprintf(f, "%-30s", tl[k]);
        for (int i = 0; i < n; i++) {
            int64_t t = k == 0 ? c[i].run_time : k == 1 ? c[i].ideal_time
                      : k == 2 ? c[i].p.useful_sum : c[i].p.useful_max;
            if (k == 1 && !c[i].have_ideal)
                fprintf(f, " %14s", "-");
            else
                fprintf(f, " %14.6f", ms(t));
        }
        fputc('\n', f);
    }
    fputs("n/a: IPC and instruction scalability need hardware counters, which a virtual-time "
          "trace does not record; -: not defined (no computation recorded)\n", f);
    for (int i = 0; i < n; i++)
        fprintf(f, "%d ranks: %s\n", c[i].ranks, c[i].name);
}

static void secs(FILE *f, int64_t ns)
{
    fprintf(f, "%s%lld.%09lld", ns < 0 ? "-" : "", (long long)(ns < 0 ? -ns : ns) / 1000000000,
            (long long)(ns < 0 ? -ns : ns) % 1000000000);
}

/* Efficiencies with 17 digits: the products hold exactly on reading. */
static void write_json(FILE *f, const col *c, int n)
{
    fprintf(f, "{\n  \"pop_scaling\": {\n    \"scaling\": \"strong\",\n"
            "    \"reference_ranks\": %d,\n    \"runs\": [", c[0].ranks);
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s\n      {\"trace\": ", i ? "," : "");
        seshat_json_str(f, c[i].name);
        fprintf(f, ", \"ranks\": %d", c[i].ranks);
        for (int m = 0; m < NMETRICS; m++) {
            double v = value(&c[i], m);
            fprintf(f, ", \"%s\": ", metric[m].key);
            if (v >= 0)
                fprintf(f, "%.17g", v);
            else
                fputs("null", f);
        }
        fputs(", \"run_time\": ", f);
        secs(f, c[i].run_time);
        fputs(", \"ideal_run_time\": ", f);
        if (c[i].have_ideal)
            secs(f, c[i].ideal_time);
        else
            fputs("null", f);
        fputs(", \"useful_sum\": ", f);
        secs(f, c[i].p.useful_sum);
        fputs(", \"useful_max\": ", f);
        secs(f, c[i].p.useful_max);
        fputs("}", f);
    }
    fputs("\n    ]\n  }\n}\n", f);
}

/* POP's colours, as report.html's POP table: green from 0.8, orange from
 * 0.6, red below, grey when not available. */
static void write_html(FILE *f, const col *c, int n)
{
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>seshat: POP scaling"
          "</title>\n<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:"
          "collapse}td,th{border:1px solid #ccc;padding:2px 10px;text-align:right}"
          "th:first-child{text-align:left}</style></head><body>\n<h1>POP scaling</h1>\n", f);
    fprintf(f, "<p>Global efficiency = parallel efficiency &times; computation scalability; "
            "computation scalability = useful computation of all ranks at %d ranks (the "
            "reference) / at this count. IPC and instruction scalability need hardware counters, "
            "which a virtual-time trace does not record (n/a).</p>\n<table id='pop-scaling'>"
            "<tr><th></th>", c[0].ranks);
    for (int i = 0; i < n; i++)
        fprintf(f, "<th>%d ranks</th>", c[i].ranks);
    fputs("</tr>\n", f);
    for (int m = 0; m < NMETRICS; m++) {
        fprintf(f, "<tr><th style='padding-left:%dem'>%s</th>", 1 + 2 * metric[m].depth,
                metric[m].label);
        for (int i = 0; i < n; i++) {
            double v = value(&c[i], m);
            const char *bg = v < 0 ? "#eee" : v >= 0.8 ? "#b6e3b6" : v >= 0.6 ? "#ffd59a" : "#f4a6a6";
            if (v >= 0)
                fprintf(f, "<td style='background:%s'>%.4f</td>", bg, v);
            else
                fprintf(f, "<td style='background:%s'>%s</td>", bg,
                        m == M_IPC || m == M_INSTR ? "n/a" : "-");
        }
        fputs("</tr>\n", f);
    }
    fputs("<tr><th>run time (ms)</th>", f);
    for (int i = 0; i < n; i++)
        fprintf(f, "<td>%.6f</td>", ms(c[i].run_time));
    fputs("</tr>\n<tr><th>useful computation, sum (ms)</th>", f);
    for (int i = 0; i < n; i++)
        fprintf(f, "<td>%.6f</td>", ms(c[i].p.useful_sum));
    fputs("</tr>\n</table>\n<ul>\n", f);
    for (int i = 0; i < n; i++) {
        fprintf(f, "<li>%d ranks: <code>", c[i].ranks);
        an_markup(f, c[i].name);
        fputs("</code></li>\n", f);
    }
    fputs("</ul>\n</body></html>\n", f);
}

int seshat_pop_scaling(const seshat_analysis *const *a, const char *const *names, int n,
                       const char *out, int quiet)
{
    col *c = columns(a, names, n);
    if (!c) {
        fprintf(stderr, "seshat-analyze: --pop: out of memory\n");
        return 1;
    }
    if (mkdir(out, 0755) && errno != EEXIST) {
        fprintf(stderr, "seshat-analyze: --pop: cannot create %s: %s\n", out, strerror(errno));
        free(c);
        return 1;
    }
    static const char *const file[] = { "pop-scaling.txt", "pop-scaling.json", "pop-scaling.html" };
    void (*const writer[])(FILE *, const col *, int) = { write_text, write_json, write_html };
    int failed = 0;
    for (int k = 0; k < 3; k++) {
        char path[PATH_MAX + 32], err[PATH_MAX + 256];
        snprintf(path, sizeof path, "%s/%s", out, file[k]);
        seshat_sw w;
        FILE *f = seshat_sw_open(&w, path, err, sizeof err);
        if (f)
            writer[k](f, c, n);
        if (!f || seshat_sw_commit(&w, err, sizeof err)) {
            fprintf(stderr, "seshat-analyze: %s\n", err);
            failed = 1;
        }
    }
    if (!quiet) {
        write_text(stdout, c, n);
        printf("wrote %s/pop-scaling.txt, pop-scaling.json, pop-scaling.html\n", out);
    }
    free(c);
    return failed;
}

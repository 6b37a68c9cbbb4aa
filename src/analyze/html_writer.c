/* html_writer.c - TRACEDIR/report.html: one self-contained page (inline
 * CSS, SVG and a short script; no network). Every picture has its axes
 * labelled with rank numbers and units, and a table beside it with the
 * values, so nothing needs hovering:
 *   summary (trace complete or not, computation/MPI totals, critical path),
 *   wait states by rank (logarithmic colour scale), communication matrix,
 *   message sizes, the longest waits (each a link into the timeline),
 *   the timeline (zoom with buttons, a drag or the wheel; wait lines from
 *   the rank that released the wait), and a sortable call-site table with
 *   call paths (calling function > MPI call) and file:line.
 * Without script the page shows everything unzoomed and unsorted. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/an_samples.h"
#include "analyze/analysis.h"
#include "analyze/markup.h"
#include "common/safe_write.h"

#define MAX_DRAWN 1500   /* timeline segments per rank, the longest kept */
#define TL_UNITS 1e6     /* the timeline's user units: the run is 0 .. 1e6 */
#define LOG_DECADES 3    /* colour scales span 10^-3 .. 1 of their maximum: over
                            fewer decades 25% and 46% fall far enough apart */

static double sec(int64_t ns) { return 1e-9 * (double)ns; }

/* ns as a person reads it: at most 4 significant digits in s, ms, µs or
 * ns, trailing zeros dropped ("3.006 ms", "250 µs", "0"). */
static void human(char *out, size_t n, int64_t ns)
{
    double v = (double)ns, a = fabs(v);
    const char *u = a >= 1e9 ? "s" : a >= 1e6 ? "ms" : a >= 1e3 ? "\xc2\xb5s" : "ns";
    v /= a >= 1e9 ? 1e9 : a >= 1e6 ? 1e6 : a >= 1e3 ? 1e3 : 1;
    int digits = fabs(v) >= 100 ? 1 : fabs(v) >= 10 ? 2 : 3;
    if (!ns) {
        snprintf(out, n, "0");
        return;
    }
    snprintf(out, n, "%.*f", digits, v);
    char *dot = strchr(out, '.'), *e = out + strlen(out);
    while (dot && e > dot + 1 && e[-1] == '0')
        *--e = 0;
    if (dot && e == dot + 1)
        *dot = 0;
    snprintf(out + strlen(out), n - strlen(out), " %s", u);
}

/* A table cell with a time: readable text, the exact seconds in data-s
 * (the sorting and the tests read them). */
static void td_time(FILE *f, int64_t ns)
{
    char h[32];
    human(h, sizeof h, ns);
    fprintf(f, "<td class='n' data-s='%.9f'>%s</td>", sec(ns), h);
}

/* White, then yellow, orange, red, purple to near black over x in (0, 1]:
 * hue and lightness both change along the whole scale, so neighbouring
 * decades (and 25% against 46% of the top one) look different. */
static void colour(char *out, double x)
{
    static const int stops[6][3] = { { 255, 255, 255 }, { 254, 224, 90 }, { 250, 140, 40 },
                                     { 215, 40, 40 }, { 120, 20, 110 }, { 20, 10, 50 } };
    x = x < 0 ? 0 : x > 1 ? 1 : x;
    double p = x * 5;
    int i = p >= 5 ? 4 : (int)p;
    double t = p - i;
    sprintf(out, "#%02x%02x%02x", (int)(stops[i][0] + t * (stops[i + 1][0] - stops[i][0])),
            (int)(stops[i][1] + t * (stops[i + 1][1] - stops[i][1])),
            (int)(stops[i][2] + t * (stops[i + 1][2] - stops[i][2])));
}

/* Logarithmic: v/max from 10^-LOG_DECADES (palest) to 1 (darkest); 0 white. */
static void log_colour(char *out, double v, double max)
{
    if (v <= 0 || max <= 0) {
        strcpy(out, "#ffffff");
        return;
    }
    double x = 1 + log10(v / max) / LOG_DECADES;
    colour(out, x < 0.04 ? 0.04 : x);
}

static void size_label(char *out, size_t n, unsigned long long b)
{
    snprintf(out, n, "%llu%s", b >= 1048576 ? b >> 20 : b >= 1024 ? b >> 10 : b,
             b >= 1048576 ? " MiB" : b >= 1024 ? " KiB" : " B");
}

/* Legend: LOG_DECADES + 1 labelled ticks, `unit` after the top value. */
static void log_legend(FILE *f, int x, int y, double max, const char *unit, int percent)
{
    char c[8];
    for (int i = 0; i < 100; i++) {
        colour(c, 0.04 + 0.96 * i / 99.0);
        fprintf(f, "<rect x='%d' y='%d' width='2' height='10' fill='%s'/>", x + 2 * i, y, c);
    }
    for (int d = 0; d <= LOG_DECADES; d++) {
        double v = max;
        for (int k = d; k < LOG_DECADES; k++)
            v /= 10;
        int tx = x + 200 * d / LOG_DECADES;
        fprintf(f, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#333'/>", tx, y + 10, tx, y + 14);
        char lab[32];
        if (percent)
            snprintf(lab, sizeof lab, "%g%%", 100 * v);
        else
            size_label(lab, sizeof lab, (unsigned long long)(v + 0.5));
        if (percent || d % 2 == 0)   /* byte labels are wider: every other one */
            fprintf(f, "<text x='%d' y='%d' text-anchor='middle' font-size='10'>%s</text>", tx,
                    y + 25, lab);
    }
    fprintf(f, "<text x='%d' y='%d' font-size='10'>%s (log scale; white = 0)</text>", x, y + 38, unit);
}

static int64_t pat_rank(const seshat_analysis *a, int p, int r)
{
    int64_t t = 0;
    for (int s = -1; s < a->nsites; s++)
        t += seshat_analysis_inclusive(a, p, s, r);
    return t;
}

static int64_t pat_total(const seshat_analysis *a, int p)
{
    int64_t t = 0;
    for (int r = 0; r < a->nranks; r++)
        t += pat_rank(a, p, r);
    return t;
}

/* Rank numbers along an axis: every `step`-th cell is labelled. */
static int label_step(int n) { return n <= 16 ? 1 : n <= 64 ? 4 : n <= 256 ? 16 : 64; }

static void summary(FILE *f, const seshat_analysis *a)
{
    int64_t all = 0, lo = a->nranks ? a->rank_time[0] : 0;
    for (int r = 0; r < a->nranks; r++) {
        all += a->rank_time[r];
        lo = a->rank_time[r] < lo ? a->rank_time[r] : lo;
    }
    int64_t comp = pat_total(a, SESHAT_PAT_COMPUTATION), mpi = pat_total(a, SESHAT_PAT_MPI);
    double pct = all ? 100.0 / (double)all : 0;
    char h[6][32];
    int64_t v[6] = { a->run_time, lo, all, comp, mpi, 0 };
    for (int i = 0; i < 5; i++)
        human(h[i], sizeof h[i], v[i]);
    fprintf(f, "<h2 id='summary'>Summary</h2><p id='status' class='status %s'>Trace: <b>%s</b></p>\n"
               "<table class='kv'><tr><th>ranks</th><td>%d</td></tr>\n"
               "<tr><th>run time (virtual)</th><td id='run-time' data-s='%.9f'>%s</td></tr>\n"
               "<tr><th>ranks end</th><td>%s .. %s</td></tr>\n"
               "<tr><th>time of all ranks</th><td>%s</td></tr>\n"
               "<tr><th>computation</th><td id='computation' data-s='%.9f'>%s (%.1f%%)</td></tr>\n"
               "<tr><th>MPI</th><td id='mpi' data-s='%.9f'>%s (%.1f%%)</td></tr>\n",
            a->complete ? "ok" : "bad", a->complete ? "complete" : "NOT complete (see above)",
            a->nranks, sec(a->run_time), h[0], h[1], h[0], h[2], sec(comp), h[3],
            pct * (double)comp, sec(mpi), h[4], pct * (double)mpi);
    if (a->have_critical_path) {
        human(h[3], sizeof h[3], a->critical_path[a->nsites]);
        human(h[4], sizeof h[4], a->run_time - a->critical_path[a->nsites]);
        fprintf(f, "<tr><th>critical path</th><td>computation %s, MPI %s</td></tr>\n", h[3], h[4]);
    }
    if (a->have_whatif) {
        fputs("<tr><th>what-if ", f);
        an_markup(f, a->whatif_model ? a->whatif_model : "");
        human(h[5], sizeof h[5], a->whatif_time);
        fprintf(f, "</th><td>predicted %s</td></tr>\n", h[5]);
    }
    fputs("</table>\n", f);
}

static int depth_of(int p)
{
    int d = 0;
    for (int q = seshat_pattern_infos[p].parent; q >= 0; q = seshat_pattern_infos[q].parent)
        d++;
    return d;
}

static void heat_svg(FILE *f, const seshat_analysis *a)
{
    int cw = a->nranks > 64 ? 6 : a->nranks > 16 ? 14 : 32, ch = 18, left = 230, top = 20;
    int w = left + cw * a->nranks + 20, h = top + ch * SESHAT_NPATTERNS + 90, step = label_step(a->nranks);
    w = w < left + 260 ? left + 260 : w;
    fprintf(f, "<svg width='%d' height='%d' class='map'>\n<text x='%d' y='12'>rank &#8594;</text>\n", w,
            h, left);
    char c[8];
    for (int p = 0; p < SESHAT_NPATTERNS; p++) {
        fprintf(f, "<text x='%d' y='%d'>", 4 + 10 * depth_of(p), top + 14 + ch * p);
        an_markup(f, seshat_pattern_infos[p].display);
        fputs("</text>", f);
        for (int r = 0; r < a->nranks; r++) {
            int64_t v = pat_rank(a, p, r), t = a->rank_time[r] ? a->rank_time[r] : 1;
            log_colour(c, (double)v / (double)t, 1);
            fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='%s' stroke='#ddd'>"
                       "<title>%s, rank %d: %.9f s (%.3f%%)</title></rect>\n",
                    left + cw * r, top + 2 + ch * p, cw, ch, c, seshat_pattern_infos[p].name, r,
                    sec(v), 100.0 * (double)v / (double)t);
            double share = (double)v / (double)t;
            if (cw >= 32 && share >= 0.005)   /* the number too, where it fits */
                fprintf(f, "<text x='%d' y='%d' font-size='10' text-anchor='middle' fill='%s' "
                           "pointer-events='none'>%.0f%%</text>\n", left + cw * r + cw / 2,
                        top + 15 + ch * p, share > 0.1 ? "#fff" : "#222", 100 * share);
        }
    }
    for (int r = 0; r < a->nranks; r += step)
        fprintf(f, "<text x='%d' y='%d' font-size='10' text-anchor='middle'>%d</text>",
                left + cw * r + cw / 2, top + ch * SESHAT_NPATTERNS + 16, r);
    log_legend(f, left, top + ch * SESHAT_NPATTERNS + 28, 1, "share of the rank's run time", 1);
    fputs("</svg>\n", f);
}

static void heat_table(FILE *f, const seshat_analysis *a)
{
    int64_t all = 0;
    for (int r = 0; r < a->nranks; r++)
        all += a->rank_time[r];
    fputs("<table id='patterns'><tr><th>pattern</th><th>total</th><th>% of all ranks' time</th>"
          "<th>most on rank</th><th>there</th></tr>\n", f);
    for (int p = 0; p < SESHAT_NPATTERNS; p++) {
        int worst = 0;
        for (int r = 1; r < a->nranks; r++)
            worst = pat_rank(a, p, r) > pat_rank(a, p, worst) ? r : worst;
        int64_t t = pat_total(a, p);
        fprintf(f, "<tr data-pattern='%s'><td style='padding-left:%dem'>", seshat_pattern_infos[p].name,
                depth_of(p));
        an_markup(f, seshat_pattern_infos[p].display);
        fputs("</td>", f);
        td_time(f, t);
        fprintf(f, "<td class='n'>%.2f</td><td class='n'>%d</td>",
                all ? 100.0 * (double)t / (double)all : 0, worst);
        td_time(f, a->nranks ? pat_rank(a, p, worst) : 0);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void heat_map(FILE *f, const seshat_analysis *a)
{
    fputs("<h2 id='waits-by-rank'>Wait states by rank</h2><p>Each pattern's share of each rank's "
          "run time (values include the sub-patterns), on a logarithmic scale so that small waits "
          "show; hover a cell for its seconds.</p>\n<div class='pair'>", f);
    heat_svg(f, a);
    heat_table(f, a);
    fputs("</div>\n", f);
}

static void matrix_svg(FILE *f, const seshat_analysis *a, uint64_t max)
{
    int n = a->nranks, cs = n > 128 ? 3 : n > 32 ? 8 : 24, step = label_step(n), x0 = 70, y0 = 40;
    fprintf(f, "<svg width='%d' height='%d' class='map'>\n", x0 + cs * n + 30 > 300 ? x0 + cs * n + 30 : 300,
            y0 + cs * n + 70);
    char c[8];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            uint64_t b = a->msg_bytes[(size_t)i * n + j], k = a->msg_count[(size_t)i * n + j];
            log_colour(c, (double)b, (double)max);
            fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='%s'><title>%d &#8594; %d: "
                       "%llu messages, %llu bytes</title></rect>\n",
                    x0 + cs * j, y0 + cs * i, cs, cs, c, i, j, (unsigned long long)k,
                    (unsigned long long)b);
        }
    for (int r = 0; r < n; r += step)
        fprintf(f, "<text x='%d' y='%d' font-size='10' text-anchor='middle'>%d</text>"
                   "<text x='%d' y='%d' font-size='10' text-anchor='end'>%d</text>",
                x0 + cs * r + cs / 2, y0 - 4, r, x0 - 4, y0 + cs * r + cs / 2 + 4, r);
    fprintf(f, "<text x='%d' y='14'>receiver rank &#8594;</text><text x='2' y='%d'>sender</text>"
               "<text x='2' y='%d'>rank &#8595;</text>", x0, y0 + 14, y0 + 28);
    fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='none' stroke='#999'/>", x0, y0, cs * n, cs * n);
    log_legend(f, x0, y0 + cs * n + 10, (double)max, "bytes", 0);
    fputs("</svg>\n", f);
}

/* The 20 busiest pairs by bytes, as a table. */
static void matrix_table(FILE *f, const seshat_analysis *a)
{
    size_t n = (size_t)a->nranks * (size_t)a->nranks, top[20];
    int k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!a->msg_count[i])
            continue;
        int j = k < 20 ? k++ : 20;
        for (; j > 0 && a->msg_bytes[top[j - 1]] < a->msg_bytes[i]; j--)
            if (j < 20)
                top[j] = top[j - 1];
        if (j < 20)
            top[j] = i;
    }
    fputs("<table id='pairs'><tr><th>sender</th><th>receiver</th><th>messages</th><th>bytes</th></tr>\n", f);
    for (int j = 0; j < k; j++)
        fprintf(f, "<tr><td class='n'>%zu</td><td class='n'>%zu</td><td class='n'>%llu</td>"
                   "<td class='n'>%llu</td></tr>\n", top[j] / (size_t)a->nranks,
                top[j] % (size_t)a->nranks, (unsigned long long)a->msg_count[top[j]],
                (unsigned long long)a->msg_bytes[top[j]]);
    if (!k)
        fputs("<tr><td colspan='4'>no point-to-point messages</td></tr>\n", f);
    fputs("</table>\n", f);
}

static void comm_matrix(FILE *f, const seshat_analysis *a)
{
    uint64_t max = 0, msgs = 0, bytes = 0;
    for (size_t i = 0; i < (size_t)a->nranks * (size_t)a->nranks; i++) {
        max = a->msg_bytes[i] > max ? a->msg_bytes[i] : max;
        msgs += a->msg_count[i];
        bytes += a->msg_bytes[i];
    }
    fprintf(f, "<h2 id='matrix'>Communication matrix</h2><p>Point-to-point bytes from each sender "
               "(row) to each receiver (column): <span id='messages'>%llu messages, %llu bytes</span>; "
               "the table lists the busiest pairs.</p>\n<div class='pair'>",
            (unsigned long long)msgs, (unsigned long long)bytes);
    matrix_svg(f, a, max);
    matrix_table(f, a);
    fputs("</div>\n", f);
}

static void sizes(FILE *f, const seshat_analysis *a)
{
    uint64_t max = 0;
    int last = 0;
    char lab[32];
    for (int b = 0; b < SESHAT_SIZE_BUCKETS; b++)
        if (a->size_hist[b]) {
            max = a->size_hist[b] > max ? a->size_hist[b] : max;
            last = b;
        }
    fprintf(f, "<h2 id='sizes'>Message sizes</h2><p>Point-to-point messages by size (bins of powers "
               "of two).</p>\n<div class='pair'><svg width='%d' height='210' class='map'>\n"
               "<text x='4' y='10'>messages</text>", 90 + 26 * (last + 1));
    for (int t = 0; t <= 4; t++)
        fprintf(f, "<text x='46' y='%d' text-anchor='end' font-size='10'>%llu</text>"
                   "<line x1='50' y1='%d' x2='54' y2='%d' stroke='#333'/>", 144 - 32 * t + 3,
                (unsigned long long)(max * (uint64_t)t / 4), 144 - 32 * t, 144 - 32 * t);
    for (int b = 0; b <= last; b++) {
        double hgt = max ? 128.0 * (double)a->size_hist[b] / (double)max : 0;
        unsigned long long lo = b ? 1ull << (b - 1) : 0;
        fprintf(f, "<rect x='%d' y='%.1f' width='22' height='%.1f' fill='#21918c'><title>%llu.. "
                   "bytes: %llu messages</title></rect>",
                56 + 26 * b, 144 - hgt, hgt, lo, (unsigned long long)a->size_hist[b]);
        size_label(lab, sizeof lab, lo);
        if (b % 3 == 0)
            fprintf(f, "<text x='%d' y='160' font-size='10'>%s</text>", 56 + 26 * b, lab);
    }
    fputs("<text x='56' y='180'>message size (bytes, lower end of the bin) &#8594;</text></svg>\n"
          "<table id='sizes-table'><tr><th>size from</th><th>below</th><th>messages</th></tr>\n", f);
    for (int b = 0; b <= last; b++) {
        if (!a->size_hist[b])
            continue;
        size_label(lab, sizeof lab, b ? 1ull << (b - 1) : 0);
        fprintf(f, "<tr><td class='n'>%s</td><td class='n'>", lab);
        size_label(lab, sizeof lab, 1ull << b);
        fprintf(f, "%s</td><td class='n'>%llu</td></tr>\n", lab, (unsigned long long)a->size_hist[b]);
    }
    fputs("</table></div>\n", f);
}

/* MPI-IO: time in file I/O and bytes per rank, then per file (only when
 * the program did any). */
static void io_section(FILE *f, const seshat_analysis *a)
{
    int64_t t = pat_total(a, SESHAT_PAT_MPI_IO), rd = 0, wr = 0;
    for (int r = 0; r < a->nranks; r++) {
        rd += a->io_read[r];
        wr += a->io_written[r];
    }
    if (t <= 0 && !rd && !wr && !a->nio_files)
        return;
    char h[32];
    human(h, sizeof h, t);
    fprintf(f, "<h2 id='io'>File I/O</h2><p>Time in MPI-IO calls: <span id='io-time' data-s='%.9f'>"
               "%s</span>; %lld bytes read, %lld bytes written.</p>\n<table id='io-ranks'><tr>"
               "<th>rank</th><th>time in MPI-IO</th><th>bytes read</th><th>bytes written</th></tr>\n",
            sec(t), h, (long long)rd, (long long)wr);
    for (int r = 0; r < a->nranks; r++) {
        fprintf(f, "<tr><td class='n'>%d</td>", r);
        td_time(f, pat_rank(a, SESHAT_PAT_MPI_IO, r));
        fprintf(f, "<td class='n'>%lld</td><td class='n'>%lld</td></tr>\n", (long long)a->io_read[r],
                (long long)a->io_written[r]);
    }
    fputs("</table>\n<table id='io-files'><tr><th>file</th><th>time in its calls</th>"
          "<th>bytes read</th><th>bytes written</th></tr>\n", f);
    for (int i = 0; i < a->nio_files; i++) {
        fputs("<tr><td>", f);
        an_markup(f, a->io_files[i].name);
        fputs("</td>", f);
        td_time(f, a->io_files[i].ns);
        fprintf(f, "<td class='n'>%lld</td><td class='n'>%lld</td></tr>\n",
                (long long)a->io_files[i].bytes_read, (long long)a->io_files[i].bytes_written);
    }
    fputs("</table>\n", f);
}

/* The call a rank was in at time t (the timeline's segment), or -1. */
static int site_at(const seshat_analysis *a, int r, int64_t t)
{
    for (size_t i = 0; r >= 0 && r < a->nranks && i < a->ntimeline[r]; i++)
        if (a->timeline[r][i].start <= t && t < a->timeline[r][i].end)
            return a->timeline[r][i].site;
    return -1;
}

static void site_name(FILE *f, const seshat_analysis *a, int s)
{
    if (s < 0) {
        fputs("?", f);
        return;
    }
    an_markup(f, a->sites[s].function);
    fputs(" at ", f);
    an_markup(f, a->sites[s].location);
}

static void wait_list(FILE *f, const seshat_analysis *a)
{
    fputs("<h2 id='longest-waits'>Longest waits</h2><p>The single longest waits; each was ended "
          "by another rank (its send, or its entry into the collective). <i>show</i> zooms the "
          "timeline onto it.</p>\n<table id='waits'><tr><th>#</th><th>rank</th><th>waited</th>"
          "<th>from</th><th>to</th><th>ended by rank</th><th>in call</th><th></th></tr>\n", f);
    for (int i = 0; i < a->ntop_waits; i++) {
        const seshat_wait *w = &a->top_waits[i];
        fprintf(f, "<tr><td>%d</td><td class='n'>%d</td>", i + 1, w->rank);
        td_time(f, w->to - w->from);
        td_time(f, w->from);
        td_time(f, w->to);
        fprintf(f, "<td class='n'>%d</td><td>", w->cause_rank);
        site_name(f, a, site_at(a, w->rank, w->from));
        fprintf(f, "</td><td><a href='#wait-%d' id='wait-%d' class='show' data-from='%lld' "
                   "data-to='%lld'>show</a></td></tr>\n",
                i, i, (long long)w->from, (long long)w->to);
    }
    if (!a->ntop_waits)
        fputs("<tr><td colspan='8'>no waits</td></tr>\n", f);
    fputs("</table>\n", f);
}

static int cmp_len(const void *x, const void *y)
{
    const seshat_segment *a = x, *b = y;
    int64_t la = a->end - a->start, lb = b->end - b->start;
    return (la < lb) - (la > lb);
}

static void site_colour(char *c, int site)
{
    static const char *const pal[] = { "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4",
                                       "#42d4f4", "#f032e6", "#bfef45", "#469990", "#9a6324" };
    strcpy(c, site < 0 ? "#eeeeee" : pal[site % 10]);
}

/* One rank's row: its calls (the longest MAX_DRAWN if more). */
static void timeline_row(FILE *f, const seshat_analysis *a, int r, int rh, double k,
                         seshat_segment *tmp)
{
    size_t n = a->ntimeline[r];
    const seshat_segment *seg = a->timeline[r];
    fprintf(f, "<rect x='0' y='%d' width='%.3f' height='%d' fill='#eeeeee'/>\n", rh * r,
            (double)a->rank_time[r] * k, rh - 1);
    if (n > MAX_DRAWN) {
        seshat_segment *all = malloc(n * sizeof *all);
        if (!all)
            return;
        memcpy(all, seg, n * sizeof *all);
        qsort(all, n, sizeof *all, cmp_len);
        memcpy(tmp, all, MAX_DRAWN * sizeof *tmp);
        free(all);
        seg = tmp;
        n = MAX_DRAWN;
    }
    char c[16];
    for (size_t i = 0; i < n; i++) {
        site_colour(c, seg[i].site);
        fprintf(f, "<rect x='%.3f' y='%d' width='%.3f' height='%d' fill='%s'><title>rank %d: ",
                (double)seg[i].start * k, rh * r, (double)(seg[i].end - seg[i].start) * k, rh - 1, c, r);
        site_name(f, a, seg[i].site);
        fprintf(f, ": %.9f .. %.9f s</title></rect>\n", sec(seg[i].start), sec(seg[i].end));
    }
}

/* One line per message (the longest SESHAT_MSG_LINES), from the send's
 * enter on the sender's row to the receive's end on the receiver's. */
static void timeline_msgs(FILE *f, const seshat_analysis *a, int rows, int rh, double k)
{
    for (size_t i = 0; i < a->nmsgs; i++) {
        const seshat_msg *m = &a->msgs[i];
        if (m->src >= rows || m->dst >= rows)
            continue;
        fprintf(f, "<line class='msg' data-s='%d' data-d='%d' x1='%.3f' y1='%.1f' x2='%.3f' "
                   "y2='%.1f' stroke='#000' stroke-width='1' vector-effect='non-scaling-stroke'>"
                   "<title>message %d &#8594; %d: sent %.9f s, received %.9f s (%.9f s)</title>"
                   "</line>\n",
                m->src, m->dst, (double)m->send * k, rh * m->src + rh / 2.0, (double)m->recv * k,
                rh * m->dst + rh / 2.0, m->src, m->dst, sec(m->send), sec(m->recv),
                sec(m->recv - m->send));
    }
}

/* The longest waits over the rows: a red bar where the rank waited, a
 * line from the rank that ended it, at the moment it did. */
static void timeline_waits(FILE *f, const seshat_analysis *a, int rows, int rh, double k)
{
    for (int i = 0; i < a->ntop_waits; i++) {
        const seshat_wait *w = &a->top_waits[i];
        if (w->rank >= rows || w->cause_rank < 0 || w->cause_rank >= rows)
            continue;
        fprintf(f, "<rect class='wait' x='%.3f' y='%d' width='%.3f' height='%d' "
                   "fill='rgba(221,0,0,0.18)' stroke='#d00' stroke-width='2' "
                   "vector-effect='non-scaling-stroke'><title>wait %d: rank %d, %.9f s"
                   "</title></rect><line x1='%.3f' y1='%.1f' x2='%.3f' y2='%.1f' stroke='#d00' "
                   "stroke-width='1.5' vector-effect='non-scaling-stroke'/>\n",
                (double)w->from * k, rh * w->rank, (double)(w->to - w->from) * k, rh - 1, i + 1,
                w->rank, sec(w->to - w->from), (double)w->to * k, rh * w->cause_rank + rh / 2.0,
                (double)w->to * k, rh * w->rank + rh / 2.0);
    }
}

/* The timeline's colours: computation, each call site drawn (the
 * palette repeats every ten sites), waits and messages. */
static void timeline_legend(FILE *f, const seshat_analysis *a)
{
    static const char sw[] = "<span class='sw' style='background:%s%s'></span>";
    fputs("<div id='tllegend' class='legend'>", f);
    fprintf(f, "<span class='item'>");
    fprintf(f, sw, "#eeeeee", "");
    fputs("computation</span>", f);
    for (int s = 0; s < a->nsites && s < 20; s++) {
        char c[16];
        site_colour(c, s);
        fputs("<span class='item'>", f);
        fprintf(f, sw, c, "");
        site_name(f, a, s);
        fputs("</span>", f);
    }
    if (a->nsites > 20)
        fprintf(f, "<span class='item'>(%d more call sites, colours repeat every ten)</span>",
                a->nsites - 20);
    fprintf(f, "<span class='item'>");
    fprintf(f, sw, "rgba(221,0,0,0.18)", ";border:2px solid #d00");
    fputs("longest waits</span><span class='item'><span class='sw' style='height:0;"
          "border-top:1px solid #000;vertical-align:middle'></span>messages</span></div>\n", f);
}

static void timeline(FILE *f, const seshat_analysis *a)
{
    int rows = a->nranks > 256 ? 256 : a->nranks, rh = rows > 64 ? 4 : 16;
    int step = label_step(rows), hgt = rh * rows;
    double k = a->run_time ? TL_UNITS / (double)a->run_time : 0;
    uint64_t total = 0;
    for (size_t i = 0; i < (size_t)a->nranks * (size_t)a->nranks; i++)
        total += a->msg_count[i];
    char lines[96], run[32];
    human(run, sizeof run, a->run_time);
    if (a->nmsgs < total)
        snprintf(lines, sizeof lines, "the longest %zu of %llu messages drawn", a->nmsgs,
                 (unsigned long long)total);
    else
        snprintf(lines, sizeof lines, "all %zu messages drawn", a->nmsgs);
    fprintf(f, "<h2 id='timeline'>Timeline</h2><p>Virtual time of each rank%s: grey is computation, "
               "colours are MPI calls by call site (the legend below names them; hover for the call); black lines are messages, "
               "from the send on the sender's row to the end of the receive on the receiver's "
               "(<span id='msglines'>%s</span>); red boxes are the longest waits, red lines come "
               "from the rank that ended them. Zoom: the buttons, drag across the time axis, or "
               "the mouse wheel.</p>\n<div class='tlbar'><button id='zin'>zoom in"
               "</button> <button id='zout'>zoom out</button> <button id='zall'>whole run</button> "
               "showing <span id='tlrange' data-from='0' data-to='%lld'>0 .. %s</span></div>\n"
               "<div id='tl' class='tl' data-run='%lld'><svg class='map tlranks' width='60' "
               "height='%d'><text x='0' y='%d' font-size='10'>rank</text>",
            rows < a->nranks ? " (the first 256)" : "", lines, (long long)a->run_time, run,
            (long long)a->run_time, hgt + 36, hgt + 14);
    for (int r = 0; r < rows; r += step)
        fprintf(f, "<text x='50' y='%d' font-size='10' text-anchor='end'>%d</text>", rh * r + rh - 3, r);
    /* the page's width: the view stretches, strokes do not */
    fprintf(f, "</svg><div class='tlmain'><svg id='tlv' class='map' width='100%%' height='%d' "
               "viewBox='0 0 %g %d' preserveAspectRatio='none'>\n", hgt, TL_UNITS, hgt);
    /* An invisible backdrop: the wheel and drags act between the rows too
     * (an unpainted gap would hand them to the page, which scrolls). */
    fprintf(f, "<rect width='%g' height='%d' fill='#fff' fill-opacity='0'/>\n", TL_UNITS, hgt);
    seshat_segment *tmp = malloc((MAX_DRAWN + 1) * sizeof *tmp);
    for (int r = 0; r < rows && tmp; r++)
        timeline_row(f, a, r, rh, k, tmp);
    free(tmp);
    timeline_msgs(f, a, rows, rh, k);
    timeline_waits(f, a, rows, rh, k);
    fputs("</svg><div id='tlaxis' class='tlaxis'>", f);
    for (int t = 0; t <= 4; t++) {   /* the script redraws these on zoom */
        char h[32];
        human(h, sizeof h, a->run_time * t / 4);
        fprintf(f, "<span style='left:%d%%'>%s</span>", 25 * t, h);
    }
    fputs("</div><div class='tlcap'>virtual time</div></div></div>\n", f);
    timeline_legend(f, a);
}

/* "file:line (function)" (n bytes of it) -> the function, for the call
 * path column. */
static void caller(FILE *f, const char *loc, size_t n)
{
    const char *open = memrchr(loc, '(', n), *in = strstr(loc, " in ");
    if (open && n && loc[n - 1] == ')')
        an_markup_n(f, open + 1, (size_t)(loc + n - 1 - open - 1));
    else if (in && in < loc + n)
        an_markup_n(f, loc, (size_t)(in - loc));
    else
        fputs("?", f);
}

/* The callers "x.c:9 (a) < x.c:30 (main)", outermost first, each with the
 * line of its call: "main:30 › a:9 › ". */
static void callers(FILE *f, const char *up)
{
    if (!up || !*up)
        return;
    const char *sep = strstr(up, " < ");
    size_t n = sep ? (size_t)(sep - up) : strlen(up);
    if (sep)
        callers(f, sep + 3);
    caller(f, up, n);
    const char *open = memrchr(up, '(', n), *colon = open ? memrchr(up, ':', (size_t)(open - up)) : NULL;
    if (colon && up[n - 1] == ')')
        fprintf(f, ":%d", atoi(colon + 1));
    fputs(" &#8250; ", f);
}

static void site_row(FILE *f, const seshat_analysis *a, int s)
{
    uint64_t v = 0;
    int64_t t = 0, wait = 0;
    for (int r = 0; r < a->nranks; r++) {
        v += a->visits[(size_t)s * (size_t)a->nranks + (size_t)r];
        t += seshat_analysis_inclusive(a, SESHAT_PAT_MPI, s, r);
    }
    fputs("<tr><td>", f);
    callers(f, a->sites[s].callers);
    caller(f, a->sites[s].location, strlen(a->sites[s].location));
    fputs(" &#8250; ", f);
    an_markup(f, a->sites[s].function);
    fputs("</td><td>", f);
    const char *open = strrchr(a->sites[s].location, '(');
    an_markup_n(f, a->sites[s].location, open && open > a->sites[s].location
                                             ? (size_t)(open - a->sites[s].location - 1)
                                             : strlen(a->sites[s].location));
    for (int p = SESHAT_PAT_MPI + 1; p < SESHAT_NPATTERNS; p++)
        for (int r = 0; r < a->nranks && seshat_pattern_is_wait(p); r++)
            wait += *seshat_sev(a, p, s, r);
    fprintf(f, "</td><td class='n'>%llu</td>", (unsigned long long)v);
    td_time(f, t);
    td_time(f, a->critical_path[s]);
    td_time(f, a->cp_imbalance[s]);
    td_time(f, wait);
    fputs("<td>", f);
    for (int p = SESHAT_PAT_MPI + 1; p < SESHAT_NPATTERNS; p++) {
        int64_t w = 0;
        for (int r = 0; r < a->nranks; r++)
            w += *seshat_sev(a, p, s, r);
        char h[32];
        human(h, sizeof h, w);
        if (w && seshat_pattern_is_wait(p))
            fprintf(f, "%s %s<br>", seshat_pattern_infos[p].name, h);
    }
    fputs("</td></tr>\n", f);
}

static void site_table(FILE *f, const seshat_analysis *a)
{
    static const char *const head[] = { "call path", "file:line", "visits", "time in MPI",
                                        "on the critical path", "critical-path imbalance",
                                        "wait states", "by pattern" };
    fputs("<h2 id='callsites'>Call sites</h2><p>Click a column heading to sort.</p>"
          "<table id='sites' class='sortable'><tr>", f);
    for (int i = 0; i < 8; i++)
        fprintf(f, "<th id='sites-col-%d'>%s</th>", i, head[i]);
    fputs("</tr>\n", f);
    for (int s = 0; s < a->nsites; s++)
        site_row(f, a, s);
    fputs("</table>\n", f);
}

/* "rank 0's computation in f (x.c:9)" or "rank 1's MPI_Recv at x.c:9". */
static void cause_name(FILE *f, const seshat_analysis *a, const seshat_root_cause *c)
{
    char what[1024];
    seshat_root_cause_what(a, c, what, sizeof what);
    fprintf(f, "rank %d's ", c->rank);
    an_markup(f, what);
}

/* A root cause in plain words and readable units (the text summary's
 * sentence, seshat_root_cause_words, keeps exact seconds). */
static void cause_words(FILE *f, const seshat_analysis *a, const seshat_root_cause *c)
{
    char all[32], dir[32], prop[32], saved[32];
    human(all, sizeof all, c->direct + c->propagated);
    human(dir, sizeof dir, c->direct);
    human(prop, sizeof prop, c->propagated);
    cause_name(f, a, c);
    fprintf(f, " keeps its partners waiting: it causes %s of waiting, %s directly and %s through "
               "the waits it propagates to other ranks", all, dir, prop);
    human(saved, sizeof saved, c->saved);
    if (c->saved >= 0)
        fprintf(f, "; evening it out saves %s of run time (replayed)", saved);
}

/* The page opens with the largest root causes of the waiting, in plain
 * words, then a table of the first ten (docs/patterns.md, delay costs). */
static void root_causes(FILE *f, const seshat_analysis *a)
{
    if (!a->have_delay)
        return;
    fputs("<h2 id='root-causes'>Root causes</h2><p>Where the waiting comes from: the rank and call "
          "path whose excess time kept others waiting, directly or through the waits it "
          "propagated.</p>\n<ol id='root-cause-words'>\n", f);
    if (!a->nroot_causes)
        fputs("<li>none: no rank kept another waiting</li>\n", f);
    for (int i = 0; i < a->nroot_causes && i < 3; i++) {
        fputs("<li>", f);
        cause_words(f, a, &a->root_causes[i]);
        fputs("</li>\n", f);
    }
    fputs("</ol>\n", f);
    if (!a->nroot_causes)
        return;
    int replayed = 0;
    for (int i = 0; i < a->nroot_causes; i++)
        replayed |= a->root_causes[i].saved >= 0;
    fputs("<table id='root-cause-table'><thead><tr><th>rank</th><th>kind</th>"
          "<th>location</th><th>cost</th><th>direct</th><th>propagated</th>", f);
    fputs(replayed ? "<th title='run time saved with it evened out, measured by a "
                     "counterfactual replay'>saved by the replay</th>" : "", f);
    fputs("</tr></thead><tbody>\n", f);
    for (int i = 0; i < a->nroot_causes && i < 10; i++) {
        const seshat_root_cause *c = &a->root_causes[i];
        fprintf(f, "<tr><td>%d</td><td>", c->rank);
        an_markup(f, c->site < 0 ? "computation" : a->sites[c->site].function);
        fputs("</td><td>", f);
        an_markup(f, seshat_root_cause_location(a, c));
        fputs("</td>", f);
        td_time(f, c->direct + c->propagated);
        td_time(f, c->direct);
        td_time(f, c->propagated);
        if (replayed && c->saved >= 0)
            td_time(f, c->saved);
        else if (replayed)
            fputs("<td>-</td>", f);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

/* The POP efficiencies (docs/patterns.md) as POP reports colour them:
 * green from 0.8, orange from 0.6, red below. */
static void pop_row(FILE *f, const char *name, const char *id, double v, int depth)
{
    const char *bg = v < 0 ? "#eee" : v >= 0.8 ? "#b6e3b6" : v >= 0.6 ? "#ffd59a" : "#f4a6a6";
    fprintf(f, "<tr><th style='padding-left:%dem'>%s</th><td id='pop-%s' style='background:%s'>",
            1 + 2 * depth, name, id, bg);
    if (v < 0)
        fputs("(--pop; none without computation)</td></tr>\n", f);
    else
        fprintf(f, "%.4f</td></tr>\n", v);
}

static void pop_table(FILE *f, const seshat_analysis *a)
{
    seshat_pop p;
    seshat_analysis_pop(a, &p);
    if (!p.defined)   /* no computation recorded: every row says so */
        p.parallel = p.load_balance = p.communication = -1;
    fputs("<h2 id='pop'>POP efficiency</h2><p>Parallel efficiency = load balance &times; "
          "communication efficiency; communication = serialization &times; transfer (the "
          "trace replayed on an ideal network, <code>seshat-analyze --pop</code>).</p>\n"
          "<table class='kv' id='pop-table'>\n", f);
    pop_row(f, "parallel efficiency", "parallel", p.parallel, 0);
    pop_row(f, "load balance", "load-balance", p.load_balance, 1);
    pop_row(f, "communication efficiency", "communication", p.communication, 1);
    pop_row(f, "serialization efficiency", "serialization", p.serialization, 2);
    pop_row(f, "transfer efficiency", "transfer", p.transfer, 2);
    fputs("</table>\n", f);
}

/* The first line of the page: the POP verdict and the top root cause. */
static void verdict(FILE *f, const seshat_analysis *a)
{
    seshat_pop p;
    seshat_analysis_pop(a, &p);
    fputs("<p id='verdict' class='verdict'><b>Verdict:</b> ", f);
    if (p.defined)
        fprintf(f, "parallel efficiency <b>%.1f%%</b> = load balance %.1f%% &times; communication "
                   "%.1f%%", 100 * p.parallel, 100 * p.load_balance, 100 * p.communication);
    else
        fputs("no computation recorded (no POP efficiency)", f);
    if (p.defined && p.serialization >= 0)
        fprintf(f, " (serialization %.1f%% &times; transfer %.1f%%)", 100 * p.serialization,
                100 * p.transfer);
    if (a->have_delay && a->nroot_causes) {
        const seshat_root_cause *c = &a->root_causes[0];
        char all[32], saved[32];
        human(all, sizeof all, c->direct + c->propagated);
        human(saved, sizeof saved, c->saved);
        fputs("; top root cause: ", f);
        cause_name(f, a, c);
        fprintf(f, ", <b>%s</b> of waiting caused", all);
        if (c->saved >= 0)
            fprintf(f, " (evening it out saves %s)", saved);
    } else if (a->have_delay) {
        fputs("; no rank kept another waiting", f);
    }
    fputs(".</p>\n", f);
}

/* A trace that is not whole: the first thing on the page, one problem per line. */
static void warning(FILE *f, const seshat_analysis *a)
{
    if (a->complete)
        return;
    fputs("<div class=\"warning\" style=\"border:3px solid #c00;background:#fee;padding:0.5em 1em;"
          "margin-bottom:1em\"><b>Not a whole trace</b>: the wait states of the ranks concerned "
          "may be missing or wrong.\n<ul>\n", f);
    for (int i = 0; i < a->nproblems; i++) {
        fputs("<li>", f);
        an_markup(f, a->problems[i]);
        fputs("</li>\n", f);
    }
    fputs("</ul></div>\n", f);
}

static const char style[] =
    "<style>body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1600px}"
    "svg.map text{font-size:12px}h2{margin-top:1.6em;border-bottom:1px solid #ccc}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px;"
    "text-align:left;vertical-align:top}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    ".pair{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}"
    ".status.ok b{color:#070}.status.bad b{color:#c00}table.kv th{background:#f4f4f4}"
    "table.sortable th{cursor:pointer;background:#f4f4f4}nav a{margin-right:1em}"
    ".tlbar{margin:0.3em 0}#tlv{cursor:crosshair;display:block}"
    ".tl{display:flex;width:100%}.tlranks{flex:none}.tlmain{flex:1;min-width:0}"
    ".tlaxis{position:relative;height:16px;font-size:10px;border-top:1px solid #333}"
    ".tlaxis span{position:absolute;top:2px;transform:translateX(-50%);white-space:nowrap}"
    ".tlaxis span:first-child{transform:none}.tlaxis span:last-child{transform:translateX(-100%)}"
    ".tlcap{text-align:center;font-size:12px}.legend{font-size:12px;margin:0.4em 0}"
    ".legend .item{display:inline-block;margin-right:1.2em;white-space:nowrap}"
    ".legend .sw{display:inline-block;width:14px;height:10px;margin-right:4px;"
    "border:1px solid #999;box-sizing:border-box}"
    ".verdict{font-size:15px;background:#f4f4f4;border-left:4px solid #555;padding:0.4em 0.8em}"
    "</style>\n";

/* Sorting, zooming, and two hooks: "#click=ID,ID,..." clicks those
 * elements in turn once the page is ready and records the timeline's range
 * after each in body's data-views (tests drive the page through it);
 * "#view=SECTION" shows that section alone (the docs' screenshots). */
static const char script[] =
    "<script>(function(){\n"
    "var tl=document.getElementById('tlv'),run=+document.getElementById('tl').dataset.run||1,"
    "U=1e6,H=tl?tl.viewBox.baseVal.height:0,span=document.getElementById('tlrange');\n"
    "function fmt(ns,ref,span){var u=ref>=1e9?[1e9,'s']:ref>=1e6?[1e6,'ms']:ref>=1e3?[1e3,'\\u00b5s']:[1,'ns'],\n"
    " d=Math.max(0,Math.min(9,Math.ceil(-Math.log10((span||ref||1)/4/u[0]))));return ns?(ns/u[0]).toFixed(d)+' '+u[1]:'0';}\n"
    "function view(a,b){if(b-a<1)b=a+1;if(a<0){b-=a;a=0;}if(b>run){a-=b-run;b=run;}if(a<0)a=0;\n"
    " tl.setAttribute('viewBox',(a*U/run)+' 0 '+((b-a)*U/run)+' '+H);\n"
    " span.dataset.from=Math.round(a);span.dataset.to=Math.round(b);span.textContent=fmt(a,b,b-a)+' .. '+fmt(b,b,b-a);\n"
    " var g=document.getElementById('tlaxis'),s='';for(var t=0;t<=4;t++)\n"
    "  s+=\"<span style='left:\"+25*t+\"%'>\"+fmt(a+(b-a)*t/4,b,b-a)+'</span>';\n"
    " g.innerHTML=s;document.body.dataset.view=Math.round(a)+' '+Math.round(b);}\n"
    "function cur(){return [+span.dataset.from,+span.dataset.to];}\n"
    "function zoom(f,c){var v=cur(),m=c===undefined?(v[0]+v[1])/2:c,h=(v[1]-v[0])*f/2;view(m-h,m+h);}\n"
    "if(tl){document.getElementById('zin').onclick=function(){zoom(0.5);};\n"
    " document.getElementById('zout').onclick=function(){zoom(2);};\n"
    " document.getElementById('zall').onclick=function(){view(0,run);};\n"
    " function at(e){var r=tl.getBoundingClientRect(),v=cur();return v[0]+(e.clientX-r.left)/r.width*(v[1]-v[0]);}\n"
    " var d0=null;tl.onmousedown=function(e){d0=at(e);e.preventDefault();};\n"
    " document.addEventListener('mouseup',function(e){if(d0===null)return;var d1=at(e),v=cur();\n"
    "  if(Math.abs(d1-d0)>(v[1]-v[0])*0.005)view(Math.min(d0,d1),Math.max(d0,d1));d0=null;});\n"
    " tl.onwheel=function(e){zoom(e.deltaY<0?0.8:1.25,at(e));e.preventDefault();};\n"
    " document.querySelectorAll('a.show').forEach(function(l){l.onclick=function(){\n"
    "  var a=+l.dataset.from,b=+l.dataset.to,p=Math.max((b-a)*0.25,1000);view(a-p,b+p);\n"
    "  document.getElementById('timeline').scrollIntoView();return false;};});}\n"
    "document.querySelectorAll('table.sortable th').forEach(function(th,i){th.onclick=function(){\n"
    " var t=th.closest('table'),rows=[].slice.call(t.rows,1),up=th.dataset.dir!=='up';\n"
    " rows.sort(function(x,y){var p=x.cells[i].dataset.s||x.cells[i].textContent,q=y.cells[i].dataset.s||y.cells[i].textContent,\n"
    "  u=parseFloat(p),w=parseFloat(q),c=isNaN(u)||isNaN(w)?p.localeCompare(q):u-w;return up?-c:c;});\n"
    " rows.forEach(function(r){t.tBodies[0].appendChild(r);});th.dataset.dir=up?'up':'down';\n"
    " document.body.dataset.sorted=i+' '+th.dataset.dir;};});\n"
    "var v=/[#&]view=([\\w-]+)/.exec(location.hash);if(v){var on=false;[].slice.call(document.body.children)\n"
    " .forEach(function(e){if(e.tagName==='H2')on=e.id===v[1];if(e.tagName!=='SCRIPT'&&!on)e.style.display='none';});}\n"
    "var m=/[#&]click=([\\w,-]+)/.exec(location.hash),log=[];if(m)m[1].split(',').forEach(function(id){\n"
    " var e=document.getElementById(id);if(e)e.click();log.push(document.body.dataset.view||'');});\n"
    "document.body.dataset.views=log.join('|');\n"
    "document.body.setAttribute('data-rendered','yes');})();</script>\n";

int seshat_analysis_write_html(const seshat_analysis *a, const char *path, char *err,
                               size_t errlen)
{
    seshat_sw w;
    FILE *f = seshat_sw_open(&w, path, err, errlen);
    if (!f)
        return -1;
    fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>seshat analysis</title>\n"
               "%s</head><body>\n<h1>seshat analysis</h1>\n<nav><a href='#pop'>POP</a><a href='#root-causes'>root causes</a><a href='#summary'>summary</a>"
               "<a href='#waits-by-rank'>wait states</a><a href='#matrix'>matrix</a><a href='#sizes'>"
               "sizes</a><a href='#longest-waits'>longest waits</a><a href='#timeline'>timeline</a>"
               "<a href='#callsites'>call sites</a></nav>\n", style);
    verdict(f, a);
    warning(f, a);
    pop_table(f, a);
    root_causes(f, a);
    summary(f, a);
    heat_map(f, a);
    comm_matrix(f, a);
    sizes(f, a);
    io_section(f, a);
    wait_list(f, a);
    timeline(f, a);
    site_table(f, a);
    if (a->samples)
        an_samples_html(f, a->samples, 5);
    fputs(script, f);
    fputs("</body></html>\n", f);
    return seshat_sw_commit(&w, err, errlen);
}

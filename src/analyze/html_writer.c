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
#define LOG_DECADES 4    /* colour scales span 10^-4 .. 1 of their maximum */

static double sec(int64_t ns) { return 1e-9 * (double)ns; }

/* White, then yellow to dark violet over x in (0, 1]. */
static void colour(char *out, double x)
{
    static const int stops[4][3] = { { 255, 255, 255 }, { 253, 231, 37 }, { 33, 145, 140 },
                                     { 68, 1, 84 } };
    x = x < 0 ? 0 : x > 1 ? 1 : x;
    double p = x * 3;
    int i = p >= 3 ? 2 : (int)p;
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
    fprintf(f, "<h2 id='summary'>Summary</h2><p id='status' class='status %s'>Trace: <b>%s</b></p>\n"
               "<table class='kv'><tr><th>ranks</th><td>%d</td></tr>\n"
               "<tr><th>run time (virtual)</th><td id='run-time'>%.9f s</td></tr>\n"
               "<tr><th>ranks end</th><td>%.9f .. %.9f s</td></tr>\n"
               "<tr><th>time of all ranks</th><td>%.9f s</td></tr>\n"
               "<tr><th>computation</th><td id='computation'>%.9f s (%.1f%%)</td></tr>\n"
               "<tr><th>MPI</th><td id='mpi'>%.9f s (%.1f%%)</td></tr>\n",
            a->complete ? "ok" : "bad", a->complete ? "complete" : "NOT complete (see above)",
            a->nranks, sec(a->run_time), sec(lo), sec(a->run_time), sec(all), sec(comp),
            pct * (double)comp, sec(mpi), pct * (double)mpi);
    if (a->have_critical_path)
        fprintf(f, "<tr><th>critical path</th><td>computation %.9f s, MPI %.9f s</td></tr>\n",
                sec(a->critical_path[a->nsites]), sec(a->run_time - a->critical_path[a->nsites]));
    if (a->have_whatif) {
        fputs("<tr><th>what-if ", f);
        an_markup(f, a->whatif_model ? a->whatif_model : "");
        fprintf(f, "</th><td>predicted %.9f s</td></tr>\n", sec(a->whatif_time));
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
    fputs("<table id='patterns'><tr><th>pattern</th><th>total (s)</th><th>% of all ranks' time</th>"
          "<th>most on rank</th><th>there (s)</th></tr>\n", f);
    for (int p = 0; p < SESHAT_NPATTERNS; p++) {
        int worst = 0;
        for (int r = 1; r < a->nranks; r++)
            worst = pat_rank(a, p, r) > pat_rank(a, p, worst) ? r : worst;
        int64_t t = pat_total(a, p);
        fprintf(f, "<tr data-pattern='%s'><td style='padding-left:%dem'>", seshat_pattern_infos[p].name,
                depth_of(p));
        an_markup(f, seshat_pattern_infos[p].display);
        fprintf(f, "</td><td class='n'>%.9f</td><td class='n'>%.2f</td><td class='n'>%d</td>"
                   "<td class='n'>%.9f</td></tr>\n",
                sec(t), all ? 100.0 * (double)t / (double)all : 0, worst,
                sec(a->nranks ? pat_rank(a, p, worst) : 0));
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
          "timeline onto it.</p>\n<table id='waits'><tr><th>#</th><th>rank</th><th>waited (s)</th>"
          "<th>from (s)</th><th>to (s)</th><th>ended by rank</th><th>in call</th><th></th></tr>\n", f);
    for (int i = 0; i < a->ntop_waits; i++) {
        const seshat_wait *w = &a->top_waits[i];
        fprintf(f, "<tr><td>%d</td><td class='n'>%d</td><td class='n'>%.9f</td><td class='n'>%.9f"
                   "</td><td class='n'>%.9f</td><td class='n'>%d</td><td>",
                i + 1, w->rank, sec(w->to - w->from), sec(w->from), sec(w->to), w->cause_rank);
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

static void timeline(FILE *f, const seshat_analysis *a)
{
    int rows = a->nranks > 256 ? 256 : a->nranks, rh = rows > 64 ? 4 : 16, width = 1000;
    int step = label_step(rows), hgt = rh * rows;
    double k = a->run_time ? TL_UNITS / (double)a->run_time : 0;
    uint64_t total = 0;
    for (size_t i = 0; i < (size_t)a->nranks * (size_t)a->nranks; i++)
        total += a->msg_count[i];
    char lines[96];
    if (a->nmsgs < total)
        snprintf(lines, sizeof lines, "the longest %zu of %llu messages drawn", a->nmsgs,
                 (unsigned long long)total);
    else
        snprintf(lines, sizeof lines, "all %zu messages drawn", a->nmsgs);
    fprintf(f, "<h2 id='timeline'>Timeline</h2><p>Virtual time of each rank%s: grey is computation, "
               "colours are MPI calls by call site (hover for the call); black lines are messages, "
               "from the send on the sender's row to the end of the receive on the receiver's "
               "(<span id='msglines'>%s</span>); red boxes are the longest waits, red lines come "
               "from the rank that ended them. Zoom: the buttons, drag across the time axis, or "
               "the mouse wheel.</p>\n<div class='tlbar'><button id='zin'>zoom in"
               "</button> <button id='zout'>zoom out</button> <button id='zall'>whole run</button> "
               "showing <span id='tlrange' data-from='0' data-to='%lld'>0 .. %.9f s</span></div>\n"
               "<svg id='tl' width='%d' height='%d' class='map' data-run='%lld'>\n"
               "<text x='0' y='%d' font-size='10'>rank</text>",
            rows < a->nranks ? " (the first 256)" : "", lines, (long long)a->run_time, sec(a->run_time),
            width + 120, hgt + 50, (long long)a->run_time, hgt + 14);
    for (int r = 0; r < rows; r += step)
        fprintf(f, "<text x='50' y='%d' font-size='10' text-anchor='end'>%d</text>", rh * r + rh - 3, r);
    fprintf(f, "<svg id='tlv' x='60' y='0' width='%d' height='%d' viewBox='0 0 %g %d' "
               "preserveAspectRatio='none'>\n", width, hgt, TL_UNITS, hgt);
    /* An invisible backdrop: the wheel and drags act between the rows too
     * (an unpainted gap would hand them to the page, which scrolls). */
    fprintf(f, "<rect width='%g' height='%d' fill='#fff' fill-opacity='0'/>\n", TL_UNITS, hgt);
    seshat_segment *tmp = malloc((MAX_DRAWN + 1) * sizeof *tmp);
    for (int r = 0; r < rows && tmp; r++)
        timeline_row(f, a, r, rh, k, tmp);
    free(tmp);
    timeline_msgs(f, a, rows, rh, k);
    timeline_waits(f, a, rows, rh, k);
    fprintf(f, "</svg><g id='tlaxis' transform='translate(60,%d)'>", hgt);
    for (int t = 0; t <= 4; t++)   /* the script redraws these on zoom */
        fprintf(f, "<line x1='%d' y1='0' x2='%d' y2='5' stroke='#333'/><text x='%d' y='18' "
                   "text-anchor='middle' font-size='10'>%.6f</text>",
                width * t / 4, width * t / 4, width * t / 4, sec(a->run_time) * t / 4);
    fprintf(f, "</g><text x='%d' y='%d' text-anchor='middle'>virtual time (s)</text></svg>\n",
            60 + width / 2, hgt + 44);
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
        for (int r = 0; r < a->nranks && p != SESHAT_PAT_P2P && p != SESHAT_PAT_COLL; r++)
            wait += *seshat_sev(a, p, s, r);
    fprintf(f, "</td><td class='n'>%llu</td><td class='n'>%.9f</td><td class='n'>%.9f</td>"
               "<td class='n'>%.9f</td><td class='n'>%.9f</td><td>",
            (unsigned long long)v, sec(t), sec(a->critical_path[s]), sec(a->cp_imbalance[s]), sec(wait));
    for (int p = SESHAT_PAT_MPI + 1; p < SESHAT_NPATTERNS; p++) {
        int64_t w = 0;
        for (int r = 0; r < a->nranks; r++)
            w += *seshat_sev(a, p, s, r);
        if (w && p != SESHAT_PAT_P2P && p != SESHAT_PAT_COLL)
            fprintf(f, "%s %.9f<br>", seshat_pattern_infos[p].name, sec(w));
    }
    fputs("</td></tr>\n", f);
}

static void site_table(FILE *f, const seshat_analysis *a)
{
    static const char *const head[] = { "call path", "file:line", "visits", "time in MPI (s)",
                                        "on the critical path (s)", "critical-path imbalance (s)",
                                        "wait states (s)", "by pattern (s)" };
    fputs("<h2 id='callsites'>Call sites</h2><p>Click a column heading to sort.</p>"
          "<table id='sites' class='sortable'><tr>", f);
    for (int i = 0; i < 8; i++)
        fprintf(f, "<th id='sites-col-%d'>%s</th>", i, head[i]);
    fputs("</tr>\n", f);
    for (int s = 0; s < a->nsites; s++)
        site_row(f, a, s);
    fputs("</table>\n", f);
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
        char line[1024];
        seshat_root_cause_words(a, i, line, sizeof line);
        fputs("<li>", f);
        an_markup(f, line);
        fputs("</li>\n", f);
    }
    fputs("</ol>\n", f);
    if (!a->nroot_causes)
        return;
    int replayed = 0;
    for (int i = 0; i < a->nroot_causes; i++)
        replayed |= a->root_causes[i].saved >= 0;
    fputs("<table id='root-cause-table'><thead><tr><th>rank</th><th>kind</th>"
          "<th>location</th><th>cost (s)</th><th>direct (s)</th><th>propagated (s)</th>", f);
    fputs(replayed ? "<th title='run time saved with it evened out, measured by a "
                     "counterfactual replay'>saved by the replay (s)</th>" : "", f);
    fputs("</tr></thead><tbody>\n", f);
    for (int i = 0; i < a->nroot_causes && i < 10; i++) {
        const seshat_root_cause *c = &a->root_causes[i];
        fprintf(f, "<tr><td>%d</td><td>", c->rank);
        an_markup(f, c->site < 0 ? "computation" : a->sites[c->site].function);
        fputs("</td><td>", f);
        an_markup(f, seshat_root_cause_location(a, c));
        fprintf(f, "</td><td>%.9f</td><td>%.9f</td><td>%.9f</td>",
                sec(c->direct + c->propagated), sec(c->direct), sec(c->propagated));
        if (replayed && c->saved >= 0)
            fprintf(f, "<td>%.9f</td>", sec(c->saved));
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
    ".tlbar{margin:0.3em 0}#tlv{cursor:crosshair}</style>\n";

/* Sorting, zooming, and two hooks: "#click=ID,ID,..." clicks those
 * elements in turn once the page is ready and records the timeline's range
 * after each in body's data-views (tests drive the page through it);
 * "#view=SECTION" shows that section alone (the docs' screenshots). */
static const char script[] =
    "<script>(function(){\n"
    "var tl=document.getElementById('tlv'),run=+document.getElementById('tl').dataset.run||1,"
    "U=1e6,H=tl?tl.viewBox.baseVal.height:0,span=document.getElementById('tlrange');\n"
    "function fmt(ns){return (ns/1e9).toFixed(9);}\n"
    "function view(a,b){if(b-a<1)b=a+1;if(a<0){b-=a;a=0;}if(b>run){a-=b-run;b=run;}if(a<0)a=0;\n"
    " tl.setAttribute('viewBox',(a*U/run)+' 0 '+((b-a)*U/run)+' '+H);\n"
    " span.dataset.from=Math.round(a);span.dataset.to=Math.round(b);span.textContent=fmt(a)+' .. '+fmt(b)+' s';\n"
    " var g=document.getElementById('tlaxis'),s='';for(var t=0;t<=4;t++){var x=250*t;\n"
    "  s+=\"<line x1='\"+x+\"' y1='0' x2='\"+x+\"' y2='5' stroke='#333'/><text x='\"+x+\"' y='18' "
    "text-anchor='middle' font-size='10'>\"+((a+(b-a)*t/4)/1e9).toFixed(9)+'</text>';}\n"
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
    " rows.sort(function(x,y){var p=x.cells[i].textContent,q=y.cells[i].textContent,\n"
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
               "%s</head><body>\n<h1>seshat analysis</h1>\n<nav><a href='#root-causes'>root causes</a><a href='#pop'>POP</a><a href='#summary'>summary</a>"
               "<a href='#waits-by-rank'>wait states</a><a href='#matrix'>matrix</a><a href='#sizes'>"
               "sizes</a><a href='#longest-waits'>longest waits</a><a href='#timeline'>timeline</a>"
               "<a href='#callsites'>call sites</a></nav>\n", style);
    warning(f, a);
    root_causes(f, a);
    pop_table(f, a);
    summary(f, a);
    heat_map(f, a);
    comm_matrix(f, a);
    sizes(f, a);
    wait_list(f, a);
    timeline(f, a);
    site_table(f, a);
    if (a->samples)
        an_samples_html(f, a->samples, 5);
    fputs(script, f);
    fputs("</body></html>\n", f);
    return seshat_sw_commit(&w, err, errlen);
}

/* html_writer.c - TRACEDIR/report.html: one self-contained page (inline
 * CSS and SVG drawn here, no network, no script needed to see it): run
 * summary, wait-state heat map (pattern x rank), communication matrix,
 * message sizes, call sites, and the ranks' virtual-time timeline. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"
#include "analyze/markup.h"

#define MAX_DRAWN 1500   /* timeline segments per rank, the longest kept */

/* White to dark blue through teal, x in [0, 1]. */
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

static void legend(FILE *f, int x, int y, const char *lo, const char *hi)
{
    char c[8];
    for (int i = 0; i < 100; i++) {
        colour(c, i / 99.0);
        fprintf(f, "<rect x='%d' y='%d' width='2' height='10' fill='%s'/>", x + 2 * i, y, c);
    }
    fprintf(f, "<text x='%d' y='%d'>%s</text><text x='%d' y='%d' text-anchor='end'>%s</text>", x,
            y + 22, lo, x + 200, y + 22, hi);
}

static int64_t pat_rank(const seshat_analysis *a, int p, int r)
{
    int64_t t = 0;
    for (int s = -1; s < a->nsites; s++)
        t += seshat_analysis_inclusive(a, p, s, r);
    return t;
}

static void heat_map(FILE *f, const seshat_analysis *a)
{
    int cw = a->nranks > 64 ? 6 : a->nranks > 16 ? 14 : 40, ch = 18, left = 250;
    int w = left + cw * a->nranks + 20, h = ch * SESHAT_NPATTERNS + 70;
    w = w < left + 320 ? left + 320 : w;
    fprintf(f, "<h2>Wait states by rank</h2><p>Share of each rank's run time (inclusive values; "
               "darker is more).</p>\n<svg width='%d' height='%d' class='map'>\n", w, h);
    char c[8];
    for (int p = 0; p < SESHAT_NPATTERNS; p++) {
        int depth = 0;
        for (int q = seshat_pattern_infos[p].parent; q >= 0; q = seshat_pattern_infos[q].parent)
            depth++;
        fprintf(f, "<text x='%d' y='%d'>", 4 + 10 * depth, 14 + ch * p);
        an_markup(f, seshat_pattern_infos[p].display);
        fputs("</text>", f);
        for (int r = 0; r < a->nranks; r++) {
            int64_t v = pat_rank(a, p, r), t = a->rank_time[r] ? a->rank_time[r] : 1;
            colour(c, (double)v / (double)t);
            fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='%s' stroke='#ddd'>"
                       "<title>%s, rank %d: %.9f s (%.1f%%)</title></rect>\n",
                    left + cw * r, 2 + ch * p, cw, ch, c, seshat_pattern_infos[p].name, r,
                    1e-9 * (double)v, 100.0 * (double)v / (double)t);
        }
    }
    legend(f, left, ch * SESHAT_NPATTERNS + 12, "0%", "100% of the rank");
    fputs("</svg>\n", f);
}

static void comm_matrix(FILE *f, const seshat_analysis *a)
{
    uint64_t max = 0;
    for (size_t i = 0; i < (size_t)a->nranks * (size_t)a->nranks; i++)
        max = a->msg_bytes[i] > max ? a->msg_bytes[i] : max;
    int cs = a->nranks > 128 ? 3 : a->nranks > 32 ? 8 : 24, n = a->nranks;
    fprintf(f, "<h2>Communication matrix</h2><p>Point-to-point bytes, sender (row) to receiver "
               "(column).</p>\n<svg width='%d' height='%d' class='map'>\n", 60 + cs * n + 230,
            40 + cs * n + 40);
    char c[8];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            uint64_t b = a->msg_bytes[(size_t)i * n + j], k = a->msg_count[(size_t)i * n + j];
            colour(c, max ? (double)b / (double)max : 0);
            fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='%s'><title>%d &#8594; %d: "
                       "%llu messages, %llu bytes</title></rect>\n",
                    50 + cs * j, 30 + cs * i, cs, cs, c, i, j, (unsigned long long)k,
                    (unsigned long long)b);
        }
    fprintf(f, "<text x='50' y='20'>receiver &#8594;</text><text x='4' y='%d'>sender</text>",
            40 + cs * n / 2);
    fprintf(f, "<rect x='50' y='30' width='%d' height='%d' fill='none' stroke='#999'/>", cs * n, cs * n);
    char hi[64];
    snprintf(hi, sizeof hi, "%llu bytes", (unsigned long long)max);
    legend(f, 60 + cs * n + 10, 30, "0", hi);
    fputs("</svg>\n", f);
}

static void sizes(FILE *f, const seshat_analysis *a)
{
    uint64_t max = 0;
    int last = 0;
    for (int b = 0; b < SESHAT_SIZE_BUCKETS; b++)
        if (a->size_hist[b]) {
            max = a->size_hist[b] > max ? a->size_hist[b] : max;
            last = b;
        }
    fprintf(f, "<h2>Message sizes</h2>\n<svg width='%d' height='190' class='map'>\n", 60 + 26 * (last + 1));
    for (int b = 0; b <= last; b++) {
        double hgt = max ? 130.0 * (double)a->size_hist[b] / (double)max : 0;
        unsigned long long lo = b ? 1ull << (b - 1) : 0;
        fprintf(f, "<rect x='%d' y='%.1f' width='22' height='%.1f' fill='#21918c'><title>%llu.. "
                   "bytes: %llu messages</title></rect>",
                40 + 26 * b, 140 - hgt, hgt, lo, (unsigned long long)a->size_hist[b]);
        if (b % 3 == 0)
            fprintf(f, "<text x='%d' y='160' font-size='10'>%llu%s</text>", 40 + 26 * b,
                    lo >= 1048576 ? lo >> 20 : lo >= 1024 ? lo >> 10 : lo,
                    lo >= 1048576 ? "M" : lo >= 1024 ? "K" : "");
    }
    fprintf(f, "<text x='40' y='180'>bytes (from; %llu messages at most)</text></svg>\n",
            (unsigned long long)max);
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

static void timeline(FILE *f, const seshat_analysis *a)
{
    int rows = a->nranks > 256 ? 256 : a->nranks, rh = rows > 64 ? 4 : 16, width = 1000;
    double scale = a->run_time ? (double)width / (double)a->run_time : 0;
    fprintf(f, "<h2>Timeline</h2><p>Virtual time of each rank: grey is computation, colours are "
               "MPI calls by call site (hover for details)%s.</p>\n<svg width='%d' height='%d' "
               "class='map'>\n", rows < a->nranks ? ", first 256 ranks" : "", width + 80,
            rh * rows + 40);
    char c[16];
    seshat_segment *tmp = malloc((MAX_DRAWN + 1) * sizeof *tmp);
    for (int r = 0; r < rows && tmp; r++) {
        fprintf(f, "<text x='0' y='%d' font-size='10'>%d</text><rect x='60' y='%d' width='%.1f' "
                   "height='%d' fill='#eeeeee'/>\n", rh * r + rh - 3, r, rh * r,
                (double)a->rank_time[r] * scale, rh - 1);
        size_t n = a->ntimeline[r];
        const seshat_segment *seg = a->timeline[r];
        if (n > MAX_DRAWN) {   /* draw the longest calls only */
            seshat_segment *all = malloc(n * sizeof *all);
            if (!all)
                break;
            memcpy(all, seg, n * sizeof *all);
            qsort(all, n, sizeof *all, cmp_len);
            memcpy(tmp, all, MAX_DRAWN * sizeof *tmp);
            free(all);
            seg = tmp;
            n = MAX_DRAWN;
        }
        for (size_t i = 0; i < n; i++) {
            double x = 60 + (double)seg[i].start * scale, w = (double)(seg[i].end - seg[i].start) * scale;
            site_colour(c, seg[i].site);
            fprintf(f, "<rect x='%.2f' y='%d' width='%.2f' height='%d' fill='%s'><title>", x, rh * r,
                    w < 0.3 ? 0.3 : w, rh - 1, c);
            if (seg[i].site >= 0) {
                an_markup(f, a->sites[seg[i].site].function);
                fputc(' ', f);
                an_markup(f, a->sites[seg[i].site].location);
            }
            fprintf(f, ": %.9f .. %.9f s</title></rect>\n", 1e-9 * (double)seg[i].start,
                    1e-9 * (double)seg[i].end);
        }
    }
    free(tmp);
    fprintf(f, "<text x='60' y='%d'>0 s</text><text x='%d' y='%d' text-anchor='end'>%.6f s</text>"
               "</svg>\n", rh * rows + 20, 60 + width, rh * rows + 20, 1e-9 * (double)a->run_time);
}

static void site_table(FILE *f, const seshat_analysis *a)
{
    fputs("<h2>Call sites</h2><table><tr><th>call</th><th>location</th><th>visits</th>"
          "<th>time in MPI (s)</th><th>on the critical path (s)</th><th>critical-path imbalance (s)"
          "</th><th>wait states (s)</th></tr>\n", f);
    for (int s = 0; s < a->nsites; s++) {
        uint64_t v = 0;
        int64_t t = 0;
        for (int r = 0; r < a->nranks; r++) {
            v += a->visits[(size_t)s * (size_t)a->nranks + (size_t)r];
            t += seshat_analysis_inclusive(a, SESHAT_PAT_MPI, s, r);
        }
        fputs("<tr><td>", f);
        an_markup(f, a->sites[s].function);
        fputs("</td><td>", f);
        an_markup(f, a->sites[s].location);
        fprintf(f, "</td><td>%llu</td><td>%.9f</td><td>%.9f</td><td>%.9f</td><td>",
                (unsigned long long)v, 1e-9 * (double)t, 1e-9 * (double)a->critical_path[s],
                1e-9 * (double)a->cp_imbalance[s]);
        for (int p = SESHAT_PAT_MPI + 1; p < SESHAT_NPATTERNS; p++) {
            int64_t w = 0;
            for (int r = 0; r < a->nranks; r++)
                w += *seshat_sev(a, p, s, r);
            if (w && p != SESHAT_PAT_P2P && p != SESHAT_PAT_COLL)
                fprintf(f, "%s %.9f<br>", seshat_pattern_infos[p].name, 1e-9 * (double)w);
        }
        fputs("</td></tr>\n", f);
    }
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

int seshat_analysis_write_html(const seshat_analysis *a, const char *path, char *err,
                               size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    fputs("<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>seshat analysis</title>\n"
          "<style>body{font-family:sans-serif;margin:2em;color:#222}svg.map text{font-size:12px}"
          "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;"
          "font-size:13px;text-align:left}</style></head><body>\n<h1>seshat analysis</h1>\n", f);
    warning(f, a);
    fprintf(f, "<p>%d ranks, run time <b>%.9f s</b> (virtual).", a->nranks, 1e-9 * (double)a->run_time);
    if (a->have_whatif) {
        fputs(" What-if ", f);
        an_markup(f, a->whatif_model ? a->whatif_model : "");
        fprintf(f, ": predicted <b>%.9f s</b>.", 1e-9 * (double)a->whatif_time);
    }
    fputs("</p>\n", f);
    heat_map(f, a);
    comm_matrix(f, a);
    sizes(f, a);
    timeline(f, a);
    site_table(f, a);
    /* The page is complete without this; tests look for the marker. */
    fputs("<script>document.body.setAttribute('data-rendered', 'yes');</script>\n</body></html>\n", f);
    if (fclose(f) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

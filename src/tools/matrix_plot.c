/* matrix_plot.c - one gnuplot run draws the three pictures. */
#include "tools/matrix_plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* gnuplot string literal: single quotes, doubled inside. */
static void quoted(FILE *g, const char *prefix, const char *suffix)
{
    fputc('\'', g);
    for (const char *c = prefix; *c; c++)
        fputs(*c == '\'' ? "''" : (char[]){ *c, 0 }, g);
    fprintf(g, "%s'", suffix);
}

static void heat_map(FILE *g, const char *prefix, const char *what, const char *title)
{
    char csv[32], png[32];
    snprintf(csv, sizeof csv, "-%s.csv", what);
    snprintf(png, sizeof png, "-%s.png", what);
    fputs("set output ", g);
    quoted(g, prefix, png);
    fprintf(g, "\nset title '%s'\nset xlabel 'receiver rank'\nset ylabel 'sender rank'\n"
               "set yrange [] reverse\nset cblabel '%s'\n", title, what);
    fputs("plot ", g);
    quoted(g, prefix, csv);
    fputs(" matrix rowheaders columnheaders with image notitle\nunset yrange\n", g);
}

int seshat_matrix_plot(const char *prefix)
{
    char csv[4200];
    snprintf(csv, sizeof csv, "%s-count.csv", prefix);
    if (access(csv, R_OK)) {
        fprintf(stderr, "seshat-run: report.matrix: %s was not written, no pictures\n", csv);
        return -1;
    }
    if (system("command -v gnuplot >/dev/null 2>&1") != 0) {
        fprintf(stderr, "seshat-run: report.matrix: gnuplot not found, CSV only "
                        "(apt-get install gnuplot-nox)\n");
        return -1;
    }
    FILE *g = popen("gnuplot", "w");
    if (!g)
        return -1;
    fputs("set terminal pngcairo size 720,640 noenhanced\nset datafile separator ','\n"
          "set palette defined (0 'white', 1 '#fde725', 2 '#21918c', 3 '#440154')\n"
          "set tics out\nset view map\n", g);
    heat_map(g, prefix, "count", "messages sent, sender x receiver");
    heat_map(g, prefix, "bytes", "bytes sent, sender x receiver");
    fputs("set output ", g);
    quoted(g, prefix, "-sizes.png");
    fputs("\nset title 'point-to-point message sizes'\nset xlabel 'size (bytes, from)'\n"
          "set ylabel 'messages'\nset style fill solid 0.8\nset boxwidth 0.8\n"
          "set xtics rotate by -45\n"
          "size(b) = b < 1024 ? sprintf('%dB', b) : b < 1048576 ? sprintf('%dKiB', b / 1024)"
          " : sprintf('%dMiB', b / 1048576)\nplot ", g);
    quoted(g, prefix, "-sizes.csv");
    fputs(" every ::1 using 0:3:xtic(int($0) % 3 == 0 ? size(int($1)) : '') with boxes lc rgb '#21918c' notitle\n", g);
    int st = pclose(g);
    if (st != 0) {
        fprintf(stderr, "seshat-run: report.matrix: gnuplot failed (status %d)\n", st);
        return -1;
    }
    return 0;
}

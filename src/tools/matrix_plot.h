/* matrix_plot.h - render [report] matrix CSV files as pictures with
 * gnuplot: PREFIX-count.png and PREFIX-bytes.png (heat maps, sender x
 * receiver) and PREFIX-sizes.png (message-size histogram). */
#ifndef SESHAT_MATRIX_PLOT_H
#define SESHAT_MATRIX_PLOT_H

/* 0, or -1 after a message on stderr (gnuplot missing, files missing). */
int seshat_matrix_plot(const char *prefix);

#endif

/* matrix.h - [report] matrix: the rank x rank message-count and byte
 * matrices and the message-size histogram of point-to-point traffic, as
 * the model ranks see it (each sees its senders' rows; the first model
 * rank sums them and writes the CSV files). */
#ifndef SESHAT_MATRIX_H
#define SESHAT_MATRIX_H

#include <stddef.h>
#include <stdint.h>

#define SESHAT_SIZE_BINS 32   /* bin b: [2^(b-1), 2^b) bytes; bin 0: 0 bytes */

typedef struct seshat_matrix {
    int n;                    /* application ranks */
    uint64_t *cells;          /* count[n*n], bytes[n*n], sizes[SESHAT_SIZE_BINS] */
} seshat_matrix;

int seshat_matrix_init(seshat_matrix *m, int n);          /* 0 or -1 */
void seshat_matrix_free(seshat_matrix *m);
void seshat_matrix_add(seshat_matrix *m, int src, int dst, int64_t bytes);
/* The packed cells, for sending between model ranks. */
size_t seshat_matrix_ncells(const seshat_matrix *m);
void seshat_matrix_merge(seshat_matrix *m, const uint64_t *cells);
/* PREFIX-count.csv, PREFIX-bytes.csv, PREFIX-sizes.csv; 0 or -1 with a
 * message naming the file. */
int seshat_matrix_write(const seshat_matrix *m, const char *prefix, char *err, size_t errlen);

#endif

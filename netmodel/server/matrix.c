/* matrix.c - counting messages per (sender, receiver) and per size. */
#include "server/matrix.h"

#include "common/safe_write.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int seshat_matrix_init(seshat_matrix *m, int n)
{
    m->n = n;
    m->cells = calloc(2 * (size_t)n * (size_t)n + SESHAT_SIZE_BINS, sizeof *m->cells);
    return m->cells ? 0 : -1;
}

void seshat_matrix_free(seshat_matrix *m)
{
    free(m->cells);
    m->cells = NULL;
}

size_t seshat_matrix_ncells(const seshat_matrix *m)
{
    return 2 * (size_t)m->n * (size_t)m->n + SESHAT_SIZE_BINS;
}

static int size_bin(int64_t bytes)
{
    int b = 0;
    while (bytes > 0 && b < SESHAT_SIZE_BINS - 1) {
        bytes >>= 1;
        b++;
    }
    return b;
}

void seshat_matrix_add(seshat_matrix *m, int src, int dst, int64_t bytes)
{
    if (!m->cells || src < 0 || dst < 0 || src >= m->n || dst >= m->n)
        return;
    size_t nn = (size_t)m->n * (size_t)m->n, at = (size_t)src * (size_t)m->n + (size_t)dst;
    m->cells[at]++;
    m->cells[nn + at] += (uint64_t)bytes;
    m->cells[2 * nn + (size_t)size_bin(bytes)]++;
}

void seshat_matrix_merge(seshat_matrix *m, const uint64_t *cells)
{
    for (size_t i = 0; i < seshat_matrix_ncells(m); i++)
        m->cells[i] += cells[i];
}

/* Through common/safe_write.h: a link planted where a matrix goes is
 * replaced, never written through. */
static int write_square(const seshat_matrix *m, const uint64_t *v, const char *path, char *err,
                        size_t errlen)
{
    seshat_sw w;
    FILE *f = seshat_sw_open(&w, path, err, errlen);
    if (!f)
        return -1;
    fprintf(f, "sender");
    for (int j = 0; j < m->n; j++)
        fprintf(f, ",%d", j);
    fputc('\n', f);
    for (int i = 0; i < m->n; i++) {
        fprintf(f, "%d", i);
        for (int j = 0; j < m->n; j++)
            fprintf(f, ",%llu", (unsigned long long)v[(size_t)i * (size_t)m->n + (size_t)j]);
        fputc('\n', f);
    }
    return seshat_sw_commit(&w, err, errlen);
}

static int write_sizes(const uint64_t *bins, const char *path, char *err, size_t errlen)
{
    seshat_sw w;
    FILE *f = seshat_sw_open(&w, path, err, errlen);
    if (!f)
        return -1;
    fprintf(f, "from_bytes,to_bytes,messages\n");
    for (int b = 0; b < SESHAT_SIZE_BINS; b++) {
        unsigned long long lo = b ? 1ull << (b - 1) : 0, hi = b ? (1ull << b) - 1 : 0;
        fprintf(f, "%llu,%llu,%llu\n", lo, hi, (unsigned long long)bins[b]);
    }
    return seshat_sw_commit(&w, err, errlen);
}

int seshat_matrix_write(const seshat_matrix *m, const char *prefix, char *err, size_t errlen)
{
    size_t nn = (size_t)m->n * (size_t)m->n;
    static const char *const suffix[] = { "count", "bytes", "sizes" };
    for (int k = 0; k < 3; k++) {
        char path[4200];
        snprintf(path, sizeof path, "%s-%s.csv", prefix, suffix[k]);
        char why[4400];
        int rc = k < 2 ? write_square(m, m->cells + (size_t)k * nn, path, why, sizeof why)
                       : write_sizes(m->cells + 2 * nn, path, why, sizeof why);
        if (rc) {
            snprintf(err, errlen, "report.matrix: %s", why);
            return -1;
        }
    }
    return 0;
}

/* an_util.c - the containers. */
#include "analyze/an_util.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

void an_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("seshat-analyze: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    int init = 0;
    MPI_Initialized(&init);
    if (init)
        MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

void an_vec_init(an_vec *v, size_t size)
{
    *v = (an_vec){ .size = size };
}

void *an_vec_push(an_vec *v)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 64;
        void *d = realloc(v->data, cap * v->size);
        if (!d)
            an_die("out of memory");
        v->data = d;
        v->cap = cap;
    }
    void *e = (char *)v->data + v->n++ * v->size;
    memset(e, 0, v->size);
    return e;
}

void an_vec_free(an_vec *v)
{
    free(v->data);
    v->data = NULL;
    v->n = v->cap = 0;
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

uint64_t an_key3(int64_t a, int64_t b, int64_t c)
{
    return mix(mix(mix((uint64_t)a) ^ (uint64_t)b) ^ (uint64_t)c);
}

/* Chained, never two halves xor-ed together: with mix(0) = 0 the halves
 * (0, b, 0) and (d, 0) were symmetric, so the receive key (to 0, from 1,
 * comm 0, tag 2, seq 0) equalled (to 0, from 2, comm 0, tag 1, seq 0) and
 * the analyzer paired a receive with another sender's message (found on
 * hpcc's trace by the oracle; tests/unit/test_an_keys.c). */
uint64_t an_key5(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e)
{
    return mix(mix(an_key3(a, b, c) ^ (uint64_t)d) ^ (uint64_t)e);
}

#define GONE UINT64_MAX

void an_map_init(an_map *m)
{
    *m = (an_map){ 0 };
}

static void grow(an_map *m)
{
    /* Rehash into a table sized for the live keys (deleted slots vanish). */
    size_t cap = 256;
    while (cap < 4 * (m->n + 1))
        cap *= 2;
    an_map n = { .cap = cap };
    n.keys = calloc(n.cap, sizeof *n.keys);
    n.vals = calloc(n.cap, sizeof *n.vals);
    if (!n.keys || !n.vals)
        an_die("out of memory");
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i] && m->keys[i] != GONE)
            *an_map_slot(&n, m->keys[i] - 1) = m->vals[i];
    free(m->keys);
    free(m->vals);
    *m = n;
}

/* Keys are stored + 1 so that 0 marks an empty slot. */
int64_t *an_map_slot(an_map *m, uint64_t key)
{
    if (key + 1 == GONE || key + 1 == 0)
        key ^= 1;   /* the two reserved values are never real keys */
    if (2 * (m->used + 1) > m->cap)
        grow(m);
    size_t i = mix(key) & (m->cap - 1), tomb = SIZE_MAX;
    while (m->keys[i] && m->keys[i] != key + 1) {
        if (m->keys[i] == GONE && tomb == SIZE_MAX)
            tomb = i;
        i = (i + 1) & (m->cap - 1);
    }
    if (!m->keys[i]) {
        if (tomb != SIZE_MAX)
            i = tomb;
        else
            m->used++;
        m->keys[i] = key + 1;
        m->vals[i] = 0;
        m->n++;
    }
    return &m->vals[i];
}

void an_map_del(an_map *m, uint64_t key)
{
    if (key + 1 == GONE || key + 1 == 0)
        key ^= 1;
    if (!m->cap)
        return;
    size_t i = mix(key) & (m->cap - 1);
    while (m->keys[i]) {
        if (m->keys[i] == key + 1) {
            m->keys[i] = GONE;
            m->n--;
            return;
        }
        i = (i + 1) & (m->cap - 1);
    }
}

int64_t an_map_get(const an_map *m, uint64_t key, int *found)
{
    *found = 0;
    if (key + 1 == GONE || key + 1 == 0)
        key ^= 1;
    if (!m->cap)
        return 0;
    size_t i = mix(key) & (m->cap - 1);
    while (m->keys[i]) {
        if (m->keys[i] == key + 1) {
            *found = 1;
            return m->vals[i];
        }
        i = (i + 1) & (m->cap - 1);
    }
    return 0;
}

void an_map_free(an_map *m)
{
    free(m->keys);
    free(m->vals);
    *m = (an_map){ 0 };
}

void an_buf_put(an_buf *b, const void *p, size_t len)
{
    if (b->n + len > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + len)
            cap *= 2;
        char *d = realloc(b->data, cap);
        if (!d)
            an_die("out of memory");
        b->data = d;
        b->cap = cap;
    }
    if (len)   /* p may be NULL then (an empty vector's data) */
        memcpy(b->data + b->n, p, len);
    b->n += len;
}

void an_buf_i64(an_buf *b, int64_t v) { an_buf_put(b, &v, sizeof v); }

void an_buf_str(an_buf *b, const char *s)
{
    int64_t len = (int64_t)strlen(s);
    an_buf_i64(b, len);
    an_buf_put(b, s, (size_t)len);
}

void an_buf_get(an_buf *b, void *p, size_t len)
{
    if (b->pos + len > b->n)
        an_die("internal error: short buffer");
    if (len)
        memcpy(p, b->data + b->pos, len);
    b->pos += len;
}

int64_t an_buf_get_i64(an_buf *b)
{
    int64_t v;
    an_buf_get(b, &v, sizeof v);
    return v;
}

char *an_buf_get_str(an_buf *b)
{
    int64_t len = an_buf_get_i64(b);
    char *s = malloc((size_t)len + 1);
    if (!s)
        an_die("out of memory");
    an_buf_get(b, s, (size_t)len);
    s[len] = 0;
    return s;
}

void an_buf_free(an_buf *b)
{
    free(b->data);
    *b = (an_buf){ 0 };
}

/* an_util.h - small containers for the analyzer: a growable array, a byte
 * buffer for shipping records between analyzer processes, and an integer
 * hash map. Out of memory is fatal here (the analyzer cannot continue). */
#ifndef SESHAT_AN_UTIL_H
#define SESHAT_AN_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* A growable array of `size`-byte elements. */
typedef struct an_vec {
    void *data;
    size_t n, cap, size;
} an_vec;

void an_vec_init(an_vec *v, size_t size);
void *an_vec_push(an_vec *v);            /* a zeroed new element */
void an_vec_free(an_vec *v);
#define AN_AT(v, type, i) (&((type *)(v)->data)[i])
typedef struct an_pair { int64_t a, b; } an_pair;

/* Map from a 64-bit key to a 64-bit value (0 when absent). */
typedef struct an_map {
    uint64_t *keys;          /* key + 1; 0 empty; AN_MAP_GONE deleted */
    int64_t *vals;
    size_t cap, n, used;     /* n live keys; used = live + deleted slots */
} an_map;

void an_map_init(an_map *m);
int64_t *an_map_slot(an_map *m, uint64_t key);   /* created as 0 if absent */
int64_t an_map_get(const an_map *m, uint64_t key, int *found);
void an_map_del(an_map *m, uint64_t key);             /* no-op if absent */
void an_map_free(an_map *m);
uint64_t an_key3(int64_t a, int64_t b, int64_t c);   /* a well-mixed key of three ints */
uint64_t an_key5(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e);

/* A byte buffer for packing records (native byte order: the analyzer's
 * processes run on one kind of machine). */
typedef struct an_buf {
    char *data;
    size_t n, cap, pos;   /* pos: the reader's position */
} an_buf;

void an_buf_put(an_buf *b, const void *p, size_t len);
void an_buf_i64(an_buf *b, int64_t v);
void an_buf_str(an_buf *b, const char *s);
int64_t an_buf_get_i64(an_buf *b);
char *an_buf_get_str(an_buf *b);          /* malloc'ed */
void an_buf_get(an_buf *b, void *p, size_t len);
void an_buf_free(an_buf *b);

void an_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif

/* trace_reader.h - read a stream one record at a time, in bounded memory
 * (one decompressed frame). A truncated or corrupted stream yields every
 * complete frame, then an error naming the file and the byte offset. */
#ifndef SESHAT_TRACE_READER_H
#define SESHAT_TRACE_READER_H

#include <stddef.h>
#include <stdint.h>

typedef struct seshat_tr seshat_tr;

typedef struct seshat_tr_record {
    unsigned kind;
    const uint8_t *payload;   /* valid until the next call */
    size_t len;
} seshat_tr_record;

/* NULL with a message if the file cannot be opened. */
seshat_tr *seshat_tr_open(const char *path, char *err, size_t errlen);
/* 1: a record; 0: the end of a well-formed stream; -1: an error (see
 * seshat_tr_error; records before it were all delivered). */
int seshat_tr_next(seshat_tr *r, seshat_tr_record *rec);
const char *seshat_tr_error(const seshat_tr *r);
/* Compressed bytes consumed so far. */
uint64_t seshat_tr_offset(const seshat_tr *r);
void seshat_tr_close(seshat_tr *r);   /* accepts NULL */

/* Decodes up to n varints of a record's payload into v; returns how many. */
int seshat_tr_decode(const seshat_tr_record *rec, uint64_t *v, int n);

#endif

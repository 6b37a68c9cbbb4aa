/* trace_writer.h - append records to a stream; a background thread
 * compresses full buffers into LZ4 frames and writes them.
 *
 * The caller's thread only copies into the active buffer; when it is full
 * the buffers swap (waiting only if the writer thread is still busy with
 * the other one). A write error (disk full, unwritable directory) stops the
 * stream: the error is kept, later records are dropped, nothing aborts. */
#ifndef SESHAT_TRACE_WRITER_H
#define SESHAT_TRACE_WRITER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct seshat_tw seshat_tw;

/* The write(2) the writer uses; tests inject failures through it. */
typedef ssize_t (*seshat_tw_write_fn)(int fd, const void *buf, size_t len);

/* Create `path` (it must not exist) with buffers of `bufsize` bytes.
 * Returns NULL with a message on failure. */
seshat_tw *seshat_tw_open(const char *path, size_t bufsize, seshat_tw_write_fn write_fn,
                          char *err, size_t errlen);

/* Append one record (kind, payload). Dropped once the stream has failed. */
void seshat_tw_record(seshat_tw *w, unsigned kind, const uint8_t *payload, size_t len);

/* Non-zero once a write failed; the message names the file. */
int seshat_tw_failed(const seshat_tw *w);
const char *seshat_tw_error(const seshat_tw *w);

/* Count the records whose kind is in `mask` (bit k = kind k) that reach
 * the file in complete frames (seshat_tw_close_counted). Before the first
 * record. */
void seshat_tw_count_kinds(seshat_tw *w, uint32_t mask);

/* Flush everything, stop the thread, close. Returns 0, or -1 if the stream
 * failed at any point. Accepts NULL. */
int seshat_tw_close(seshat_tw *w);
/* The same; `*counted` is how many counted records a reader gets back
 * (those of the frames written whole before a failure; a signal's frames
 * are not counted), `err` the failure ("" if none). */
int seshat_tw_close_counted(seshat_tw *w, uint64_t *counted, char *err, size_t errlen);

/* From a signal handler (async-signal-safe): append what is not in the
 * file yet, in record order, as uncompressed LZ4 frames of at most 64 KiB
 * of records each (a kill during this write loses one of them at most):
 * the buffer handed to the thread if it is not written yet, then the one
 * being filled. A frame the thread is writing is waited for (10 s at
 * most), so it stays before these. Call it from one thread at a time. */
void seshat_tw_emergency(seshat_tw *w);

#endif

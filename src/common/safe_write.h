/* safe_write.h - writing an output file without following links and
 * without damaging an earlier good one. Traces travel: a trace directory
 * handed over by someone else may hold a symbolic link named like an
 * output (analysis.json -> ~/.bashrc). Every seshat writer therefore
 * creates a new temporary file beside the target (O_CREAT | O_EXCL |
 * O_NOFOLLOW: never an existing file, never through a link), writes it,
 * fsyncs it and renames it over the target: rename replaces a link itself,
 * never what it points to, and a write that fails (full disk, read-only
 * file system) leaves the earlier file as it was.
 *
 * Usage: seshat_sw w; FILE *f = seshat_sw_open(&w, path, err, n);
 *        ... fprintf(f, ...) ...; if (seshat_sw_commit(&w, err, n)) fail;
 * or seshat_sw_abort(&w) to drop the temporary file. */
#ifndef SESHAT_SAFE_WRITE_H
#define SESHAT_SAFE_WRITE_H

#include <stdio.h>

#define SESHAT_SW_PATH 4096

typedef struct seshat_sw {
    FILE *f;                       /* NULL after open with fd_only */
    int fd;
    char path[SESHAT_SW_PATH];     /* the target */
    char tmp[SESHAT_SW_PATH + 32]; /* the temporary file beside it */
} seshat_sw;

/* Creates the temporary file for `path` and returns a stream on it, or
 * NULL with a one-line reason in err ("cannot write PATH: ..."). A
 * directory of `path` that is a symbolic link planted where a directory
 * was expected is refused by seshat_sw_check_dir, not here. */
FILE *seshat_sw_open(seshat_sw *w, const char *path, char *err, size_t errlen);

/* The same without a stream: returns the descriptor (read-write), or -1. */
int seshat_sw_open_fd(seshat_sw *w, const char *path, char *err, size_t errlen);

/* Flushes, fsyncs, closes and renames the temporary file over the target.
 * Returns 0, or -1 with the reason in err; then the temporary file is gone
 * and the target is as it was. */
int seshat_sw_commit(seshat_sw *w, char *err, size_t errlen);

/* Drops the temporary file (a writer that failed before the end). */
void seshat_sw_abort(seshat_sw *w);

/* A whole file at once: `len` bytes of `data` to `path`, as above. */
int seshat_sw_file(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* 0 when `dir` is a real directory (or does not exist), -1 with "DIR is a
 * symbolic link: not writing through it" when it is a link: for
 * directories seshat creates inside one the user named (an OTF2 archive's
 * traces/), where a link can only have been planted. */
int seshat_sw_check_dir(const char *dir, char *err, size_t errlen);

/* A file opened for writing in place (a trace stream that grows while the
 * program runs): a new file only, never through a link. Returns the
 * descriptor or -1 (errno set). */
int seshat_sw_create_new(const char *path, int extra_flags);

/* A set of files made by a library that writes them itself (OTF2): made
 * in a new hidden directory inside `dir` (returned in tmp), then moved over
 * their targets in `dir` one by one (a subdirectory's files into the
 * existing subdirectory, whose links are replaced). A subdirectory of
 * `dir` that is a symbolic link is refused before anything is written. */
int seshat_sw_dir_begin(const char *dir, char *tmp, size_t tmplen, char *err, size_t errlen);
/* fsyncs and moves everything from tmp into dir, removes tmp; 0 or -1
 * with the reason (what was not moved is removed with tmp). */
int seshat_sw_dir_commit(const char *tmp, const char *dir, char *err, size_t errlen);
/* Removes tmp and what it holds (two levels deep, links never followed). */
void seshat_sw_dir_abort(const char *tmp);

#endif

/* tar_writer.h - a minimal ustar archive writer (regular files only), for
 * the CUBE4 .cubex container. Deterministic: mtime 0, owner root. */
#ifndef SESHAT_TAR_WRITER_H
#define SESHAT_TAR_WRITER_H

#include <stddef.h>
#include <stdio.h>

/* Appends one member; name < 100 bytes. Returns 0 or -1 (I/O error). */
int tar_add(FILE *out, const char *name, const void *data, size_t len);
/* Two zero blocks: the end of the archive. */
int tar_finish(FILE *out);

#endif

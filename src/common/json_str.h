/* json_str.h - a JSON string from any bytes. Trace strings (call paths,
 * function and file names) come from other people's programs and may hold
 * quotes, control bytes or invalid UTF-8: every JSON seshat writes escapes
 * them here, so one escaper decides what a reader of the file can trust. */
#ifndef SESHAT_JSON_STR_H
#define SESHAT_JSON_STR_H

#include <stddef.h>
#include <stdio.h>

/* The length of the valid UTF-8 sequence at s (1 for ASCII, including
 * the terminating NUL), 0 if s does not start one (overlong forms,
 * surrogates and code points beyond U+10FFFF are invalid). */
size_t seshat_utf8_len(const char *s);

/* s as a quoted JSON string: quote and backslash escaped, control bytes
 * and DEL as \u00XX, each invalid byte as U+FFFD. */
void seshat_json_str(FILE *f, const char *s);

#endif

/* markup.h - escaping text for XML and HTML (call sites, file names and
 * problems come from the trace, which may come from anyone): the five
 * markup characters become entities, control characters other than tab
 * are dropped, and bytes that are not UTF-8 become U+FFFD (an XML parser
 * rejects the whole file for one of them). */
#ifndef SESHAT_MARKUP_H
#define SESHAT_MARKUP_H

#include <stddef.h>
#include <stdio.h>

void an_markup(FILE *f, const char *s);
/* The first n bytes of s (fewer at a NUL). */
void an_markup_n(FILE *f, const char *s, size_t n);


#endif

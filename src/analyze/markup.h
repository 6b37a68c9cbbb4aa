/* markup.h - escaping text for XML and HTML (call sites come from user
 * code): the five markup characters become entities, control characters
 * other than tab are dropped. */
#ifndef SESHAT_MARKUP_H
#define SESHAT_MARKUP_H

#include <stdio.h>

void an_markup(FILE *f, const char *s);

#endif

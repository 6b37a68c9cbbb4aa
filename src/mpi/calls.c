/* calls.c - lookups in the generated call table. */
#include <stdlib.h>
#include <string.h>

#include "mpi/calls.h"

static int by_name(const void *key, const void *elem)
{
    return strcmp((const char *)key, *(const char *const *)elem);
}

/* gen.py writes the names sorted (ASCII, as strcmp orders them). */
int seshat_call_by_name(const char *name)
{
    const char *const *p = bsearch(name, seshat_call_names, SESHAT_CALL_COUNT,
                                   sizeof seshat_call_names[0], by_name);
    return p ? (int)(p - seshat_call_names) : -1;
}

const char *seshat_call_name(int id)
{
    return id >= 0 && id < SESHAT_CALL_COUNT ? seshat_call_names[id] : "?";
}

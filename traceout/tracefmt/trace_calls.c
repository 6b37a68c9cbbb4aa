/* trace_calls.c - calls.txt: write this build's call names, read a
 * trace's and map them to this build's ids. */
#include "trace_calls.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mpi/calls.h"

int seshat_tcalls_write(FILE *f)
{
    fprintf(f, "# call ids of this trace's ENTER/EXIT records: id = name (readers map "
               "the names to their own ids)\n");
    for (int i = 0; i < SESHAT_CALL_COUNT; i++)
        fprintf(f, "%d = %s\n", i, seshat_call_names[i]);
    return ferror(f) ? -1 : 0;
}

void seshat_tcalls_free(seshat_tcalls *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->names[i]);
    free(t->names);
    free(t->build);
    memset(t, 0, sizeof *t);
}

/* Makes room for trace id `id`; unnamed ids in between map to -1. */
static int grow(seshat_tcalls *t, int id)
{
    if (id < t->n)
        return 0;
    int *b = realloc(t->build, (size_t)(id + 1) * sizeof *b);
    if (b)
        t->build = b;
    char **nm = b ? realloc(t->names, (size_t)(id + 1) * sizeof *nm) : NULL;
    if (!nm)
        return -1;
    t->names = nm;
    for (int i = t->n; i <= id; i++) {
        t->build[i] = -1;
        t->names[i] = NULL;
    }
    t->n = id + 1;
    return 0;
}

/* One "id = name" line; returns 0, 1 for a blank or comment line, -1. */
static int parse_line(char *line, long *id, char **name)
{
    char *p = line + strspn(line, " \t");
    if (*p == '#' || *p == '\n' || !*p)
        return 1;
    char *end;
    errno = 0;
    *id = strtol(p, &end, 10);
    if (end == p || errno || *id < 0 || *id > 65535)
        return -1;
    p = end + strspn(end, " \t");
    if (*p++ != '=')
        return -1;
    p += strspn(p, " \t");
    size_t len = strcspn(p, " \t\r\n");
    if (!len || p[len + strspn(p + len, " \t\r\n")])
        return -1;
    p[len] = 0;
    *name = p;
    return 0;
}

int seshat_tcalls_load(seshat_tcalls *t, const char *dir, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, SESHAT_CALLS_FILE);
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT) {
            t->legacy = 1;
            return 0;
        }
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char line[512];
    int ln = 0, rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        ln++;
        long id;
        char *name;
        int k = parse_line(line, &id, &name);
        if (k == 1)
            continue;
        if (k < 0 || grow(t, (int)id) || t->names[id] || !(t->names[id] = strdup(name))) {
            snprintf(err, errlen, "%s:%d: expected \"id = MPI_Name\" (each id once)", path, ln);
            rc = -1;
            break;
        }
        t->build[id] = seshat_call_by_name(name);
    }
    if (!rc && ferror(f)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        rc = -1;
    }
    fclose(f);
    if (rc)
        seshat_tcalls_free(t);
    return rc;
}

int seshat_tcalls_id(const seshat_tcalls *t, uint64_t trace_id)
{
    if (t->legacy)
        return trace_id < SESHAT_CALL_COUNT ? (int)trace_id : -1;
    return trace_id < (uint64_t)t->n ? t->build[trace_id] : -1;
}

const char *seshat_tcalls_name(const seshat_tcalls *t, uint64_t trace_id)
{
    if (t->legacy)
        return trace_id < SESHAT_CALL_COUNT ? seshat_call_names[trace_id] : "?";
    return trace_id < (uint64_t)t->n && t->names[trace_id] ? t->names[trace_id] : "?";
}

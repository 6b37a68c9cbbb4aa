/* an_demangle.c - through the C++ runtime's __cxa_demangle, found at run
 * time (the analyzer is C; libstdc++ is there wherever C++ programs are). */
#include "analyze/an_demangle.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracefmt/trace_sites.h"

typedef char *(*demangle_fn)(const char *, char *, size_t *, int *);

static demangle_fn lookup(void)
{
    static int tried;
    static demangle_fn fn;
    if (!tried) {
        tried = 1;
        void *h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
        if (h)
            *(void **)&fn = dlsym(h, "__cxa_demangle");
    }
    return fn;
}

/* Cut at the parameter list: the first '(' outside template brackets
 * (an operator's own parentheses, "operator()", kept). */
static void drop_params(char *s)
{
    int depth = 0;
    for (char *p = s; *p; p++) {
        if (!strncmp(p, "operator", 8)) {
            p += 8;
            if (!strncmp(p, "()", 2))
                p++;
            else if (*p == '<' || *p == '>')
                while (p[1] == '<' || p[1] == '>' || p[1] == '=')
                    p++;
            continue;
        }
        if (*p == '<')
            depth++;
        else if (*p == '>' && depth > 0)
            depth--;
        else if (*p == '(' && depth == 0) {
            *p = 0;
            return;
        }
    }
}

void an_demangle_site(seshat_site_line *sl)
{
    char buf[1024];
    const char *d = an_demangle(sl->fn, buf, sizeof buf);
    if (d != sl->fn)
        snprintf(sl->fn, sizeof sl->fn, "%s", d);
    for (int c = 0; c < sl->ncallers; c++) {
        d = an_demangle(sl->callers[c].fn, buf, sizeof buf);
        if (d != sl->callers[c].fn)
            snprintf(sl->callers[c].fn, sizeof sl->callers[c].fn, "%s", d);
    }
}

const char *an_demangle(const char *name, char *buf, size_t n)
{
    if (strncmp(name, "_Z", 2) || !n)
        return name;
    demangle_fn fn = lookup();
    int status = -1;
    char *d = fn ? fn(name, NULL, NULL, &status) : NULL;
    if (!d || status != 0) {
        free(d);
        return name;
    }
    drop_params(d);
    snprintf(buf, n, "%s", d);
    free(d);
    return buf;
}

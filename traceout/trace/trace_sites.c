/* trace_sites.c - call paths resolved to function and file:line with
 * elfutils' libdwfl (a return address minus one lands inside the call
 * instruction, so the line is the call's own). */
#include <elfutils/libdwfl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "trace/trace_sites.h"

static char *debuginfo_path;
static const Dwfl_Callbacks callbacks = {
    .find_elf = dwfl_linux_proc_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .debuginfo_path = &debuginfo_path,
};

static int is_main(const char *fn)
{
    return fn && (!strcmp(fn, "main") || !strcmp(fn, "MAIN__"));
}

/* One frame, "function file:line module" (or "function ?+0xOFF module"
 * without line information); returns its function (NULL if unknown). */
static const char *put_frame(FILE *f, Dwfl *dwfl, uintptr_t ret)
{
    Dwarf_Addr a = (Dwarf_Addr)ret - 1;
    Dwfl_Module *mod = dwfl ? dwfl_addrmodule(dwfl, a) : NULL;
    const char *fn = mod ? dwfl_module_addrname(mod, a) : NULL;
    Dwfl_Line *line = mod ? dwfl_module_getsrc(mod, a) : NULL;
    int lineno = 0;
    const char *file = line ? dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL) : NULL;
    Dwarf_Addr base = 0;
    const char *modname =
        mod ? dwfl_module_info(mod, NULL, &base, NULL, NULL, NULL, NULL, NULL) : NULL;
    if (file)
        fprintf(f, "%s %s:%d %s", fn ? fn : "?", file, lineno, modname ? modname : "?");
    else   /* no line information: the offset in the module tells sites apart */
        fprintf(f, "%s ?+0x%llx %s", fn ? fn : "?", (unsigned long long)(ret - base),
                modname ? modname : "?");
    return fn;
}

void seshat_trace_write_sites(FILE *f, const uintptr_t (*sites)[SESHAT_PATH_FRAMES], int n)
{
    Dwfl *dwfl = dwfl_begin(&callbacks);
    if (dwfl && (dwfl_linux_proc_report(dwfl, getpid()) != 0 || dwfl_report_end(dwfl, NULL, NULL)))
        dwfl = (dwfl_end(dwfl), NULL);
    for (int i = 0; i < n; i++) {
        fprintf(f, "%d = ", i);
        const char *fn = put_frame(f, dwfl, sites[i][0]);
        /* The callers up to main (the frames beyond it are the C library's);
         * an unknown function ends the path too (no symbols to go on). */
        for (int k = 1; k < SESHAT_PATH_FRAMES && sites[i][k] && fn && !is_main(fn); k++) {
            fputs(" < ", f);
            fn = put_frame(f, dwfl, sites[i][k]);
        }
        fputc('\n', f);
    }
    if (dwfl)
        dwfl_end(dwfl);
}

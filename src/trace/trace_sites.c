/* trace_sites.c - call sites resolved to function and file:line with
 * elfutils' libdwfl (the return address minus one lands inside the call
 * instruction, so the line is the call's own). */
#include <elfutils/libdwfl.h>
#include <stdio.h>
#include <unistd.h>

#include "trace/trace_internal.h"

static char *debuginfo_path;
static const Dwfl_Callbacks callbacks = {
    .find_elf = dwfl_linux_proc_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .debuginfo_path = &debuginfo_path,
};

void seshat_trace_write_sites(FILE *f, const uintptr_t *sites, int n)
{
    Dwfl *dwfl = dwfl_begin(&callbacks);
    if (dwfl && (dwfl_linux_proc_report(dwfl, getpid()) != 0 || dwfl_report_end(dwfl, NULL, NULL)))
        dwfl = (dwfl_end(dwfl), NULL);
    for (int i = 0; i < n; i++) {
        Dwarf_Addr a = (Dwarf_Addr)sites[i] - 1;
        Dwfl_Module *mod = dwfl ? dwfl_addrmodule(dwfl, a) : NULL;
        const char *fn = mod ? dwfl_module_addrname(mod, a) : NULL;
        Dwfl_Line *line = mod ? dwfl_module_getsrc(mod, a) : NULL;
        int lineno = 0;
        const char *file = line ? dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL) : NULL;
        Dwarf_Addr base = 0;
        const char *modname =
            mod ? dwfl_module_info(mod, NULL, &base, NULL, NULL, NULL, NULL, NULL) : NULL;
        if (file) {
            fprintf(f, "%d = %s %s:%d %s\n", i, fn ? fn : "?", file, lineno,
                    modname ? modname : "?");
        } else {
            /* No line information: the offset in the module tells sites apart. */
            fprintf(f, "%d = %s ?+0x%llx %s\n", i, fn ? fn : "?",
                    (unsigned long long)(sites[i] - base), modname ? modname : "?");
        }
    }
    if (dwfl)
        dwfl_end(dwfl);
}

/* trace_sites.c - call paths resolved to function and file:line with
 * elfutils' libdwfl (a return address minus one lands inside the call
 * instruction, so the line is the call's own). */
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace/trace_sites.h"

/* A module without its own DWARF: its separate debug file by build id
 * (/usr/lib/debug/.build-id, where distributions install them), looked
 * for here. libdwfl's standard search would then load the debuginfod
 * client (curl, TLS: 4-7 ms per process, paid by every rank at
 * MPI_Finalize) even with no server configured; with DEBUGINFOD_URLS set
 * the standard search, server included, is used as the user asked. */
static int find_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
                          GElf_Addr base, const char *file_name, const char *debuglink_file,
                          GElf_Word debuglink_crc, char **debuginfo_file_name)
{
    const char *urls = getenv("DEBUGINFOD_URLS");
    if (urls && *urls)
        return dwfl_standard_find_debuginfo(mod, userdata, modname, base, file_name,
                                            debuglink_file, debuglink_crc, debuginfo_file_name);
    const unsigned char *id;
    GElf_Addr vaddr;
    int n = dwfl_module_build_id(mod, &id, &vaddr);
    if (n < 2)
        return -1;
    char path[64 + 2 * 64] = "/usr/lib/debug/.build-id/";
    size_t k = strlen(path);
    for (int i = 0; i < n && i < 64 && k + 8 < sizeof path; i++)
        k += (size_t)snprintf(path + k, sizeof path - k, i == 1 ? "/%02x" : "%02x", id[i]);
    snprintf(path + k, sizeof path - k, ".debug");
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd >= 0)
        *debuginfo_file_name = strdup(path);
    return fd;
}

static char *debuginfo_path;
static const Dwfl_Callbacks callbacks = {
    .find_elf = dwfl_linux_proc_find_elf,
    .find_debuginfo = find_debuginfo,
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

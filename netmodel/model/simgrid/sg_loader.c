/* sg_loader.c - locate libseshat-simgrid.so beside this object. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sg_loader.h"

const seshat_sg_api *seshat_sg_load_bridge(char *err, size_t errlen)
{
    char path[4096];
    const char *env = getenv("SESHAT_SIMGRID_LIB");
    Dl_info info;
    if (env && *env) {
        snprintf(path, sizeof path, "%s", env);
    } else if (dladdr((void *)seshat_sg_load_bridge, &info) && info.dli_fname) {
        /* libseshat.so and the bridge share build/lib; tools sit in
         * build/bin, so try ../lib as well. */
        snprintf(path, sizeof path, "%s", info.dli_fname);
        char *slash = strrchr(path, '/');
        size_t dir = slash ? (size_t)(slash - path) : 0;
        char alt[sizeof path];
        snprintf(path + dir, sizeof path - dir, "%slibseshat-simgrid.so", slash ? "/" : "");
        snprintf(alt, sizeof alt, "%.*s%s../lib/libseshat-simgrid.so", (int)dir, path,
                 slash ? "/" : "");
        if (access(path, R_OK) != 0 && access(alt, R_OK) == 0)
            snprintf(path, sizeof path, "%s", alt);
    } else {
        snprintf(path, sizeof path, "libseshat-simgrid.so");
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(err, errlen, "network.model = simgrid: cannot load %s (%s); this build has no "
                 "SimGrid support (install libsimgrid-dev and rebuild)", path, dlerror());
        return NULL;
    }
    const seshat_sg_api *(*get)(void) = (const seshat_sg_api *(*)(void))dlsym(h, "seshat_sg_bridge");
    if (!get) {
        snprintf(err, errlen, "network.model = simgrid: %s has no seshat_sg_bridge", path);
        return NULL;
    }
    return get();
}

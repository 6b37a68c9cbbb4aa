/* realclock.c - the real clock functions, resolved once (realclock.h). */
#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/realclock.h"

static int (*real_gettime)(clockid_t, struct timespec *);
static int (*real_gtod)(struct timeval *, void *);
static time_t (*real_time)(time_t *);
static double (*real_omp)(void);

/* Resolved once, before main (the constructor below). A read before that
 * (another library's constructor, or a sanitizer's allocator timing itself
 * under its own lock) takes the system call: resolving there would call
 * dlopen, which allocates, and deadlocked AddressSanitizer's allocator. */
/* `name` from the library `lib` itself when it is loaded (a seshat tool
 * that links this file and runs with libseshat preloaded would find
 * libseshat's next after itself), else the next definition after this
 * object's. */
static void *real_sym(const char *lib, const char *name)
{
    void *h = dlopen(lib, RTLD_LAZY | RTLD_NOLOAD);
    void *f = h ? dlsym(h, name) : NULL;
    if (h)
        dlclose(h);
    return f ? f : dlsym(RTLD_NEXT, name);
}

__attribute__((constructor)) static void resolve(void)
{
    real_gettime = (int (*)(clockid_t, struct timespec *))real_sym("libc.so.6", "clock_gettime");
    real_gtod = (int (*)(struct timeval *, void *))real_sym("libc.so.6", "gettimeofday");
    real_time = (time_t(*)(time_t *))real_sym("libc.so.6", "time");
    real_omp = (double (*)(void))real_sym("libgomp.so.1", "omp_get_wtime");
}

int seshat_real_clock_gettime(clockid_t id, struct timespec *ts)
{
    if (real_gettime)
        return real_gettime(id, ts);
    return (int)syscall(SYS_clock_gettime, id, ts);
}

int seshat_real_gettimeofday(struct timeval *tv, void *tz)
{
    if (real_gtod)
        return real_gtod(tv, tz);
    return (int)syscall(SYS_gettimeofday, tv, tz);
}

time_t seshat_real_time(time_t *t)
{
    if (real_time)
        return real_time(t);
    struct timespec ts;
    seshat_real_clock_gettime(CLOCK_REALTIME, &ts);
    if (t)
        *t = ts.tv_sec;
    return ts.tv_sec;
}

double seshat_real_omp_wtime(void)
{
    if (real_omp)
        return real_omp();
    return (double)seshat_real_ns(CLOCK_MONOTONIC) * 1e-9;
}

/* conf.h - what every conformance program shares: deterministic output.
 * Each result is one line "C <rank> <text>", flushed at once; the runner
 * keeps these lines, sorts them by rank (stably) and requires the same
 * lines natively and under seshat. No times, no addresses, no handles. */
#ifndef CONF_H
#define CONF_H

#include <mpi.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int conf_rank = -1;

__attribute__((format(printf, 1, 2))) static inline void out(const char *fmt, ...)
{
    va_list ap;
    char line[512];
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    printf("C %d %s\n", conf_rank, line);
    fflush(stdout);
}

/* A check whose failure the native run would also show: prints the
 * expression's name and whether it held. */
#define CHECK(name, cond) out("%s %s", (name), (cond) ? "ok" : "FAIL")

static inline void conf_init(int *argc, char ***argv)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &conf_rank);
}

static inline void conf_done(void)
{
    MPI_Barrier(MPI_COMM_WORLD);
    out("done");
    MPI_Finalize();
}

/* A sum that identifies an int array's contents. */
static inline unsigned long conf_sum(const int *a, int n)
{
    unsigned long s = 0;
    for (int i = 0; i < n; i++)
        s = s * 31 + (unsigned long)a[i];
    return s;
}

#endif

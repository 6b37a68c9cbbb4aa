/* sampler.h - call-stack samples of the program's computation
 * (trace.sample; docs/tracing.md, "Sampled call paths"). A timer on the
 * calling thread's own CPU time (timer_create(CLOCK_THREAD_CPUTIME_ID),
 * SIGEV_THREAD_ID) sends it SIGPROF every period; the handler records the
 * interrupted call path only while the program computes (between
 * seshat_sampler_resume and seshat_sampler_pause), merging equal paths
 * with a count. What a sample costs the thread, measured at start, is
 * handed to the clock to take off the interval (seshat_sampler_pause). */
#ifndef SESHAT_SAMPLER_H
#define SESHAT_SAMPLER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Frames per sampled path: the interrupted instruction (its address + 1,
 * so that a reader's "return address - 1" lands on it) and its callers;
 * the same as a call site's (trace/trace_sites.h). */
#define SESHAT_SAMPLE_FRAMES 8
/* Distinct paths kept per compute interval; further ones are counted in
 * `lost` (their time is shared among the kept ones). */
#define SESHAT_SAMPLE_PATHS 64

typedef struct seshat_sample_set {
    int n;
    uint32_t lost;
    uint32_t count[SESHAT_SAMPLE_PATHS];
    uintptr_t path[SESHAT_SAMPLE_PATHS][SESHAT_SAMPLE_FRAMES];
} seshat_sample_set;

/* Starts sampling the calling thread every period_ns of its CPU time;
 * measures a sample's cost first. Returns 0, or -1 with `why` set. */
int seshat_sampler_start(int64_t period_ns, char *why, size_t n);
void seshat_sampler_stop(void);
/* The program computes from here (after leaving an MPI call). */
void seshat_sampler_resume(void);
/* ... until here (entering one): returns what the samples taken since the
 * resume cost, in ns of thread CPU time, for the clock to subtract. */
int64_t seshat_sampler_pause(void);
/* The samples of the interval that just ended (valid until the next
 * resume), NULL when not sampling; seshat_sampler_cost: ns per sample. */
const seshat_sample_set *seshat_sampler_samples(void);
int64_t seshat_sampler_cost(void);
/* The summary's line (nothing when not sampling): the period, the timer,
 * the samples taken and what each cost (this rank's). */
void seshat_sampler_print(FILE *f);

#endif

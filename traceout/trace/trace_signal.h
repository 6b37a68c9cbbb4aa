/* trace_signal.h - the fatal-signal handlers of a traced rank
 * (trace_signal.c): every buffered record flushed, then the signal's
 * default action, after a pause under a launcher (trace_signal.c says why). */
#ifndef SESHAT_TRACE_SIGNAL_H
#define SESHAT_TRACE_SIGNAL_H

/* flush(ctx) writes every buffered record (async-signal-safe) and returns
 * 1 if anything was being traced (then the handler lingers: see
 * trace_signal.c), else 0. */
typedef int (*seshat_signal_flush)(void *ctx);

void seshat_trace_signals_install(seshat_signal_flush flush, void *ctx);

#endif

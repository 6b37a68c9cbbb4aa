/* trace_signal.h - the fatal-signal handlers of a traced rank
 * (trace_signal.c): every buffered record flushed, then the signal's
 * default action, after a pause under a launcher (trace_signal.c says why). */
#ifndef SESHAT_TRACE_SIGNAL_H
#define SESHAT_TRACE_SIGNAL_H

/* flush(ctx) runs first in the handler (async-signal-safe); it returns 1
 * when it had a trace to flush (then the rank waits for the launcher's
 * SIGKILL), 0 when not (the rank dies at once). */
typedef int (*seshat_signal_flush_fn)(void *ctx);
void seshat_trace_signals_install(seshat_signal_flush_fn flush, void *ctx);

#endif

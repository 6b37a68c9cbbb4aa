/* trace_signal.h - the fatal-signal handlers of a traced rank
 * (trace_signal.c): every buffered record flushed, then the signal's
 * default action, after a pause under a launcher (trace_signal.c says why). */
#ifndef SESHAT_TRACE_SIGNAL_H
#define SESHAT_TRACE_SIGNAL_H

void seshat_trace_signals_install(void);

#endif

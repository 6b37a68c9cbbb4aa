/* trace_filter.h - seshat-trace filter: copy a trace keeping only what the
 * same filters as the [trace] keys select. */
#ifndef SESHAT_TRACE_FILTER_H
#define SESHAT_TRACE_FILTER_H

/* argv: DIR OUT [--kinds K] [--ranks R] [--comms C] [--min-bytes SIZE]
 * [--window FROM-TO]. Returns an exit code. */
int seshat_filter_main(int argc, char **argv);

#endif

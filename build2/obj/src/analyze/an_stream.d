build2/obj/src/analyze/an_stream.o: src/analyze/an_stream.c \
 src/analyze/an_stream.h traceout/tracefmt/trace_calls.h \
 traceout/tracefmt/trace_format.h traceout/tracefmt/trace_reader.h
src/analyze/an_stream.h:
traceout/tracefmt/trace_calls.h:
traceout/tracefmt/trace_format.h:
traceout/tracefmt/trace_reader.h:

build2/obj/traceout/tracefmt/trace_reader.o: \
 traceout/tracefmt/trace_reader.c traceout/tracefmt/trace_format.h \
 traceout/tracefmt/trace_reader.h
traceout/tracefmt/trace_format.h:
traceout/tracefmt/trace_reader.h:

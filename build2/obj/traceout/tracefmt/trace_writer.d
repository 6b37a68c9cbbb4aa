build2/obj/traceout/tracefmt/trace_writer.o: \
 traceout/tracefmt/trace_writer.c traceout/tracefmt/trace_format.h \
 traceout/tracefmt/trace_writer.h
traceout/tracefmt/trace_format.h:
traceout/tracefmt/trace_writer.h:

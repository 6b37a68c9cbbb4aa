build2/obj/traceout/trace/trace_sites.o: traceout/trace/trace_sites.c \
 traceout/trace/trace_sites.h
traceout/trace/trace_sites.h:

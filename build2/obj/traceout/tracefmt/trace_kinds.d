build2/obj/traceout/tracefmt/trace_kinds.o: \
 traceout/tracefmt/trace_kinds.c src/config/config.h \
 traceout/tracefmt/trace_kinds.h
src/config/config.h:
traceout/tracefmt/trace_kinds.h:

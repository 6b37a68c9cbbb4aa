build2/obj/src/tools/seshat_trace.o: src/tools/seshat_trace.c \
 src/analyze/an_check.h src/analyze/an_stream.h src/config/config.h \
 src/mpi/calls.h build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 traceout/tracefmt/trace_calls.h traceout/tracefmt/trace_format.h \
 traceout/tracefmt/trace_reader.h traceout/export/trace_filter.h \
 traceout/export/trace_otf2.h
src/analyze/an_check.h:
src/analyze/an_stream.h:
src/config/config.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
traceout/tracefmt/trace_calls.h:
traceout/tracefmt/trace_format.h:
traceout/tracefmt/trace_reader.h:
traceout/export/trace_filter.h:
traceout/export/trace_otf2.h:

build2/obj/traceout/export/trace_filter.o: traceout/export/trace_filter.c \
 src/config/config.h src/mpi/calls.h build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 traceout/tracefmt/trace_calls.h traceout/export/trace_filter.h \
 traceout/tracefmt/trace_format.h traceout/tracefmt/trace_kinds.h \
 traceout/tracefmt/trace_reader.h traceout/tracefmt/trace_writer.h
src/config/config.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
traceout/tracefmt/trace_calls.h:
traceout/export/trace_filter.h:
traceout/tracefmt/trace_format.h:
traceout/tracefmt/trace_kinds.h:
traceout/tracefmt/trace_reader.h:
traceout/tracefmt/trace_writer.h:

build2/obj/traceout/trace/trace.o: traceout/trace/trace.c src/mpi/calls.h \
 build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 traceout/trace/trace.h src/config/config.h src/common/vtime.h \
 traceout/trace/trace_dir.h traceout/trace/trace_sites.h \
 traceout/tracefmt/trace_calls.h traceout/tracefmt/trace_format.h \
 traceout/tracefmt/trace_kinds.h traceout/tracefmt/trace_writer.h
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
traceout/trace/trace.h:
src/config/config.h:
src/common/vtime.h:
traceout/trace/trace_dir.h:
traceout/trace/trace_sites.h:
traceout/tracefmt/trace_calls.h:
traceout/tracefmt/trace_format.h:
traceout/tracefmt/trace_kinds.h:
traceout/tracefmt/trace_writer.h:

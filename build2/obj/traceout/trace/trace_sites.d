build2/obj/traceout/trace/trace_sites.o: traceout/trace/trace_sites.c \
 traceout/trace/trace_internal.h src/mpi/calls.h \
 build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 traceout/trace/trace.h src/config/config.h src/common/vtime.h
traceout/trace/trace_internal.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
traceout/trace/trace.h:
src/config/config.h:
src/common/vtime.h:

build2/obj/traceout/tracefmt/trace_calls.o: \
 traceout/tracefmt/trace_calls.c traceout/tracefmt/trace_calls.h \
 src/mpi/calls.h build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h
traceout/tracefmt/trace_calls.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:

build2/obj/traceout/export/trace_otf2.o: traceout/export/trace_otf2.c \
 src/mpi/calls.h build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 traceout/tracefmt/trace_calls.h traceout/tracefmt/trace_format.h \
 traceout/export/trace_otf2.h traceout/tracefmt/trace_reader.h \
 traceout/tracefmt/trace_sites.h
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
traceout/tracefmt/trace_calls.h:
traceout/tracefmt/trace_format.h:
traceout/export/trace_otf2.h:
traceout/tracefmt/trace_reader.h:
traceout/tracefmt/trace_sites.h:

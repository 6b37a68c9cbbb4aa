build2/obj/src/analyze/an_local.o: src/analyze/an_local.c \
 src/analyze/an_local.h src/analyze/an_check.h src/analyze/an_stream.h \
 src/analyze/an_util.h src/analyze/analysis.h src/mpi/calls.h \
 build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 traceout/tracefmt/trace_format.h traceout/tracefmt/trace_sites.h
src/analyze/an_local.h:
src/analyze/an_check.h:
src/analyze/an_stream.h:
src/analyze/an_util.h:
src/analyze/analysis.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
traceout/tracefmt/trace_format.h:
traceout/tracefmt/trace_sites.h:

build2/obj/src/tools/seshat_replay.o: src/tools/seshat_replay.c \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/analyze/an_stream.h src/analyze/an_util.h src/mpi/calls.h \
 build2/gen/mpi/gen_calls.h traceout/tracefmt/trace_format.h
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
src/analyze/an_stream.h:
src/analyze/an_util.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
traceout/tracefmt/trace_format.h:

build2/obj/src/analyze/an_root.o: src/analyze/an_root.c \
 src/analyze/an_root.h /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/analyze/an_local.h src/analyze/an_check.h src/analyze/an_stream.h \
 src/analyze/an_util.h src/analyze/analysis.h src/analyze/an_replay.h \
 src/config/config.h src/mpi/calls.h build2/gen/mpi/gen_calls.h \
 traceout/tracefmt/trace_kinds.h
src/analyze/an_root.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
src/analyze/an_local.h:
src/analyze/an_check.h:
src/analyze/an_stream.h:
src/analyze/an_util.h:
src/analyze/analysis.h:
src/analyze/an_replay.h:
src/config/config.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
traceout/tracefmt/trace_kinds.h:

build2/obj/traceout/trace/trace_dir.o: traceout/trace/trace_dir.c \
 src/mpi/calls.h build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 traceout/trace/trace_dir.h src/config/config.h
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
traceout/trace/trace_dir.h:
src/config/config.h:

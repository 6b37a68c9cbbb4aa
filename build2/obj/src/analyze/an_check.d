build2/obj/src/analyze/an_check.o: src/analyze/an_check.c \
 src/analyze/an_check.h src/analyze/an_stream.h src/config/config.h \
 src/mpi/calls.h build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h
src/analyze/an_check.h:
src/analyze/an_stream.h:
src/config/config.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:

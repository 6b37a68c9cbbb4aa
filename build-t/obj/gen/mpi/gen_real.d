build-t/obj/gen/mpi/gen_real.o: build-t/gen/mpi/gen_real.c \
 build-t/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h
build-t/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:

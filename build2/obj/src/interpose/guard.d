build2/obj/src/interpose/guard.o: src/interpose/guard.c src/common/log.h \
 src/interpose/interpose.h src/mpi/calls.h build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/rank/core.h src/config/config.h netmodel/model/model.h \
 netmodel/wire/wire.h traceout/trace/trace.h src/common/vtime.h
src/common/log.h:
src/interpose/interpose.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
src/rank/core.h:
src/config/config.h:
netmodel/model/model.h:
netmodel/wire/wire.h:
traceout/trace/trace.h:
src/common/vtime.h:

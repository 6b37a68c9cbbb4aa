build2/obj/src/rank/comms.o: src/rank/comms.c src/common/log.h \
 src/rank/core.h /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/config/config.h netmodel/model/model.h src/mpi/calls.h \
 build2/gen/mpi/gen_calls.h netmodel/wire/wire.h src/rank/inbox.h \
 traceout/trace/trace.h src/common/vtime.h
src/common/log.h:
src/rank/core.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
src/config/config.h:
netmodel/model/model.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
netmodel/wire/wire.h:
src/rank/inbox.h:
traceout/trace/trace.h:
src/common/vtime.h:

build2/obj/src/rank/runtime.o: src/rank/runtime.c src/common/log.h \
 src/rank/inbox.h src/rank/core.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/config/config.h netmodel/model/model.h src/mpi/calls.h \
 build2/gen/mpi/gen_calls.h netmodel/wire/wire.h src/rank/path.h \
 src/rank/progress.h src/rank/promises.h traceout/trace/trace.h \
 src/common/vtime.h
src/common/log.h:
src/rank/inbox.h:
src/rank/core.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
src/config/config.h:
netmodel/model/model.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
netmodel/wire/wire.h:
src/rank/path.h:
src/rank/progress.h:
src/rank/promises.h:
traceout/trace/trace.h:
src/common/vtime.h:

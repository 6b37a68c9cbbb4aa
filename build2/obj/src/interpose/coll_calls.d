build2/obj/src/interpose/coll_calls.o: src/interpose/coll_calls.c \
 src/interpose/interpose.h src/mpi/calls.h build2/gen/mpi/gen_calls.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/rank/core.h src/config/config.h netmodel/model/model.h \
 netmodel/wire/wire.h traceout/trace/trace.h src/common/vtime.h \
 src/rank/coll.h netmodel/model/coll_sched.h src/rank/path.h \
 src/rank/progress.h src/rank/promises.h
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
src/rank/coll.h:
netmodel/model/coll_sched.h:
src/rank/path.h:
src/rank/progress.h:
src/rank/promises.h:

build2/obj/src/interpose/init_calls.o: src/interpose/init_calls.c \
 src/common/job.h src/common/log.h src/rank/coll.h \
 netmodel/model/coll_sched.h netmodel/model/model.h src/config/config.h \
 src/rank/core.h /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/mpi/calls.h build2/gen/mpi/gen_calls.h netmodel/wire/wire.h \
 src/rank/path.h src/rank/progress.h src/rank/promises.h \
 src/interpose/interpose.h traceout/trace/trace.h src/common/vtime.h \
 netmodel/server/server.h
src/common/job.h:
src/common/log.h:
src/rank/coll.h:
netmodel/model/coll_sched.h:
netmodel/model/model.h:
src/config/config.h:
src/rank/core.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
netmodel/wire/wire.h:
src/rank/path.h:
src/rank/progress.h:
src/rank/promises.h:
src/interpose/interpose.h:
traceout/trace/trace.h:
src/common/vtime.h:
netmodel/server/server.h:

build2/obj/src/rank/clock.o: src/rank/clock.c src/common/log.h \
 src/rank/clock_src.h src/rank/clock_perf.h src/rank/clock_thread.h \
 src/rank/core.h /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/config/config.h netmodel/model/model.h src/mpi/calls.h \
 build2/gen/mpi/gen_calls.h netmodel/wire/wire.h
src/common/log.h:
src/rank/clock_src.h:
src/rank/clock_perf.h:
src/rank/clock_thread.h:
src/rank/core.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
src/config/config.h:
netmodel/model/model.h:
src/mpi/calls.h:
build2/gen/mpi/gen_calls.h:
netmodel/wire/wire.h:

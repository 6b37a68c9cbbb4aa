build2/obj/src/analyze/an_exchange.o: src/analyze/an_exchange.c \
 src/analyze/an_replay.h /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/analyze/an_local.h src/analyze/an_check.h src/analyze/an_stream.h \
 src/analyze/an_util.h src/analyze/analysis.h
src/analyze/an_replay.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
src/analyze/an_local.h:
src/analyze/an_check.h:
src/analyze/an_stream.h:
src/analyze/an_util.h:
src/analyze/analysis.h:

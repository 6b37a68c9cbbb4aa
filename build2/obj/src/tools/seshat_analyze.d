build2/obj/src/tools/seshat_analyze.o: src/tools/seshat_analyze.c \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/analyze/an_check.h src/analyze/an_stream.h src/analyze/an_cpath.h \
 src/analyze/an_local.h src/analyze/an_util.h src/analyze/analysis.h \
 src/analyze/an_replay.h src/analyze/an_root.h src/analyze/an_summary.h \
 src/common/job.h src/config/config.h
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
src/analyze/an_check.h:
src/analyze/an_stream.h:
src/analyze/an_cpath.h:
src/analyze/an_local.h:
src/analyze/an_util.h:
src/analyze/analysis.h:
src/analyze/an_replay.h:
src/analyze/an_root.h:
src/analyze/an_summary.h:
src/common/job.h:
src/config/config.h:

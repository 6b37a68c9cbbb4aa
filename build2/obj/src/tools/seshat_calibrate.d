build2/obj/src/tools/seshat_calibrate.o: src/tools/seshat_calibrate.c \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 src/calibrate/calib_coll.h src/calibrate/calib_fit.h \
 src/calibrate/calib_measure.h src/calibrate/calib_preset.h \
 src/common/job.h src/config/config.h
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
src/calibrate/calib_coll.h:
src/calibrate/calib_fit.h:
src/calibrate/calib_measure.h:
src/calibrate/calib_preset.h:
src/common/job.h:
src/config/config.h:

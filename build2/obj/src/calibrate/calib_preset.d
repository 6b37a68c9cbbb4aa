build2/obj/src/calibrate/calib_preset.o: src/calibrate/calib_preset.c \
 src/calibrate/calib_preset.h src/calibrate/calib_coll.h \
 src/calibrate/calib_fit.h
src/calibrate/calib_preset.h:
src/calibrate/calib_coll.h:
src/calibrate/calib_fit.h:

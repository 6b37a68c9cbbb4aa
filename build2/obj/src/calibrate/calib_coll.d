build2/obj/src/calibrate/calib_coll.o: src/calibrate/calib_coll.c \
 src/calibrate/calib_coll.h src/calibrate/calib_fit.h
src/calibrate/calib_coll.h:
src/calibrate/calib_fit.h:

build2/obj/src/calibrate/calib_fit.o: src/calibrate/calib_fit.c \
 src/calibrate/calib_fit.h
src/calibrate/calib_fit.h:

build2/obj/src/tools/matrix_plot.o: src/tools/matrix_plot.c \
 src/tools/matrix_plot.h
src/tools/matrix_plot.h:

build2/obj/src/analyze/cube_writer.o: src/analyze/cube_writer.c \
 src/analyze/analysis.h src/analyze/markup.h src/analyze/tar_writer.h
src/analyze/analysis.h:
src/analyze/markup.h:
src/analyze/tar_writer.h:

build2/obj/src/analyze/tar_writer.o: src/analyze/tar_writer.c \
 src/analyze/tar_writer.h
src/analyze/tar_writer.h:

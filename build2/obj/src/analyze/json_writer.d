build2/obj/src/analyze/json_writer.o: src/analyze/json_writer.c \
 src/analyze/analysis.h
src/analyze/analysis.h:

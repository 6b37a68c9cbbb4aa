build2/obj/src/analyze/html_writer.o: src/analyze/html_writer.c \
 src/analyze/analysis.h src/analyze/markup.h
src/analyze/analysis.h:
src/analyze/markup.h:

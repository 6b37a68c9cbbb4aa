build2/obj/src/analyze/markup.o: src/analyze/markup.c \
 src/analyze/markup.h
src/analyze/markup.h:

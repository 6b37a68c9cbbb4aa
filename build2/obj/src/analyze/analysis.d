build2/obj/src/analyze/analysis.o: src/analyze/analysis.c \
 src/analyze/analysis.h
src/analyze/analysis.h:

build2/obj/src/analyze/an_summary.o: src/analyze/an_summary.c \
 src/analyze/an_summary.h src/analyze/analysis.h
src/analyze/an_summary.h:
src/analyze/analysis.h:

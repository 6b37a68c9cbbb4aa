build2/obj/src/rank/clock_src.o: src/rank/clock_src.c \
 src/rank/clock_src.h src/rank/clock_perf.h src/rank/clock_thread.h
src/rank/clock_src.h:
src/rank/clock_perf.h:
src/rank/clock_thread.h:

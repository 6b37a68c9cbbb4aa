build2/obj/src/rank/clock_perf.o: src/rank/clock_perf.c \
 src/rank/clock_perf.h src/rank/clock_thread.h
src/rank/clock_perf.h:
src/rank/clock_thread.h:

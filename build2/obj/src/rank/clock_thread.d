build2/obj/src/rank/clock_thread.o: src/rank/clock_thread.c \
 src/rank/clock_thread.h
src/rank/clock_thread.h:

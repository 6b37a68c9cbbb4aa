build2/obj/src/rank/clock_src.o: src/rank/clock_src.c \
 src/rank/clock_src.h
src/rank/clock_src.h:

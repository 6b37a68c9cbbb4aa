build2/obj/src/tools/live_status.o: src/tools/live_status.c \
 src/tools/live_status.h
src/tools/live_status.h:

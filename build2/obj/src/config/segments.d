build2/obj/src/config/segments.o: src/config/segments.c \
 src/config/config.h
src/config/config.h:

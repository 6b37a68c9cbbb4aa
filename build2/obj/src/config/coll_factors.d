build2/obj/src/config/coll_factors.o: src/config/coll_factors.c \
 src/config/config.h
src/config/config.h:

build2/obj/src/config/load.o: src/config/load.c src/config/config.h \
 src/config/schema.h
src/config/config.h:
src/config/schema.h:

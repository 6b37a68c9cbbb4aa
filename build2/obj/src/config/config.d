build2/obj/src/config/config.o: src/config/config.c src/config/schema.h \
 src/config/config.h
src/config/schema.h:
src/config/config.h:

build2/obj/src/config/schema.o: src/config/schema.c src/config/config.h \
 src/config/schema.h
src/config/config.h:
src/config/schema.h:

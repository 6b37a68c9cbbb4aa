build2/obj/src/config/filters.o: src/config/filters.c src/config/config.h
src/config/config.h:

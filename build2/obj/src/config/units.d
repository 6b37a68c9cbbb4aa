build2/obj/src/config/units.o: src/config/units.c src/config/config.h
src/config/config.h:

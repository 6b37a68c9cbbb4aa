build2/obj/src/config/presets.o: src/config/presets.c src/config/config.h
src/config/config.h:

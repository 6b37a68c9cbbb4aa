build2/obj/src/rank/ordinals.o: src/rank/ordinals.c src/rank/ordinals.h
src/rank/ordinals.h:

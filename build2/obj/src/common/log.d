build2/obj/src/common/log.o: src/common/log.c src/common/log.h
src/common/log.h:

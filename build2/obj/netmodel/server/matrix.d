build2/obj/netmodel/server/matrix.o: netmodel/server/matrix.c \
 netmodel/server/matrix.h
netmodel/server/matrix.h:

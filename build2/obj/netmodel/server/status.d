build2/obj/netmodel/server/status.o: netmodel/server/status.c \
 netmodel/server/status.h
netmodel/server/status.h:

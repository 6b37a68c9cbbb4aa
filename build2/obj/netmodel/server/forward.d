build2/obj/netmodel/server/forward.o: netmodel/server/forward.c \
 netmodel/server/backend.h src/config/config.h netmodel/model/model.h \
 netmodel/wire/wire.h
netmodel/server/backend.h:
src/config/config.h:
netmodel/model/model.h:
netmodel/wire/wire.h:

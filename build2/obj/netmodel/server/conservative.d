build2/obj/netmodel/server/conservative.o: netmodel/server/conservative.c \
 src/common/log.h netmodel/server/backend.h src/config/config.h \
 netmodel/model/model.h netmodel/wire/wire.h netmodel/server/contention.h
src/common/log.h:
netmodel/server/backend.h:
src/config/config.h:
netmodel/model/model.h:
netmodel/wire/wire.h:
netmodel/server/contention.h:

build2/obj/netmodel/server/stateless.o: netmodel/server/stateless.c \
 src/common/log.h netmodel/model/coll_sched.h netmodel/model/model.h \
 src/config/config.h netmodel/server/backend.h netmodel/wire/wire.h
src/common/log.h:
netmodel/model/coll_sched.h:
netmodel/model/model.h:
src/config/config.h:
netmodel/server/backend.h:
netmodel/wire/wire.h:

build2/obj/netmodel/server/contention.o: netmodel/server/contention.c \
 netmodel/server/cn_coll.h src/config/config.h netmodel/model/model.h \
 netmodel/wire/wire.h netmodel/server/contention.h \
 netmodel/model/simgrid/sg_bridge.h netmodel/model/simgrid.h \
 src/common/log.h
netmodel/server/cn_coll.h:
src/config/config.h:
netmodel/model/model.h:
netmodel/wire/wire.h:
netmodel/server/contention.h:
netmodel/model/simgrid/sg_bridge.h:
netmodel/model/simgrid.h:
src/common/log.h:

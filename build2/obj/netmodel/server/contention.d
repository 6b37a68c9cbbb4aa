build2/obj/netmodel/server/contention.o: netmodel/server/contention.c \
 netmodel/server/cn_internal.h netmodel/server/contention.h \
 netmodel/model/model.h src/config/config.h netmodel/wire/wire.h \
 netmodel/model/simgrid/sg_bridge.h netmodel/model/simgrid.h \
 src/common/log.h
netmodel/server/cn_internal.h:
netmodel/server/contention.h:
netmodel/model/model.h:
src/config/config.h:
netmodel/wire/wire.h:
netmodel/model/simgrid/sg_bridge.h:
netmodel/model/simgrid.h:
src/common/log.h:

build2/obj/netmodel/server/cn_coll.o: netmodel/server/cn_coll.c \
 netmodel/server/cn_coll.h src/config/config.h netmodel/model/model.h \
 netmodel/wire/wire.h netmodel/model/coll_sched.h
netmodel/server/cn_coll.h:
src/config/config.h:
netmodel/model/model.h:
netmodel/wire/wire.h:
netmodel/model/coll_sched.h:

build2/obj/netmodel/model/coll_sched.o: netmodel/model/coll_sched.c \
 netmodel/model/coll_rounds.h netmodel/model/model.h src/config/config.h \
 netmodel/model/coll_sched.h
netmodel/model/coll_rounds.h:
netmodel/model/model.h:
src/config/config.h:
netmodel/model/coll_sched.h:

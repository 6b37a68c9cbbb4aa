build2/obj/netmodel/model/coll_rounds.o: netmodel/model/coll_rounds.c \
 netmodel/model/coll_rounds.h netmodel/model/model.h src/config/config.h
netmodel/model/coll_rounds.h:
netmodel/model/model.h:
src/config/config.h:

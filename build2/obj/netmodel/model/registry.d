build2/obj/netmodel/model/registry.o: netmodel/model/registry.c \
 netmodel/model/model.h src/config/config.h netmodel/model/models.def
netmodel/model/model.h:
src/config/config.h:
netmodel/model/models.def:

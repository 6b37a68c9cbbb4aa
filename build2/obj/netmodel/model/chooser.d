build2/obj/netmodel/model/chooser.o: netmodel/model/chooser.c \
 netmodel/model/chooser.h src/config/config.h netmodel/model/model.h
netmodel/model/chooser.h:
src/config/config.h:
netmodel/model/model.h:

build2/obj/netmodel/model/loggp.o: netmodel/model/loggp.c \
 netmodel/model/chooser.h src/config/config.h netmodel/model/model.h
netmodel/model/chooser.h:
src/config/config.h:
netmodel/model/model.h:

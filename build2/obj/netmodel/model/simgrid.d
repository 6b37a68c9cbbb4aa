build2/obj/netmodel/model/simgrid.o: netmodel/model/simgrid.c \
 netmodel/model/chooser.h src/config/config.h netmodel/model/model.h \
 netmodel/model/simgrid.h netmodel/model/simgrid/sg_loader.h \
 netmodel/model/simgrid/sg_bridge.h netmodel/model/simgrid/sg_placement.h
netmodel/model/chooser.h:
src/config/config.h:
netmodel/model/model.h:
netmodel/model/simgrid.h:
netmodel/model/simgrid/sg_loader.h:
netmodel/model/simgrid/sg_bridge.h:
netmodel/model/simgrid/sg_placement.h:

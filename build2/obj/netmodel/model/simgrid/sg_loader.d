build2/obj/netmodel/model/simgrid/sg_loader.o: \
 netmodel/model/simgrid/sg_loader.c netmodel/model/simgrid/sg_loader.h \
 netmodel/model/simgrid/sg_bridge.h
netmodel/model/simgrid/sg_loader.h:
netmodel/model/simgrid/sg_bridge.h:

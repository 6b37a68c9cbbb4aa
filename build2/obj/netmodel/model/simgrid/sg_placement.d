build2/obj/netmodel/model/simgrid/sg_placement.o: \
 netmodel/model/simgrid/sg_placement.c \
 netmodel/model/simgrid/sg_placement.h netmodel/model/simgrid/sg_bridge.h
netmodel/model/simgrid/sg_placement.h:
netmodel/model/simgrid/sg_bridge.h:

build2/obj/src/tools/seshat_sgroute.o: src/tools/seshat_sgroute.c \
 netmodel/model/simgrid/sg_loader.h netmodel/model/simgrid/sg_bridge.h \
 netmodel/model/simgrid/sg_placement.h
netmodel/model/simgrid/sg_loader.h:
netmodel/model/simgrid/sg_bridge.h:
netmodel/model/simgrid/sg_placement.h:

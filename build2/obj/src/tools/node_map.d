build2/obj/src/tools/node_map.o: src/tools/node_map.c src/config/config.h \
 src/tools/node_map.h
src/config/config.h:
src/tools/node_map.h:

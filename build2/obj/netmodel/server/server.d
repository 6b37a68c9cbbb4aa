build2/obj/netmodel/server/server.o: netmodel/server/server.c \
 netmodel/server/backend.h src/config/config.h netmodel/model/model.h \
 netmodel/wire/wire.h netmodel/server/matrix.h netmodel/server/server.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h \
 /usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h \
 netmodel/server/status.h src/common/log.h
netmodel/server/backend.h:
src/config/config.h:
netmodel/model/model.h:
netmodel/wire/wire.h:
netmodel/server/matrix.h:
netmodel/server/server.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h:
/usr/lib/x86_64-linux-gnu/openmpi/include/mpi_portable_platform.h:
netmodel/server/status.h:
src/common/log.h:

build2/obj/src/tools/seshat_run.o: src/tools/seshat_run.c \
 src/common/job.h src/config/config.h netmodel/model/model.h \
 src/tools/live_status.h src/tools/matrix_plot.h src/tools/node_map.h
src/common/job.h:
src/config/config.h:
netmodel/model/model.h:
src/tools/live_status.h:
src/tools/matrix_plot.h:
src/tools/node_map.h:

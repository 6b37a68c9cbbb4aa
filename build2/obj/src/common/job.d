build2/obj/src/common/job.o: src/common/job.c src/common/job.h
src/common/job.h:

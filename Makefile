# seshat - one plain Makefile.
#   make            library (build/lib) and tools (build/bin)
#   make test       unit tests (cmocka) and MPI integration tests, areas in parallel
#   make test T=faults   one area (tests/mpi/runall.sh --list; T=unit, T=core)
#   make quicktest  unit tests and a fast subset of the MPI tests (< 1 min)
#   make check-asan the same under AddressSanitizer + UBSan (build-asan/)
#   make bench      benchmarks, results in docs/performance.md
#   LOAD=N make bench   the same beside N CPU-bound processes (a loaded machine)
#   make install PREFIX=/usr/local
#   make deps       install missing Debian packages (root)

PREFIX  ?= /usr/local
BUILD   ?= build
CC      ?= gcc
MPICC   ?= mpicc
MPIFC   ?= mpifort
MPICXX  ?= mpicxx
PYTHON  ?= python3

MPI_CFLAGS := $(shell $(MPICC) -showme:compile 2>/dev/null)
MPI_LIBS   := $(shell $(MPICC) -showme:link 2>/dev/null)

SAN_FLAGS ?=
CFLAGS  ?= -O2 -g
# Required flags live apart from CFLAGS so `make CFLAGS=...` cannot drop them.
# -fvisibility=hidden: the preloaded library exports only MPI names (what
# exports.map lists must also be visible; tests/tools/exports.py checks).
REQ_CFLAGS := -std=c11 -Wall -Wextra -Werror -fPIC -D_GNU_SOURCE -pthread -fvisibility=hidden
# Generated at build time (src/mpi/gen.py, src/interpose/gen_wrappers.py)
# from the installed mpi.h: $(GEN)/mpi/gen_calls.h and the .c files below.
GEN     := $(BUILD)/gen
MPI_H   := $(shell $(PYTHON) src/mpi/gen.py --print-mpi-h 2>/dev/null)
GEN_HDRS := $(GEN)/mpi/gen_calls.h
# Every include names its layer ("tracefmt/trace_reader.h", "mpi/calls.h").
CPPFLAGS += -Isrc -Inetmodel -Itraceout -I$(GEN) $(MPI_CFLAGS)
ALL_CFLAGS = $(CPPFLAGS) $(CFLAGS) $(REQ_CFLAGS) $(SAN_FLAGS)
LDFLAGS += $(SAN_FLAGS)

LIB_SRCS := $(wildcard src/mpi/*.c src/common/*.c src/config/*.c src/rank/*.c traceout/trace/*.c \
                       src/interpose/*.c netmodel/model/*.c netmodel/model/simgrid/*.c \
                       netmodel/server/*.c traceout/tracefmt/*.c)
# The lowest layer (the call table) and the generated wrappers.
MPI_OBJS := $(BUILD)/obj/gen/mpi/gen_real.o $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard src/mpi/*.c))
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/mpi/gen_real.o \
            $(BUILD)/obj/gen/interpose/gen_wrappers.o
LIB_LIBS := -ldl -lpthread -llz4 -liniparser -ldw -lm

# The trace format (reader, writer, call names; the call names need the
# call table below them).
TRACEFMT_OBJS = $(filter $(BUILD)/obj/traceout/tracefmt/%,$(LIB_OBJS)) $(MPI_OBJS) \
                $(BUILD)/obj/src/common/safe_write.o
# (wake.o needs the call table, which only the library has.)
TOOL_COMMON := $(filter-out $(BUILD)/obj/src/common/wake.o,\
               $(filter $(BUILD)/obj/src/common/% $(BUILD)/obj/src/config/%,$(LIB_OBJS)))
TOOLS := $(BUILD)/bin/seshat-run $(BUILD)/bin/seshat-sweep $(BUILD)/bin/seshat-trace \
         $(BUILD)/bin/seshat-calibrate $(BUILD)/bin/seshat-analyze $(BUILD)/bin/seshat-replay
CALIB_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard src/calibrate/*.c))

# The replay analyzer's objects (seshat-analyze; unit tests link them too).
ANALYZE_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard src/analyze/*.c))

# SimGrid lives in its own object that only model ranks dlopen (RTLD_LOCAL):
# libsimgrid exports SMPI's MPI_* symbols. Without libsimgrid-dev the rest
# builds and model = simgrid says the bridge cannot be loaded.
CXX ?= g++
SIMGRID := $(shell test -f /usr/include/simgrid/s4u.hpp && echo yes)
ifeq ($(SIMGRID),yes)
SG_LIB := $(BUILD)/lib/libseshat-simgrid.so
TOOLS += $(BUILD)/bin/seshat-sgroute
endif

UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/unit/%)

MPI_C_SRCS := $(wildcard tests/mpi/*.c)
MPI_F_SRCS := $(wildcard tests/mpi/*.f tests/mpi/*.f90)
MPI_CXX_SRCS := $(wildcard tests/mpi/*.cpp)
# Relinked builds (-lseshat instead of the preload) only of the programs
# the tests run relinked: each of the others cost a compile and was never run.
MPI_RELINKED := pingpong pcontrol sg_bind omp_vclock
MPI_BINS := $(MPI_C_SRCS:tests/mpi/%.c=$(BUILD)/tests/mpi/%) \
            $(MPI_RELINKED:%=$(BUILD)/tests/mpi/%.relinked) \
            $(patsubst tests/mpi/%,$(BUILD)/tests/mpi/%,$(basename $(MPI_F_SRCS))) \
            $(MPI_CXX_SRCS:tests/mpi/%.cpp=$(BUILD)/tests/mpi/%)

.PHONY: all lib tools tests test quicktest unit-test mpi-test check-layers check-exports check-asan bench install clean deps generate check-generated demo fuzz

all: lib tools

lib: $(BUILD)/lib/libseshat.so $(BUILD)/lib/libseshat.a $(SG_LIB)
tools: $(TOOLS)

$(BUILD)/obj/%.o: %.c | $(GEN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@
$(BUILD)/obj/gen/%.o: $(GEN)/%.c | $(GEN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

# The call table from the installed mpi.h. The scripts rewrite only files
# whose text changes (so a new gen.py rebuilds nothing it does not change);
# the stamps record that they ran.
$(GEN)/mpi/gen_calls.h $(GEN)/mpi/gen_real.c: $(GEN)/mpi/.stamp ;
$(GEN)/mpi/.stamp: src/mpi/gen.py src/mpi/calls.spec $(MPI_H)
	$(PYTHON) src/mpi/gen.py --mpi-h $(MPI_H) $(GEN)
	@touch $@
$(GEN)/interpose/gen_wrappers.c: $(GEN)/interpose/.stamp ;
$(GEN)/interpose/.stamp: src/interpose/gen_wrappers.py src/mpi/gen.py src/mpi/calls.spec $(MPI_H)
	$(PYTHON) src/interpose/gen_wrappers.py --mpi-h $(MPI_H) $(GEN)
	@touch $@

$(BUILD)/lib/libseshat.so: $(LIB_OBJS) src/interpose/exports.map
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,libseshat.so -Wl,--version-script=src/interpose/exports.map $(LDFLAGS) \
	    -o $@ $(LIB_OBJS) $(LIB_LIBS) $(MPI_LIBS)

$(BUILD)/lib/libseshat-simgrid.so: netmodel/model/simgrid/sg_bridge.cpp netmodel/model/simgrid/sg_bridge.h
	@mkdir -p $(dir $@)
	$(CXX) -std=c++17 -O2 -g -Wall -Wextra -Werror -fPIC -shared $(SAN_FLAGS) \
	    -Wl,-soname,libseshat-simgrid.so -o $@ $< -lsimgrid

$(BUILD)/bin/seshat-sgroute: $(BUILD)/obj/src/tools/seshat_sgroute.o \
                            $(BUILD)/obj/netmodel/model/simgrid/sg_loader.o \
                            $(BUILD)/obj/netmodel/model/simgrid/sg_placement.o | $(SG_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -ldl

$(BUILD)/lib/libseshat.a: $(LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# seshat-run checks network.model against the registry before it launches.
MODEL_REGISTRY_OBJS := $(patsubst %,$(BUILD)/obj/netmodel/model/%.o,registry loggp simgrid chooser \
                                                               simgrid/sg_loader simgrid/sg_placement)
$(BUILD)/bin/seshat-run: $(BUILD)/obj/src/tools/seshat_run.o $(BUILD)/obj/src/tools/matrix_plot.o \
                        $(BUILD)/obj/src/tools/live_status.o $(BUILD)/obj/src/tools/node_map.o \
                        $(BUILD)/obj/src/tools/prelaunch.o \
                        $(MODEL_REGISTRY_OBJS) $(TOOL_COMMON)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -liniparser -ldl -lm

$(BUILD)/bin/seshat-trace: $(BUILD)/obj/src/tools/seshat_trace.o $(BUILD)/obj/traceout/export/trace_otf2.o \
                          $(BUILD)/obj/traceout/export/trace_otf2_io.o \
                          $(BUILD)/obj/traceout/export/trace_filter.o \
                          $(BUILD)/obj/src/config/filters.o $(BUILD)/obj/src/config/units.o \
                          $(BUILD)/obj/src/analyze/an_check.o $(BUILD)/obj/src/analyze/an_stream.o \
                          $(TRACEFMT_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -liniparser -llz4 -lotf2 -ldl -lpthread -lm

$(BUILD)/bin/seshat-calibrate: $(BUILD)/obj/src/tools/seshat_calibrate.o $(CALIB_OBJS) $(TOOL_COMMON)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -liniparser -lm $(MPI_LIBS)

# The analyzer is an MPI program of its own (never run under seshat).
$(BUILD)/bin/seshat-analyze: $(BUILD)/obj/src/tools/seshat_analyze.o $(BUILD)/obj/src/tools/sensitivity.o \
                            $(BUILD)/obj/src/tools/compare.o $(BUILD)/obj/src/tools/pop_scaling.o \
                            $(BUILD)/obj/src/tools/counterfactual.o \
                            $(ANALYZE_OBJS) \
                            $(TOOL_COMMON) \
                            $(TRACEFMT_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -liniparser -llz4 -ldl -lm $(MPI_LIBS)

# Re-enacts a trace under seshat-run (what-if studies).
$(BUILD)/bin/seshat-replay: $(BUILD)/obj/src/tools/seshat_replay.o $(BUILD)/obj/src/analyze/an_stream.o \
                           $(BUILD)/obj/src/tools/replay_cuts.o \
                           $(BUILD)/obj/src/analyze/an_util.o \
                           $(TRACEFMT_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -llz4 -ldl -lm $(MPI_LIBS)

$(BUILD)/bin/seshat-sweep: src/tools/seshat-sweep
	@mkdir -p $(dir $@)
	cp $< $@

# Unit tests: each test links the library objects it needs plus cmocka.
$(BUILD)/tests/unit/%: tests/unit/%.c $(LIB_OBJS) $(ANALYZE_OBJS) $(CALIB_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(ANALYZE_OBJS) $(CALIB_OBJS) $(MPI_OBJS) $(BUILD)/obj/src/rank/ordinals.o $(BUILD)/obj/src/rank/error.o $(filter $(BUILD)/obj/src/rank/clock_%,$(LIB_OBJS)) $(filter-out $(MPI_OBJS) $(BUILD)/obj/gen/% $(BUILD)/obj/src/interpose/% $(BUILD)/obj/src/rank/% $(BUILD)/obj/traceout/trace/%,$(LIB_OBJS)) \
	    $(LDFLAGS) -lcmocka $(LIB_LIBS) $(MPI_LIBS)

# MPI test programs: a plain build (run preloaded) and a relinked one.
$(BUILD)/tests/mpi/%: tests/mpi/%.c
	@mkdir -p $(dir $@)
	$(MPICC) -O1 -g -Wall -Wextra -Werror -std=c11 -D_GNU_SOURCE -o $@ $< -lm
$(BUILD)/tests/mpi/%.relinked: tests/mpi/%.c $(BUILD)/lib/libseshat.so
	@mkdir -p $(dir $@)
	$(MPICC) -O1 -g -Wall -Wextra -Werror -std=c11 -D_GNU_SOURCE -o $@ $< -lm \
	    -L$(BUILD)/lib -Wl,--no-as-needed -lseshat -Wl,-rpath,$(abspath $(BUILD)/lib)
# OpenMP test programs (hybrid ranks) need -fopenmp.
$(BUILD)/tests/mpi/omp_%: tests/mpi/omp_%.c
	@mkdir -p $(dir $@)
	$(MPICC) -O1 -g -fopenmp -Wall -Wextra -Werror -std=c11 -D_GNU_SOURCE -o $@ $< -lm
$(BUILD)/tests/mpi/omp_%.relinked: tests/mpi/omp_%.c $(BUILD)/lib/libseshat.so
	@mkdir -p $(dir $@)
	$(MPICC) -O1 -g -fopenmp -Wall -Wextra -Werror -std=c11 -D_GNU_SOURCE -o $@ $< -lm \
	    -L$(BUILD)/lib -Wl,--no-as-needed -lseshat -Wl,-rpath,$(abspath $(BUILD)/lib)
# C++ test programs (C++ names in call paths).
$(BUILD)/tests/mpi/%: tests/mpi/%.cpp
	@mkdir -p $(dir $@)
	$(MPICXX) -O1 -g -Wall -Wextra -Werror -DOMPI_SKIP_MPICXX -o $@ $<
$(BUILD)/tests/mpi/%: tests/mpi/%.f90
	@mkdir -p $(dir $@)
	$(MPIFC) -O1 -g -J $(dir $@) -o $@ $<
$(BUILD)/tests/mpi/%: tests/mpi/%.f
	@mkdir -p $(dir $@)
	$(MPIFC) -O1 -g -o $@ $<

# The SMPI oracle (tests/mpi/run_smpi.sh): one source built with mpicc and,
# when SimGrid's smpicc is installed, with smpicc.
SMPICC ?= $(shell command -v smpicc 2>/dev/null)
# ompi_choice asks the installed Open MPI which algorithm coll/tuned runs:
# it overrides coll/base's functions, so it exports its symbols (-rdynamic).
SMPI_BINS := $(BUILD)/tests/smpi/smpi_oracle $(if $(SMPICC),$(BUILD)/tests/smpi/smpi_oracle.smpi) \
             $(BUILD)/tests/smpi/ompi_choice $(BUILD)/tests/unit/test_coll_choice
$(BUILD)/tests/smpi/ompi_choice: tests/smpi/ompi_choice.c
	@mkdir -p $(dir $@)
	$(MPICC) -O1 -g -Wall -Wextra -Werror -std=c11 -rdynamic -o $@ $< -ldl
$(BUILD)/tests/smpi/%: tests/smpi/%.c
	@mkdir -p $(dir $@)
	$(MPICC) -O1 -g -Wall -Wextra -Werror -std=c11 -D_GNU_SOURCE -o $@ $< -lm
$(BUILD)/tests/smpi/%.smpi: tests/smpi/%.c
	@mkdir -p $(dir $@)
	$(SMPICC) -O1 -g -Wall -Wextra -Werror -std=c11 -D_GNU_SOURCE -o $@ $< -lm

# The conformance corpus (tests/mpi/run_conformance.sh): plain builds.
CONF_C_SRCS := $(wildcard tests/conformance/*.c)
CONF_F_SRCS := $(wildcard tests/conformance/*.f90)
CONF_BINS := $(CONF_C_SRCS:tests/conformance/%.c=$(BUILD)/tests/conformance/%) \
             $(CONF_F_SRCS:tests/conformance/%.f90=$(BUILD)/tests/conformance/%)
# (deprecated calls are part of what the corpus covers; gcc takes the
# MPI_UNWEIGHTED sentinel for an empty array)
# (check-asan builds them sanitized too: the corpus's own memory errors
# would otherwise pass unseen, natively and under seshat alike)
$(BUILD)/tests/conformance/%: tests/conformance/%.c tests/conformance/conf.h
	@mkdir -p $(dir $@)
	$(MPICC) -O1 -g -Wall -Wextra -Werror -Wno-deprecated-declarations -Wno-stringop-overread \
	    -std=c11 -D_GNU_SOURCE $(SAN_FLAGS) \
	    -o $@ $< -lm
$(BUILD)/tests/conformance/%: tests/conformance/%.f90
	@mkdir -p $(dir $@)
	$(MPIFC) -O1 -g $(SAN_FLAGS) -J $(dir $@) -o $@ $<

tests: all $(UNIT_BINS) $(MPI_BINS) $(CONF_BINS) $(SMPI_BINS)

# The README's demo: a heat-equation program, unmodified, under seshat-run.
$(BUILD)/examples/heat: examples/heat.c
	@mkdir -p $(dir $@)
	$(MPICC) -O2 -Wall -o $@ $<

demo: all $(BUILD)/examples/heat
	@echo "== native (plain mpirun, 4 ranks)"
	@mpirun --oversubscribe $$( [ "$$(id -u)" = 0 ] && echo --allow-run-as-root) -np 4 $(BUILD)/examples/heat
	@echo "== under seshat, default network (1.5us, 12.5GB/s)"
	@$(BUILD)/bin/seshat-run -np 4 -- $(BUILD)/examples/heat
	@echo "== under seshat, a 10x slower network"
	@$(BUILD)/bin/seshat-run --set network.latency=15us --set network.bandwidth=1.25GB/s -np 4 -- $(BUILD)/examples/heat

unit-test: $(UNIT_BINS)
	@set -e; for t in $(UNIT_BINS); do echo "== $$t"; $$t; done

# The MPI test areas (tests/mpi/runall.sh --list), as many at once as the
# machine has cores (SESHAT_TEST_JOBS=N to choose); T="faults trace" runs
# only those areas (T=unit: only the unit tests; T=core: every core-* area).
T ?=
mpi-test: all $(MPI_BINS) $(CONF_BINS) $(SMPI_BINS)
	BUILD=$(BUILD) tests/mpi/runall.sh $(filter-out unit,$(T))

# The include graph respects the layers, and no folder has a circle of
# includes or of symbols between its files (docs/design.md; the symbol
# check reads the objects, hence `all`), and the preloaded library exports
# only MPI names.
check-layers: all
	@$(PYTHON) tests/tools/layers.py --self-test
	BUILD=$(BUILD) $(PYTHON) tests/tools/layers.py
check-exports: $(BUILD)/lib/libseshat.so
	$(PYTHON) tests/tools/exports.py $<

ifeq ($(strip $(T)),)
test: check-generated check-layers check-exports unit-test mpi-test
else
test: $(if $(filter unit,$(T)),unit-test) $(if $(filter-out unit,$(T)),mpi-test)
endif

# The edit loop (under a minute): the layer and export checks, the unit
# tests, then the MPI scenarios of one path variant (direct, K = 1; QUICK=1
# of tests/mpi/runall.sh). `make test` before a commit.
quicktest: check-layers check-exports unit-test all $(MPI_BINS)
	QUICK=1 BUILD=$(BUILD) tests/mpi/runall.sh

check-asan:
	$(MAKE) BUILD=build-asan SAN_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	    CFLAGS="-O1 -g" SESHAT_ASAN=1 test

# Fuzzing the trace reader with libFuzzer (clang, libclang-rt-14-dev):
# make fuzz FUZZ_SECONDS=600. Crashes are saved as crash-* files.
FUZZ_SECONDS ?= 60
$(BUILD)/fuzz/fuzz_reader: tests/fuzz/fuzz_reader.c traceout/tracefmt/trace_reader.c
	@mkdir -p $(dir $@) $(BUILD)/fuzz/corpus
	clang -std=c11 -g -O1 -D_GNU_SOURCE -Isrc -fsanitize=fuzzer,address,undefined -o $@ $^ -llz4

fuzz:
	@command -v clang >/dev/null || { echo "make fuzz needs clang and libclang-rt-14-dev (apt-get install clang libclang-rt-14-dev)"; exit 2; }
	$(MAKE) $(BUILD)/fuzz/fuzz_reader
	@for f in tests/fuzz/seeds/*; do cp $$f $(BUILD)/fuzz/corpus/; done 2>/dev/null; true
	cd $(BUILD)/fuzz && ./fuzz_reader -max_total_time=$(FUZZ_SECONDS) -max_len=65536 corpus

# The wrappers and the call table are generated at build time (above);
# the committed config/seshat.ini is the one generated file, `make test`
# checks it.
generate: tools
	tools/gen-default-ini.sh $(abspath $(BUILD)/bin/seshat-run) > config/seshat.ini

check-generated: tools
	@tools/gen-default-ini.sh $(abspath $(BUILD)/bin/seshat-run) | cmp -s - config/seshat.ini || \
	    { echo "config/seshat.ini is stale: run make generate"; exit 1; }

$(BUILD)/tests/bench/wall_pingpong $(BUILD)/tests/bench/stencil $(BUILD)/tests/bench/alltoall $(BUILD)/tests/bench/hello_mem \
$(BUILD)/tests/bench/call_cost $(BUILD)/tests/bench/rma_put: $(BUILD)/tests/bench/%: tests/bench/%.c
	@mkdir -p $(dir $@)
	$(MPICC) -O2 -Wall -Wextra -Werror -std=c11 -D_GNU_SOURCE -o $@ $<

$(BUILD)/tests/bench/trace_cost: tests/bench/trace_cost.c $(TRACEFMT_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $^ -llz4 -lpthread -ldl $(MPI_LIBS)

bench: all tests $(BUILD)/tests/bench/wall_pingpong $(BUILD)/tests/bench/trace_cost $(BUILD)/tests/bench/stencil \
       $(BUILD)/tests/bench/alltoall $(BUILD)/tests/bench/hello_mem $(BUILD)/tests/bench/call_cost \
       $(BUILD)/tests/bench/rma_put
	BUILD=$(BUILD) tests/bench/run.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/seshat
	install -m 644 $(BUILD)/lib/libseshat.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/lib/libseshat.so $(DESTDIR)$(PREFIX)/lib/
	$(if $(SG_LIB),install -m 755 $(SG_LIB) $(DESTDIR)$(PREFIX)/lib/)
	install -m 755 $(TOOLS) $(DESTDIR)$(PREFIX)/bin/
	cp -r config/. $(DESTDIR)$(PREFIX)/share/seshat/

deps:
	tools/install-deps.sh

clean:
	rm -rf build build-asan

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

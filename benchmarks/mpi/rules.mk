# MPI benchmarks (benchmarks/mpi, docs/mpi.md): distributed Jacobi (halo
# exchange from device memory, or staged through the host with
# -DJACOBI_STAGED) and EP, built with mpicc + the plugin.  They are built by
# their test and bench scripts, not by `make all`, so a machine without
# Open MPI builds everything else; the scripts say "skipped: no mpicc".
MB_DIR   := $(BUILD)/bench/mpi
MB_NAMES := jacobi jacobi-staged ep rankdev
MB_BINS  := $(addprefix $(MB_DIR)/,$(MB_NAMES))
MB_FLAGS := -O2 -std=gnu11 $(WARN) -fplugin=$(ABS_BUILD)/accgpu.so -Iinclude
MB_LIBS  := -L$(ABS_BUILD) -laccgpu -Wl,-rpath,$(ABS_BUILD) -lm
MB_DEPS  := benchmarks/mpi/mpi_bench.h $(wildcard include/*.h) \
            $(BUILD)/accgpu.so $(BUILD)/libaccgpu.so

TEST_CMDS  += $(MB_DIR)/test
BENCH_CMDS += $(MB_DIR)/bench
ALL_TARGETS += $(MB_DIR)/test $(MB_DIR)/bench

.PHONY: mpi-bins
mpi-bins: $(MB_BINS)

$(MB_DIR)/jacobi-staged: benchmarks/mpi/jacobi.c $(MB_DEPS)
	@mkdir -p $(dir $@)
	mpicc $(MB_FLAGS) -DJACOBI_STAGED $< -o $@ $(MB_LIBS)

$(MB_DIR)/%: benchmarks/mpi/%.c $(MB_DEPS)
	@mkdir -p $(dir $@)
	mpicc $(MB_FLAGS) $< -o $@ $(MB_LIBS)

# tests/run.sh and make bench call commands without arguments: wrappers.
$(MB_DIR)/test $(MB_DIR)/bench: benchmarks/mpi/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/benchmarks/mpi/%s.sh" "%s" "$$@"\n' '$(TOP)' \
	  '$(notdir $@)' '$(ABS_BUILD)' > $@
	@chmod +x $@

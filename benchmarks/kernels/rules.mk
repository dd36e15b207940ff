# Kernel benchmarks (benchmarks/kernels/*.c): OpenACC programs that verify
# themselves against a serial run.  `make all` builds the serial baselines
# (plain gcc, pragmas ignored); benchmarks/kernels/run.sh builds the plugin
# versions (NAME.acc) when the plugin exists, runs both and prints a table.
BK_SRCS   := $(wildcard benchmarks/kernels/*.c)
BK_DIR    := $(BUILD)/bench/kernels
BK_SERIAL := $(patsubst benchmarks/kernels/%.c,$(BK_DIR)/%.serial,$(BK_SRCS))
BK_OMP    := $(patsubst benchmarks/kernels/%.c,$(BK_DIR)/%.omp,$(BK_SRCS))
BK_RUNNER := $(BK_DIR)/run

ALL_TARGETS += $(BK_SERIAL) $(BK_OMP) $(BK_RUNNER)
BENCH_CMDS  += $(BK_RUNNER)

# Flags of the serial and OpenACC builds (benchmarks/hostspeed builds the
# same objects at several code layouts).
BK_SERIAL_CFLAGS := -O2 -std=gnu11 $(WARN) -Wno-unknown-pragmas
BK_ACC_CFLAGS    := -O2 -std=gnu11 -fplugin=$(ABS_BUILD)/accgpu.so -Iinclude
BK_ACC_LIBS      := -L$(ABS_BUILD) -laccgpu -Wl,-rpath,$(ABS_BUILD) -lm

$(BK_DIR)/%.serial: benchmarks/kernels/%.c benchmarks/kernels/bench.h
	@mkdir -p $(dir $@)
	$(CC) $(BK_SERIAL_CFLAGS) $< -o $@ -lm

# The OpenMP equivalent (BENCH_OMP lines), for the multicore comparison.
$(BK_DIR)/%.omp: benchmarks/kernels/%.c benchmarks/kernels/bench.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -std=gnu11 -fopenmp $(WARN) -Wno-unknown-pragmas $< -o $@ -lm

# The OpenACC build, as a user would compile it.
$(BK_DIR)/%.acc: benchmarks/kernels/%.c benchmarks/kernels/bench.h $(wildcard include/*.h) \
                 $(BUILD)/accgpu.so $(BUILD)/libaccgpu.so
	@mkdir -p $(dir $@)
	$(CC) $(BK_ACC_CFLAGS) $< -o $@ $(BK_ACC_LIBS)

# tests/run.sh-style word splitting: the runner gets the build directory
# through a generated wrapper.
$(BK_RUNNER): benchmarks/kernels/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/benchmarks/kernels/run.sh" "%s" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@

# For scripts/demo.sh: Jacobi 2-D built with the plugin, run with a short
# human-readable account on ACC_DEVICE_TYPE (default: the GPU if one answers,
# else the emulator; the runtime alone would pick the host there).
.PHONY: demo-jacobi
demo-jacobi: $(BK_DIR)/jacobi2d.acc
	@ACC_DEVICE_TYPE=$${ACC_DEVICE_TYPE:-$$(nvidia-smi -L >/dev/null 2>&1 && \
	  echo nvidia || echo emulator)} $(BK_DIR)/jacobi2d.acc small demo

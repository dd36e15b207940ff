# benchmarks/npb: NAS Parallel Benchmarks EP, CG, MG, FT and IS in OpenACC C
# (docs/npb.md).  One source per benchmark, built three ways:
#   $(BUILD)/npb/serial/X   plain gcc, directives ignored
#   $(BUILD)/npb/gomp/X     GCC's own OpenACC (host fallback unless
#                           NPB_GOMP_OFFLOAD names an offload target)
#   $(BUILD)/npb/accgpu/X   our plugin + libaccgpu (only when accgpu.so exists)
#   $(BUILD)/npb/omp/X      gcc -fopenmp: the hand-written OpenMP equivalents
#                           (NPB_OMP lines) of EP, CG, MG, FT
# The class is the program's argument (S, W, A, B, C).
#
#   make bench-npb CLASS=A   run all five on ACC_DEVICE_TYPE, one table
#                            (make bench runs it for class S)
#   make test                class S of each (benchmarks/npb/test.sh)

NPB_NAMES := ep cg mg ft is
NPB_OUT   := $(BUILD)/npb
NPB_DEPS  := benchmarks/npb/npb.h
NPB_STD   := -std=gnu11 -O2 -Wall -Wextra -Werror
# Without OpenACC the variables named only in clauses look unused.
NPB_SERIAL_CFLAGS := $(NPB_STD) -Wno-unknown-pragmas -Wno-unused-variable \
                     -Wno-unused-but-set-variable -Wno-unused-parameter \
                     -DNPB_BUILD='"serial"'
NPB_GOMP_OFFLOAD  ?= -foffload=disable
NPB_GOMP_CFLAGS   := $(NPB_STD) -fopenacc $(NPB_GOMP_OFFLOAD) \
                     -DNPB_BUILD='"gcc-openacc"'
NPB_ACC_CFLAGS    := $(NPB_STD) -fplugin=$(ABS_BUILD)/accgpu.so -Iinclude \
                     -DNPB_BUILD='"accgpu"'
NPB_ACC_LDFLAGS   := -L$(ABS_BUILD) -laccgpu -Wl,-rpath,$(ABS_BUILD)
NPB_OMP_NAMES     := ep cg mg ft
NPB_OMP_CFLAGS    := $(filter-out -DNPB_BUILD=%,$(NPB_SERIAL_CFLAGS)) -fopenmp \
                     -DNPB_BUILD='"openmp"'

NPB_SERIAL := $(addprefix $(NPB_OUT)/serial/,$(NPB_NAMES))
NPB_GOMP   := $(addprefix $(NPB_OUT)/gomp/,$(NPB_NAMES))
NPB_ACC    := $(addprefix $(NPB_OUT)/accgpu/,$(NPB_NAMES))
NPB_OMPS   := $(addprefix $(NPB_OUT)/omp/,$(NPB_OMP_NAMES))

ALL_TARGETS += $(NPB_SERIAL) $(NPB_GOMP) $(NPB_OMPS)
TEST_CMDS   += benchmarks/npb/test.sh
BENCH_CMDS  += benchmarks/npb/bench.sh
# test.sh and bench.sh find the build tree here (TEST_CMDS take no arguments).
export NPB_BUILD_DIR := $(ABS_BUILD)

.PHONY: bench-npb npb-serial npb-gomp npb-accgpu npb-omp
npb-serial: $(NPB_SERIAL)
npb-omp: $(NPB_OMPS)
npb-gomp: $(NPB_GOMP)
npb-accgpu: $(NPB_ACC)

$(NPB_OUT)/serial/%: benchmarks/npb/%.c $(NPB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(NPB_SERIAL_CFLAGS) $< -o $@ -lm

$(NPB_OUT)/omp/%: benchmarks/npb/%.c $(NPB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(NPB_OMP_CFLAGS) $< -o $@ -lm

$(NPB_OUT)/gomp/%: benchmarks/npb/%.c $(NPB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(NPB_GOMP_CFLAGS) $< -o $@ -lm

$(NPB_OUT)/accgpu/%: benchmarks/npb/%.c $(NPB_DEPS) $(BUILD)/accgpu.so $(wildcard include/*.h) \
                     $(BUILD)/libaccgpu.so
	@mkdir -p $(dir $@)
	$(CC) $(NPB_ACC_CFLAGS) $< -o $@ $(NPB_ACC_LDFLAGS) -lm

CLASS ?= S
bench-npb: deps
	@$(MAKE) --no-print-directory all
	@benchmarks/npb/bench.sh $(CLASS)

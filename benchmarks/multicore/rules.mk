# Multicore device vs host device vs gcc -fopenmp (docs/multicore.md):
# benchmarks/multicore/run.sh builds what it needs (kernels NAME.acc and
# NAME.omp, NPB accgpu and omp builds) and prints one table.
BM_RUNNER := $(BUILD)/bench/multicore

ALL_TARGETS += $(BM_RUNNER)
BENCH_CMDS  += $(BM_RUNNER)

$(BM_RUNNER): benchmarks/multicore/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/benchmarks/multicore/run.sh" "%s" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@

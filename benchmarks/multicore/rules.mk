# Multicore device vs host device vs gcc -fopenmp (docs/multicore.md):
# benchmarks/multicore/run.sh builds what it needs (kernels NAME.acc and
# NAME.omp, NPB accgpu and omp builds) and prints one table (make bench);
# test.sh, the multicore image's loops against the host fallback's in
# instructions (make test).
BM_RUNNER := $(BUILD)/bench/multicore
BM_TEST   := $(BUILD)/tests/mc-code-tests

ALL_TARGETS += $(BM_RUNNER) $(BM_TEST)
BENCH_CMDS  += $(BM_RUNNER)
TEST_CMDS   += $(BM_TEST)

$(BM_RUNNER): BM_SCRIPT := run.sh
$(BM_TEST): BM_SCRIPT := test.sh
$(BM_RUNNER) $(BM_TEST): benchmarks/multicore/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/benchmarks/multicore/%s" "%s" "$$@"\n' '$(TOP)' '$(BM_SCRIPT)' '$(ABS_BUILD)' > $@
	@chmod +x $@

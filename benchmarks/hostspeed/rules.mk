# benchmarks/hostspeed: run.sh, the host device against the serial build of
# every kernel benchmark and NPB program (make bench); test.sh, loop
# alignment left to GCC as in the serial build (make test).
HS_RUNNER := $(BUILD)/bench/hostspeed
HS_TEST   := $(BUILD)/tests/loop-align-tests

ALL_TARGETS += $(HS_RUNNER) $(HS_TEST)
BENCH_CMDS  += $(HS_RUNNER)
TEST_CMDS   += $(HS_TEST)

$(HS_RUNNER): HS_SCRIPT := run.sh
$(HS_TEST): HS_SCRIPT := test.sh
$(HS_RUNNER) $(HS_TEST): benchmarks/hostspeed/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/benchmarks/hostspeed/%s" "%s" "$$@"\n' '$(TOP)' '$(HS_SCRIPT)' '$(ABS_BUILD)' > $@
	@chmod +x $@

# The cost of memcheck and racecheck on the emulator (benchmarks/emucheck/run.sh),
# part of make bench; the runner gets the build directory through a wrapper.
EC_RUNNER := $(BUILD)/bench/emucheck-run
ALL_TARGETS += $(EC_RUNNER)
BENCH_CMDS  += $(EC_RUNNER)

$(EC_RUNNER): benchmarks/emucheck/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/benchmarks/emucheck/run.sh" "%s" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@

# End-to-end tests (tests/e2e/run.sh): the corpus compiled with the plugin and
# run on the emulator and host devices.  tests/run.sh word-splits each entry
# of TEST_CMDS, so the build directory reaches the harness through a small
# generated wrapper rather than an argument.
E2E_WRAPPER := $(BUILD)/tests/e2e-tests

# After the plain run (memcheck on, the default), the same programs again on
# the emulator with threads and blocks in reverse and in a random order
# (a fixed seed, so a failure reproduces; ACCGPU_E2E_EMU=random:N by hand
# tries others).
E2E_REVERSE := $(BUILD)/tests/e2e-reverse
E2E_RANDOM  := $(BUILD)/tests/e2e-random
E2E_RANDOM_SEED ?= 7

ALL_TARGETS += $(E2E_WRAPPER) $(E2E_REVERSE) $(E2E_RANDOM)
TEST_CMDS   += $(E2E_WRAPPER) $(E2E_REVERSE) $(E2E_RANDOM)

$(E2E_WRAPPER): tests/e2e/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/tests/e2e/run.sh" "%s" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@

$(E2E_REVERSE) $(E2E_RANDOM): tests/e2e/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nACCGPU_E2E_EMU=%s exec "%s/tests/e2e/run.sh" "%s" "$$@"\n' \
	  '$(if $(findstring reverse,$@),reverse,random:$(E2E_RANDOM_SEED))' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@

# make test-racecheck: the corpus (and tests/e2e/racy/), the kernel
# benchmarks and NPB class S under ACCGPU_EMU_RACECHECK=1.
.PHONY: test-racecheck
test-racecheck: deps
	@$(MAKE) --no-print-directory all
	@tests/racecheck.sh $(BUILD)

# Validate the corpus without the plugin: GCC's own OpenACC host fallback and
# a plain serial build.
.PHONY: test-e2e-gomp
test-e2e-gomp:
	@ACCGPU_E2E_COMPILER=gomp tests/e2e/run.sh $(BUILD)
	@ACCGPU_E2E_COMPILER=serial tests/e2e/run.sh $(BUILD)

# The harness's own logic for NVIDIA GPU runs, with a fake GPU
# (tests/e2e/harness.sh).
E2E_HARNESS_WRAPPER := $(BUILD)/tests/e2e-harness-tests

ALL_TARGETS += $(E2E_HARNESS_WRAPPER)
TEST_CMDS   += $(E2E_HARNESS_WRAPPER)

$(E2E_HARNESS_WRAPPER): tests/e2e/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/tests/e2e/harness.sh" "%s" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@

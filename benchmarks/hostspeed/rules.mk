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

# Code layouts (run.sh builds them on demand): each program's serial and
# OpenACC objects, compiled once with the flags of their usual rules, linked
# after benchmarks/hostspeed/pad.S's PAD bytes as NAME.serial.L<PAD> and
# NAME.acc.L<PAD>.  Only the code's addresses differ between layouts.
HS_DIR  := $(BUILD)/bench/hostspeed-layouts
HS_PADS := 0 16 32 48 64 80 96 112
HS_ACC_DEPS := $(BUILD)/accgpu.so $(BUILD)/libaccgpu.so $(wildcard include/*.h)

$(HS_DIR)/pad%.o: benchmarks/hostspeed/pad.S
	@mkdir -p $(dir $@)
	$(CC) -c -DPAD=$* $< -o $@

$(HS_DIR)/kernels/%.serial.o: benchmarks/kernels/%.c benchmarks/kernels/bench.h
	@mkdir -p $(dir $@)
	$(CC) $(BK_SERIAL_CFLAGS) -c $< -o $@
$(HS_DIR)/kernels/%.acc.o: benchmarks/kernels/%.c benchmarks/kernels/bench.h $(HS_ACC_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BK_ACC_CFLAGS) -c $< -o $@
$(HS_DIR)/npb/%.serial.o: benchmarks/npb/%.c benchmarks/npb/npb.h
	@mkdir -p $(dir $@)
	$(CC) $(NPB_SERIAL_CFLAGS) -c $< -o $@
$(HS_DIR)/npb/%.acc.o: benchmarks/npb/%.c benchmarks/npb/npb.h $(HS_ACC_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(NPB_ACC_CFLAGS) -c $< -o $@

define HS_LAYOUT
$(HS_DIR)/%.serial.L$(1): $(HS_DIR)/%.serial.o $(HS_DIR)/pad$(1).o
	$$(CC) $(HS_DIR)/pad$(1).o $$< -o $$@ -lm
$(HS_DIR)/%.acc.L$(1): $(HS_DIR)/%.acc.o $(HS_DIR)/pad$(1).o
	$$(CC) $(HS_DIR)/pad$(1).o $$< -o $$@ $$(BK_ACC_LIBS)
endef
$(foreach p,$(HS_PADS),$(eval $(call HS_LAYOUT,$(p))))
# Kept: every layout links them (chained rules would delete them).
.PRECIOUS: $(HS_DIR)/pad%.o $(HS_DIR)/kernels/%.serial.o $(HS_DIR)/kernels/%.acc.o \
           $(HS_DIR)/npb/%.serial.o $(HS_DIR)/npb/%.acc.o

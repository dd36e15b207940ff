# tests/tune: the plugin's side of acc-tune (docs/tuning.md) — kernel-model
# dumps checked against autotune/models/, accepted by acc-tune, schedules
# read back, malformed schedule files diagnosed.  Included from the top
# Makefile after autotune/rules.mk (it links libacctune.a).
TUNE_PLUGIN_TESTS := $(BUILD)/tests/tune-plugin-tests

$(BUILD)/tests/tune-cmp-models: tests/tune/cmp_models.c autotune/tune.h \
                                $(BUILD)/libacctune.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(CFLAGS) -o $@ $< $(BUILD)/libacctune.a -lyaml -lm -pthread

$(TUNE_PLUGIN_TESTS): tests/tune/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/tests/tune/run.sh" "%s" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@

# Schedules applied (tests/tune/sched.sh).
TUNE_SCHED_TESTS := $(BUILD)/tests/tune-sched-tests

$(TUNE_SCHED_TESTS): tests/tune/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/tests/tune/sched.sh" "%s" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@

ALL_TARGETS += $(BUILD)/tests/tune-cmp-models $(TUNE_PLUGIN_TESTS) \
               $(TUNE_SCHED_TESTS)
TEST_CMDS   += $(TUNE_PLUGIN_TESTS) $(TUNE_SCHED_TESTS)

# autotune: acc-tune, the loop-schedule autotuner (docs/autotune.md), and its
# own CUnit runner.  Objects use the generic $(BUILD)/obj/%.o rule.
TUNE_LIB_SRCS := $(filter-out autotune/main.c,$(wildcard autotune/*.c)) \
                 $(wildcard autotune/costmodel/*.c)
TUNE_LIB_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(TUNE_LIB_SRCS))
TUNE_TEST_SRCS := $(wildcard autotune/tests/*.c)
TUNE_TEST_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(TUNE_TEST_SRCS))
TUNE_LDLIBS := -lyaml -lm -pthread

$(BUILD)/libacctune.a: $(TUNE_LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/acc-tune: $(BUILD)/obj/autotune/main.o $(BUILD)/libacctune.a
	$(CC) -o $@ $^ $(TUNE_LDLIBS)

# The fuzz targets (autotune/fuzz) replay autotune/tests/fuzz-regress; the
# plugin's schedule-file parser is plain C and tested here too.
TUNE_TEST_EXTRA := $(BUILD)/obj/autotune/fuzz/targets.o \
                   $(BUILD)/obj/plugin/passes/schedule-parse.o

$(BUILD)/tests/tune-tests: $(TUNE_TEST_OBJS) $(TUNE_TEST_EXTRA) \
                           $(BUILD)/libacctune.a
	@mkdir -p $(dir $@)
	$(CC) -o $@ $^ -lcunit $(TUNE_LDLIBS)

ALL_TARGETS += $(BUILD)/acc-tune $(BUILD)/tests/tune-tests
TEST_CMDS   += $(BUILD)/tests/tune-tests autotune/tests/gpu_eval_test.sh \
               autotune/tests/cli_test.sh
BENCH_CMDS  += autotune/bench.sh

-include $(TUNE_LIB_OBJS:.o=.d) $(TUNE_TEST_OBJS:.o=.d) \
         $(BUILD)/obj/autotune/fuzz/targets.d \
         $(BUILD)/obj/autotune/main.d

$(BUILD)/tune-bench: $(BUILD)/obj/autotune/bench/tune_bench.o $(BUILD)/libacctune.a
	$(CC) -o $@ $^ $(TUNE_LDLIBS)
ALL_TARGETS += $(BUILD)/tune-bench

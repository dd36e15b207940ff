# autotune/fuzz: coverage-guided fuzzing (libFuzzer, clang) of acc-tune's
# YAML readers and expression parser and of the plugin's schedule-file
# parser, under AddressSanitizer + UBSan (docs/autotune.md, "Fuzzing").
#
#   make fuzz                      every target FUZZ_SECONDS (default 60) s
#   make fuzz FUZZ_SECONDS=600     longer runs by hand
#
# `make test` runs each target for FUZZ_TEST_SECONDS (12 s: about a minute
# in all), from the seeds alone, when clang with libFuzzer is here (scripts/install-deps.sh
# installs it); without it that step is skipped.  Objects are built apart
# from the gcc ones, under $(BUILD)/fuzz/obj.
FUZZ_CC      := clang
FUZZ_SECONDS ?= 60
FUZZ_TEST_SECONDS ?= 12
FUZZ_NAMES   := model gpu profile expr sched
# libFuzzer's runtime comes with the clang package's compiler-rt.
HAVE_FUZZ    := $(shell f=$$($(FUZZ_CC) -print-resource-dir 2>/dev/null)/lib/linux/libclang_rt.fuzzer-x86_64.a; test -f "$$f" && echo 1)
FUZZ_FLAGS   := -std=gnu11 -D_GNU_SOURCE -g -O1 -Wall -Wextra -Werror \
                -Iinclude -Iplugin -fno-omit-frame-pointer \
                -fsanitize=fuzzer-no-link,address,undefined \
                -fno-sanitize-recover=all
FUZZ_SRCS    := $(TUNE_LIB_SRCS) plugin/passes/schedule-parse.c \
                autotune/fuzz/targets.c
FUZZ_OBJS    := $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(FUZZ_SRCS))
FUZZ_BINS    := $(patsubst %,$(BUILD)/fuzz/fuzz-%,$(FUZZ_NAMES))

$(BUILD)/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -MMD -MP -c $< -o $@

$(BUILD)/fuzz/fuzz-%: autotune/fuzz/fuzz_main.c $(FUZZ_OBJS)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -DFUZZ_TARGET=$* -o $@ $^ \
	  -lyaml -lm -pthread

# The short run of `make test`.
$(BUILD)/tests/fuzz-short: autotune/fuzz/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/autotune/fuzz/run.sh" --fresh "%s" %s "$$@"\n' \
	  '$(TOP)' '$(ABS_BUILD)' '$(FUZZ_TEST_SECONDS)' > $@
	@chmod +x $@

ifeq ($(HAVE_FUZZ),1)
ALL_TARGETS += $(FUZZ_BINS)
endif
ALL_TARGETS += $(BUILD)/tests/fuzz-short
TEST_CMDS   += $(BUILD)/tests/fuzz-short

.PHONY: fuzz
fuzz: deps
	@$(MAKE) --no-print-directory $(FUZZ_BINS)
	@autotune/fuzz/run.sh $(BUILD) $(FUZZ_SECONDS)

-include $(FUZZ_OBJS:.o=.d)

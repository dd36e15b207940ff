# Tests.  CUnit suites: every tests/unit/test_*.c registers its suites with
# ACCGPU_SUITE (tests/unit/suite.h) and is linked into one runner.
# Hand-written CUDA C kernels in tests/unit/kernels/*.cu are built for the
# CPU with the emulator's dialect header (and checked with ptxas when the
# CUDA toolkit is here).
UT_SRCS  := tests/unit/main.c $(wildcard tests/unit/test_*.c)
UT_KERNS := $(wildcard tests/unit/kernels/*.cu)
EMU_KERNEL_CFLAGS = -x c -std=gnu11 -D__ACCGPU_EMU__ -include accgpu_cuda.h

# The counters' test kernel also as a checked image, built as the plugin
# builds generated kernels (plugin/module-build.c) and embedded in the runner.
UT_CHK     := $(BUILD)/obj/tests/unit/emu_count.chk
UT_CHK_IMG := $(BUILD)/obj/tests/unit/emu_count_image.o
$(UT_CHK).so: tests/unit/kernels/emu_count.cu include/accgpu_cuda.h \
              include/accgpu_emu_check.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -fPIC -c -std=gnu11 -D__ACCGPU_EMU__ -D__ACCGPU_EMU_CHECKED__ \
	  -fsanitize=thread --param tsan-instrument-func-entry-exit=0 -Iinclude \
	  -include accgpu_cuda.h -x c $< -o $(UT_CHK).o
	$(CC) -shared -Wl,-z,defs -Wl,-Bsymbolic -o $@ $(UT_CHK).o -lm
$(UT_CHK_IMG): tests/unit/image.S $(UT_CHK).so
	$(CC) -c -DIMAGE_SYM=emu_count_image -DIMAGE_PATH=$(ABS_BUILD)/obj/tests/unit/emu_count.chk.so $< -o $@

# $(call ut_runner,VARIANT-DIR,EXTRA-CFLAGS)
define ut_runner
$(1)/tests/unit-tests: $(patsubst %.c,$(1)/obj/%.o,$(UT_SRCS)) \
                       $(patsubst %.cu,$(1)/obj/%.cu.o,$(UT_KERNS)) \
                       $(UT_CHK_IMG) $(1)/libaccgpu.a
	@mkdir -p $$(dir $$@)
	$$(CC) $(2) -o $$@ $$^ -lcunit -lyaml $$(LDLIBS_RT)
endef
$(eval $(call ut_runner,$(BUILD),))

$(BUILD)/obj/%.cu.o: %.cu include/accgpu_cuda.h
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(CFLAGS) $(EMU_KERNEL_CFLAGS) -MMD -MP -c $< -o $@

ALL_TARGETS += $(BUILD)/tests/unit-tests
TEST_CMDS   += $(BUILD)/tests/unit-tests

# Sanitizer variants of the runtime and its unit tests.
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer
TSAN_FLAGS := -O1 -g -fsanitize=thread
define san_variant
$(BUILD)/$(1)/obj/%.o: %.c
	@mkdir -p $$(dir $$@)
	$$(CC) $$(BASE_CFLAGS) $(2) -MMD -MP -c $$< -o $$@
$(BUILD)/$(1)/obj/%.o: %.S
	@mkdir -p $$(dir $$@)
	$$(CC) $$(BASE_CFLAGS) $(2) -c $$< -o $$@
$(BUILD)/$(1)/obj/%.cu.o: %.cu include/accgpu_cuda.h
	@mkdir -p $$(dir $$@)
	$$(CC) $$(BASE_CFLAGS) $(2) $$(EMU_KERNEL_CFLAGS) -MMD -MP -c $$< -o $$@
$(BUILD)/$(1)/libaccgpu.a: $(call rt_objs,$(BUILD)/$(1))
	@rm -f $$@
	ar rcs $$@ $$^
$(eval $(call ut_runner,$(BUILD)/$(1),$(2)))
-include $$(shell find $(BUILD)/$(1) -name '*.d' 2>/dev/null)
endef
$(eval $(call san_variant,asan,$(ASAN_FLAGS)))
$(eval $(call san_variant,tsan,$(TSAN_FLAGS)))

# make test runs both (wrappers below): the runtime's threads (workers,
# queues, the multicore team) meet in its unit tests, and a queue freed under
# another queue's pending wait showed only under them (session 20).  TSan
# runs without address randomization (setarch -R): GCC 12's TSan cannot map
# its shadow memory under the larger mmap randomization of newer kernels.
SAN_WRAPPERS := $(BUILD)/tests/unit-asan $(BUILD)/tests/unit-tsan
ALL_TARGETS += $(BUILD)/asan/tests/unit-tests $(BUILD)/tsan/tests/unit-tests \
               $(SAN_WRAPPERS)
TEST_CMDS   += $(SAN_WRAPPERS)

$(BUILD)/tests/unit-asan: tests/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ACCGPU_UNIT_LABEL=unit-asan exec "%s/asan/tests/unit-tests" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@
$(BUILD)/tests/unit-tsan: tests/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nnorand=\ncommand -v setarch >/dev/null 2>&1 && setarch "$$(uname -m)" -R true 2>/dev/null && norand="setarch $$(uname -m) -R"\nTSAN_OPTIONS=halt_on_error=1:die_after_fork=0 ACCGPU_UNIT_LABEL=unit-tsan exec $$norand "%s/tsan/tests/unit-tests" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@

test-asan: deps
	@$(MAKE) --no-print-directory $(BUILD)/asan/tests/unit-tests $(BUILD)/tests/unit-asan
	@tests/run.sh $(BUILD)/tests/unit-asan

test-tsan: deps
	@$(MAKE) --no-print-directory $(BUILD)/tsan/tests/unit-tests $(BUILD)/tests/unit-tsan
	@tests/run.sh $(BUILD)/tests/unit-tsan

-include $(patsubst %.c,$(BUILD)/obj/%.d,$(UT_SRCS))
-include $(patsubst %.cu,$(BUILD)/obj/%.cu.d,$(UT_KERNS))

# End-to-end compile-and-run tests bring their own rules.
-include tests/e2e/rules.mk

# Random OpenACC programs against their serial build (tests/accfuzz): a
# fixed range of seeds, so a failure reproduces; ACCFUZZ_LAST=N tries more.
ACCFUZZ_WRAPPER := $(BUILD)/tests/accfuzz-tests
ACCFUZZ_LAST ?= 40
ALL_TARGETS += $(ACCFUZZ_WRAPPER)
TEST_CMDS   += $(ACCFUZZ_WRAPPER)
$(ACCFUZZ_WRAPPER): tests/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/tests/accfuzz/run.sh" "%s" 1 %s "$$@"\n' '$(TOP)' '$(ABS_BUILD)' '$(ACCFUZZ_LAST)' > $@
	@chmod +x $@

# What README.md tells a new user to type, the pkg-config flags in either
# order, and plugin options given wrongly (tests/cli/run.sh).
CLI_WRAPPER := $(BUILD)/tests/cli-tests

ALL_TARGETS += $(CLI_WRAPPER)
TEST_CMDS   += $(CLI_WRAPPER)

$(CLI_WRAPPER): tests/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/tests/cli/run.sh" "%s" "$$@"\n' '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@
-include tests/env/rules.mk

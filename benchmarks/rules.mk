# Benchmarks.  Runtime micro-benchmarks: every benchmarks/runtime/bench_*.c
# is a program linked with libaccgpu.a (plus the emulator kernels in
# benchmarks/runtime/*.cu) and run by `make bench`.  Other benchmark groups
# (kernels built with the plugin, NPB) bring their own rules.mk.
BR_SRCS  := $(wildcard benchmarks/runtime/bench_*.c)
BR_KERNS := $(wildcard benchmarks/runtime/*.cu)
BR_BINS  := $(patsubst benchmarks/runtime/%.c,$(BUILD)/bench/%,$(BR_SRCS))

ALL_TARGETS += $(BR_BINS)
BENCH_CMDS  += $(BR_BINS)

$(BUILD)/bench/%: $(BUILD)/obj/benchmarks/runtime/%.o \
                  $(patsubst %.cu,$(BUILD)/obj/%.cu.o,$(BR_KERNS)) $(BUILD)/libaccgpu.a
	@mkdir -p $(dir $@)
	$(CC) -o $@ $^ $(LDLIBS_RT)

include $(filter-out benchmarks/npb/rules.mk,$(wildcard benchmarks/*/rules.mk))

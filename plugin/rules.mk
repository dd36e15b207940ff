# accgpu.so, the GCC 12 plugin.  *.cc files include GCC's (C++) headers and
# are built with g++; *.c files are plain C helpers with no GCC dependency
# (their headers wrap declarations in extern "C").
PLUGIN_INC   := $(shell $(CC) -print-file-name=plugin)/include
PLUGIN_CC    := $(wildcard plugin/*.cc plugin/passes/*.cc plugin/reduction/*.cc)
PLUGIN_C     := $(wildcard plugin/*.c plugin/passes/*.c plugin/reduction/*.c)
PLUGIN_OBJS  := $(patsubst %.cc,$(BUILD)/obj/%.o,$(PLUGIN_CC)) \
                $(patsubst %.c,$(BUILD)/obj/%.o,$(PLUGIN_C))
PLUGIN_CXXFLAGS := -std=gnu++17 -fPIC -fno-rtti -fno-exceptions -Wall -Wextra \
                   -Werror -Wno-unused-parameter -I$(PLUGIN_INC) -Iinclude -Iplugin \
                   -DACCGPU_SRC_INCLUDE_DIR='"$(TOP)/include"' \
                   -DACCGPU_CUDA_HOME='"$(CUDA_HOME)"'

ifneq ($(strip $(PLUGIN_OBJS)),)
ALL_TARGETS += $(BUILD)/accgpu.so
endif

$(BUILD)/obj/plugin/%.o: plugin/%.cc
	@mkdir -p $(dir $@)
	$(CXX) $(PLUGIN_CXXFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/plugin/%.o: plugin/%.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(CFLAGS) -Iplugin -MMD -MP -c $< -o $@

$(BUILD)/accgpu.so: $(PLUGIN_OBJS)
	$(CXX) -shared -o $@ $^ -ldl -lyaml

-include $(PLUGIN_OBJS:.o=.d)

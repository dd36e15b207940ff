# libaccgpu: every .c under runtime/ (and its backend folders) is part of it.
RT_SRCS := $(filter-out runtime/multicore/team.c runtime/multicore/team-trap.c, \
             $(wildcard runtime/*.c runtime/hashmap/*.c runtime/emulator/*.c \
                        runtime/cuda/*.c runtime/multicore/*.c))
RT_ASM  := $(wildcard runtime/emulator/*.S)

# $(call rt_objs,VARIANT-DIR) — object list of one build variant.
rt_objs = $(patsubst %.c,$(1)/obj/%.o,$(RT_SRCS)) \
          $(patsubst %.S,$(1)/obj/%.o,$(RT_ASM))

RT_OBJS := $(call rt_objs,$(BUILD))

# The multicore device runs its blocks on libgomp's thread pool: team.c is
# OpenMP C in its own library, libaccgpu-mc.so, which team-load.c loads on
# the first multicore launch, so that programs do not carry libgomp (itself
# an OpenACC runtime reading ACC_*) otherwise (docs/multicore.md).
# (The sanitizer variants compile with BASE_CFLAGS: tests/rules.mk.)
%/runtime/multicore/team-load.o: CFLAGS += -DACCGPU_BUILD_LIBDIR='"$(abspath $(BUILD))"'
%/runtime/multicore/team-load.o: BASE_CFLAGS += -DACCGPU_BUILD_LIBDIR='"$(abspath $(BUILD))"'
ALL_TARGETS += $(BUILD)/libaccgpu-mc.so

MC_TEAM_SRCS := runtime/multicore/team.c runtime/multicore/team-trap.c
$(BUILD)/libaccgpu-mc.so: $(MC_TEAM_SRCS) runtime/multicore/mc.h runtime/fault-signals.h
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(CFLAGS) -fopenmp -shared -Wl,-soname,libaccgpu-mc.so \
	  -Wl,-z,defs -o $@ $(MC_TEAM_SRCS) -lgomp

ALL_TARGETS += $(BUILD)/libaccgpu.so $(BUILD)/libaccgpu.a

# TLS descriptors: a thread-local variable of the library (the thread's
# state, read several times a construct) costs a two-instruction call once
# the library is in the static TLS block (loaded with the program), where
# the default dialect calls __tls_get_addr (11 instructions) at every access
# (docs/multicore.md, session 12).  Not for what is dlopened (the team
# library, the multicore images): its TLS may be dynamic, and glibc before
# 2.40 (Debian 12: 2.36) lets the descriptor's dynamic path clobber vector
# registers that GCC keeps live across the call (a multicore image built
# so read a zero grid size and divided by it: docs/multicore.md, session
# 19).  libaccgpu itself, dlopened by a library built with the plugin, has
# its 28 KB of TLS dynamic: none of its 13 descriptor calls has a vector
# register live across it (a scan of the disassembly, session 19).
$(BUILD)/obj/runtime/%.o: CFLAGS += -mtls-dialect=gnu2

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.o: %.S
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(CFLAGS) -c $< -o $@

# -z nodelete: a program that reaches the runtime only through a library it
# dlopens would otherwise unload it with that library's dlclose while its
# worker threads run (a hang), and start it afresh on the next dlopen.
# -z now: the library's calls into libc are bound as it loads, not at a
# program's first construct, inside the time it measures (docs/host-speed.md).
$(BUILD)/libaccgpu.so: $(RT_OBJS)
	$(CC) -shared -Wl,-soname,libaccgpu.so -Wl,-z,nodelete -Wl,-z,now -o $@ $^ $(LDLIBS_RT)

$(BUILD)/libaccgpu.a: $(RT_OBJS)
	@rm -f $@
	ar rcs $@ $^

-include $(RT_OBJS:.o=.d)

# Seed 001 Table 5.2 reductions (benchmarks/reduction-table52/table52.c):
# the counts per block of the generated kernels beside hand-written
# CUB-style kernels (table52.cu, a checked emulator image embedded in the
# program, ptxas-checked when the CUDA toolkit is here), on the emulator.
T52_DIR := $(BUILD)/bench/table52
T52_CU  := benchmarks/reduction-table52/table52.cu
T52_BIN := $(T52_DIR)/table52
T52_RUN := $(T52_DIR)/run

ALL_TARGETS += $(T52_BIN) $(T52_RUN)
BENCH_CMDS  += $(T52_RUN)

$(T52_DIR)/table52.chk.so: $(T52_CU) include/accgpu_cuda.h include/accgpu_emu_check.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -fPIC -c -std=gnu11 -D__ACCGPU_EMU__ -D__ACCGPU_EMU_CHECKED__ \
	  -fsanitize=thread --param tsan-instrument-func-entry-exit=0 -Iinclude \
	  -include accgpu_cuda.h -x c $< -o $(T52_DIR)/table52.chk.o
	$(CC) -shared -Wl,-z,defs -Wl,-Bsymbolic -o $@ $(T52_DIR)/table52.chk.o -lm

# The same kernels as PTX for a GPU run, NUL-terminated; just the NUL
# without the toolkit (the program then times nothing on a GPU).
$(T52_DIR)/table52.ptx0: $(T52_CU) include/accgpu_cuda.h
	@mkdir -p $(dir $@)
ifeq ($(HAVE_CUDA),1)
	$(CUDA_HOME)/bin/nvcc -arch=sm_90 -ptx -x cu -Iinclude -include accgpu_cuda.h \
	  $< -o $(T52_DIR)/table52.ptx
	$(CUDA_HOME)/bin/ptxas -arch=sm_90 $(T52_DIR)/table52.ptx -o /dev/null
	{ cat $(T52_DIR)/table52.ptx; printf '\0'; } > $@
else
	printf '\0' > $@
endif

$(T52_DIR)/image.o: tests/unit/image.S $(T52_DIR)/table52.chk.so
	$(CC) -c -DIMAGE_SYM=t52_image -DIMAGE_PATH=$(ABS_BUILD)/bench/table52/table52.chk.so $< -o $@

$(T52_DIR)/ptx.o: tests/unit/image.S $(T52_DIR)/table52.ptx0
	$(CC) -c -DIMAGE_SYM=t52_ptx -DIMAGE_PATH=$(ABS_BUILD)/bench/table52/table52.ptx0 $< -o $@

T52_SRC := $(addprefix benchmarks/reduction-table52/,table52.h table52-acc.h table52-run.h)
$(T52_BIN): benchmarks/reduction-table52/table52.c $(T52_SRC) \
            $(T52_DIR)/image.o $(T52_DIR)/ptx.o $(BUILD)/accgpu.so $(BUILD)/libaccgpu.so
	$(CC) -O2 -std=gnu11 $(WARN) -fplugin=$(ABS_BUILD)/accgpu.so -Iinclude $< \
	  $(T52_DIR)/image.o $(T52_DIR)/ptx.o -o $@ -L$(ABS_BUILD) -laccgpu -Wl,-rpath,$(ABS_BUILD) -lm

$(T52_RUN): benchmarks/reduction-table52/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nACC_DEVICE_TYPE=emulator exec "%s" "$$@"\n' '$(ABS_BUILD)/bench/table52/table52' > $@
	@chmod +x $@

# The same cases built by GCC's own OpenACC offloading (table52-gomp.c), to
# compare with on a GPU; only where gcc-12-offload-nvptx is installed.
# -misa=sm_80: the newest target GCC 12 has (sm_30 .. sm_80).  CUDA 13's
# ptxas, which nvptx-as runs to check the PTX when on PATH, takes sm_75 and
# newer only (not GCC's default sm_35), and its driver may not JIT PTX for
# much older targets.  -no-pie: GCC's offload table
# object is not PIC (ld warns of text relocations in a PIE).
T52_GOMP := $(T52_DIR)/table52-gomp
HAVE_GOMP_NVPTX := $(shell test -x "$$($(CC) -print-file-name=accel/nvptx-none/mkoffload)" && echo 1)
ifeq ($(HAVE_GOMP_NVPTX),1)
T52_GOMP_TEST := $(T52_DIR)/gomp-test
ALL_TARGETS += $(T52_GOMP) $(T52_GOMP_TEST)
TEST_CMDS   += $(T52_GOMP_TEST)
$(T52_GOMP): benchmarks/reduction-table52/table52-gomp.c $(T52_SRC)
	@mkdir -p $(dir $@)
	$(CC) -O2 -std=gnu11 $(WARN) -fopenacc -foffload=nvptx-none \
	  -foffload-options=nvptx-none=-misa=sm_80 -no-pie $< -o $@
$(T52_GOMP_TEST): benchmarks/reduction-table52/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/benchmarks/reduction-table52/table52-gomp-test.sh" "%s"\n' \
	  '$(TOP)' '$(ABS_BUILD)' > $@
	@chmod +x $@
else
.PHONY: $(T52_GOMP)
$(T52_GOMP):
	@echo "table52-gomp: skipped: no GCC nvptx offloading (gcc-12-offload-nvptx)"
endif

# accgpu — top-level build.  Each part keeps its rules in its own fragment
# (runtime/rules.mk, plugin/rules.mk, ...); fragments append to the lists
# below, so adding a part never means editing another part's rules.
#
#   make               build everything into build/
#   make test          unit + end-to-end tests (ends with "N passed, N failed")
#   make test-asan     runtime unit tests under AddressSanitizer + UBSan
#   make test-tsan     runtime unit tests under ThreadSanitizer
#   make test-racecheck e2e corpus, benchmarks, NPB S under the emulator racecheck
#   make bench         micro-benchmarks, ratios against in-run baselines
#   make demo          install what is missing, build, run an example
#   make install PREFIX=/usr/local

SHELL      := /bin/bash
BUILD      ?= build
PREFIX     ?= /usr/local
CC         := gcc
CXX        := g++
CUDA_HOME  ?= /usr/local/cuda
TOP        := $(abspath .)
ABS_BUILD  := $(abspath $(BUILD))

# The CUDA toolkit is optional: without it kernels ship as CUDA source only
# and run on the emulator.  Detected, never required.
HAVE_CUDA  := $(shell test -x $(CUDA_HOME)/bin/ptxas && echo 1)

WARN       := -Wall -Wextra -Werror
CFLAGS     ?= -O2 -g
BASE_CFLAGS := -std=gnu11 -D_GNU_SOURCE -fPIC $(WARN) -Iinclude -Iruntime
LDLIBS_RT  := -lpthread -ldl -lm

# Filled by the fragments.
ALL_TARGETS  :=
TEST_CMDS    :=
BENCH_CMDS   :=
CLEAN_EXTRA  :=

.PHONY: all test test-asan test-tsan test-racecheck bench demo install deps clean gpu-kit
all:

include runtime/rules.mk
include plugin/rules.mk
include autotune/rules.mk
include benchmarks/rules.mk
include benchmarks/npb/rules.mk
include tests/rules.mk
include tests/tune/rules.mk
include autotune/fuzz/rules.mk

all: $(ALL_TARGETS) $(BUILD)/accgpu.pc

# Installs only what is missing; quiet when nothing is.
deps:
	@scripts/install-deps.sh

# pkg-config file for the build tree (make install writes a relocated one).
$(BUILD)/accgpu.pc: scripts/accgpu.pc.in | $(BUILD)
	@sed -e 's|@LIBDIR@|$(ABS_BUILD)|g' -e 's|@PLUGINDIR@|$(ABS_BUILD)|g' \
	     -e 's|@INCLUDEDIR@|$(TOP)/include|g' $< > $@

$(BUILD):
	@mkdir -p $@

test: deps
	@$(MAKE) --no-print-directory all
	@tests/run.sh $(TEST_CMDS)

bench: deps
	@$(MAKE) --no-print-directory all
	@set -e; for c in $(BENCH_CMDS); do $$c; done

demo: deps
	@$(MAKE) --no-print-directory all
	@scripts/demo.sh $(BUILD)

# Programs built here for a GPU machine without GCC 12's plugin headers
# (docs/gpu-testing.md): .gpukit/kit.tar.xz, run there by tests/gpu/run.sh.
gpu-kit: deps
	@tests/gpu/kit.sh $(BUILD) .gpukit

install: all
	@scripts/install.sh "$(BUILD)" "$(PREFIX)"

clean:
	rm -rf $(BUILD) $(CLEAN_EXTRA)

#!/usr/bin/env bash
# Runs GCC 12's own OpenACC run-time tests (libgomp/testsuite/
# libgomp.oacc-c and libgomp.oacc-c-c++-common, from a GCC source tree; not
# in this repository: they are GPL) with accgpu on the host, emulator and
# multicore devices.  Not part of `make test`: many tests expect GCC's own
# behaviours (docs/conformance.md, "GCC 12 libgomp OpenACC tests").
#
# Usage: tests/gomp/run.sh TESTSUITE [BUILD-DIR [OUT-DIR [NAME-GLOB...]]]
#   TESTSUITE  gcc-12.x/libgomp/testsuite (or a GCC source tree)
#   BUILD-DIR  accgpu build (default build), OUT-DIR results (BUILD/gomp)
# Each test's DejaGnu directives are honoured as libgomp's c.exp does:
# `dg-do run` (the default) tests only; dg-skip-if / dg-xfail-run-if /
# target selectors with the device's -DACC_DEVICE_TYPE_<dev>=1
# -DACC_MEM_SHARED=0|1 (host and multicore share memory; multicore counts
# as "not openacc_host_selected"); dg-additional-options except GCC's
# offloading, dump and diagnostics options; dg-output (one regex over the
# program's output) and dg-shouldfail; dg-set-target-env-var.  Skipped: tests
# for GCC-internal builtins and headers, the profiling interface and CUDA
# interoperability (the SKIP cell names why).
# Environment: GOMP_DEVICES="host emulator multicore", GOMP_TIMEOUT=30,
#   GOMP_EMU_TIMEOUT=120, GOMP_CC_TIMEOUT=300 (seconds), CC=gcc, GOMP_CFLAGS
#   (more flags for every test: -fplugin-arg-accgpu-cuda-home=/nonexistent
#   skips the PTX build, a third of the time on a machine with CUDA).
# One test at a time, under nice -n 19.  Output: OUT/results.tsv (a row per
# test, a cell per device: PASS, XFAIL, XPASS, SKIP why, CE, ICE, FAIL n,
# SIGNAL n, TIMEOUT, OUTPUT (dg-output not matched), NOFAIL (a dg-shouldfail
# test exited 0), ERRTEXT (it failed as expected but with accgpu's error, not
# libgomp's text), STDERR (passed but wrote on stderr)), OUT/log/NAME.*, and a
# "gomp: DEVICE counts" line per device.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SUITE=${1:?usage: tests/gomp/run.sh TESTSUITE [BUILD-DIR [OUT-DIR [GLOB...]]]}
[ -d "$SUITE/libgomp/testsuite" ] && SUITE=$SUITE/libgomp/testsuite
if [ ! -d "$SUITE/libgomp.oacc-c-c++-common" ]; then
  echo "gomp: no libgomp.oacc-c-c++-common in $SUITE, skipped" >&2
  exit 0
fi
BUILD=${2:-$HERE/../../build}
OUT=${3:-$BUILD/gomp}
[ $# -gt 3 ] && shift 3 || set --
exec python3 "$HERE/dg.py" "$SUITE" "$BUILD" "$OUT" "$@"

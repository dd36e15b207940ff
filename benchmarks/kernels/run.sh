#!/usr/bin/env bash
# Runs the kernel benchmarks: each program built with the accgpu plugin
# (BUILD/bench/kernels/NAME.acc) on one device, and built serially with
# plain gcc (NAME.serial), in the same run; prints one table with the
# speed-up of the OpenACC build over the serial one.
#
# Usage: benchmarks/kernels/run.sh [BUILD-DIR] [NAME...]
# Environment:
#   ACC_DEVICE_TYPE  device for the OpenACC builds (default: nvidia when a GPU
#                    answers nvidia-smi, else emulator)
#   SIZE=small|large problem sizes (default: large on nvidia, else small; the
#                    emulator always gets small)
# Exits non-zero when a program gives a wrong result or crashes; one the
# plugin cannot compile yet is only reported (see BUILD/bench/kernels/build.log).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
BUILD=${1:-build}
[ $# -gt 0 ] && shift
BUILD=$(cd "$BUILD" && pwd) || exit 1
DIR="$BUILD/bench/kernels"

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in benchmarks/kernels/*.c; do
    n=${f##*/}; names+=("${n%.c}")
  done
fi

dev=${ACC_DEVICE_TYPE:-}
if [ -z "$dev" ]; then
  if nvidia-smi -L >/dev/null 2>&1; then dev=nvidia; else dev=emulator; fi
fi
size=${SIZE:-}
[ -z "$size" ] && { [ "$dev" = nvidia ] && size=large || size=small; }
if [ "$dev" = emulator ] && [ "$size" != small ]; then
  echo "kernels: the emulator runs SIZE=small only (asked: $size)"
  size=small
fi

# An accgpu.so without plugin_init is the empty library of a tree with no
# plugin sources: no OpenACC builds then, serial timings only.
have_plugin=0
nm -D --defined-only "$BUILD/accgpu.so" 2>/dev/null | grep -qw plugin_init &&
  have_plugin=1
if [ $have_plugin -eq 1 ]; then
  # Built here, not by `make all`, so that a program the compiler cannot
  # handle yet costs one table row, not the whole build.
  accs=()
  for n in "${names[@]}"; do accs+=("$DIR/$n.acc"); done
  make -s -k --no-print-directory BUILD="$BUILD" "${accs[@]}" \
    >"$DIR/build.log" 2>&1 || echo "kernels: some builds failed: see $DIR/build.log"
else
  echo "kernels: no plugin built ($BUILD/accgpu.so): serial timings only"
fi

# Runs BIN with SIZE; prints its result line or "ERROR <why>".
run_one() {
  local out rc
  out=$(timeout 600 "$@" "$size" 2>&1); rc=$?
  if [ $rc -ne 0 ] && ! grep -q ' FAILED$' <<<"$out"; then
    echo "ERROR exit-$rc $(head -c 200 <<<"$out" | tr '\n' ' ')"
  else
    tail -n 1 <<<"$out"
  fi
}

echo "kernels: device $dev, SIZE=$size; seconds per run (best of the timed runs; jacobi2d and himeno: whole solve), speed-up = serial/acc"
printf '%-13s %-22s %11s %11s %8s %12s %-9s\n' benchmark size serial_s acc_s \
  speedup rate verified
status=0
for n in "${names[@]}"; do
  ser=$(run_one "$DIR/$n.serial")
  read -r _ sz st _ _ sv <<<"$ser"
  if [[ $ser == ERROR* ]]; then
    printf '%-13s serial build failed: %s\n' "$n" "${ser#ERROR }"
    status=1; continue
  fi
  if [ $have_plugin -eq 0 ] || [ ! -x "$DIR/$n.acc" ]; then
    [ $have_plugin -eq 1 ] && why="does not compile with the plugin" || why="no plugin"
    # Not an error of this run (the compiler lacks something): reported in
    # the table, and the other benchmark groups still run.
    printf '%-13s %-22s %11s %11s %8s %12s %-9s\n' "$n" "$sz" "$st" - - - "$why"
    continue
  fi
  acc=$(ACC_DEVICE_TYPE=$dev run_one "$DIR/$n.acc")
  if [[ $acc == ERROR* ]]; then
    printf '%-13s %-22s %11s %11s %8s %12s %s\n' "$n" "$sz" "$st" - - - \
      "run failed: ${acc#ERROR }"
    status=1; continue
  fi
  read -r _ _ at ar au av <<<"$acc"
  sp=$(awk -v s="$st" -v a="$at" 'BEGIN { if (a > 0) printf "%.2f", s / a; else print "-" }')
  printf '%-13s %-22s %11s %11s %8s %12s %-9s\n' "$n" "$sz" "$st" "$at" \
    "${sp}x" "$ar $au" "$av"
  [ "$av" = verified ] && [ "$sv" = verified ] || status=1
done
exit $status

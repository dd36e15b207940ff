#!/usr/bin/env bash
# make bench: the host device against the serial build.  Every kernel
# benchmark and NPB program is compiled twice from the same source: with the
# plugin (run with ACC_DEVICE_TYPE=host, the host fallback) and with plain
# gcc (pragmas ignored).  The goal is host/serial <= 1.02 for every one.
#
# Code layouts.  On this VM's CPU the same loop nest runs up to 1.6x faster
# or slower depending only on where it lies relative to 64-byte blocks
# (docs/host-speed.md), and the plugin's launch code
# moves the fallback's loops, so one binary of each build compares two
# layouts, not two compilers.  Each object is therefore linked at
# LAYOUTS code offsets (benchmarks/hostspeed/pad.S: 0, 16, ... bytes before
# all code); at each, both builds run REPS times alternating and the best
# time counts; a build's time is the mean over layouts.  `ratio` is that
# comparison (the goal), `at_0` the binaries as a user links them, `spread`
# the serial build's slowest layout over its fastest.  The times are the
# programs' own (the timed part only).
# Usage: benchmarks/hostspeed/run.sh [BUILD-DIR] [REPS]
# Environment: HOSTSPEED_NPB="ep:S cg:W ..." (benchmark:class pairs);
# HOSTSPEED_LAYOUTS (default 8, at most 8); HOSTSPEED_INSNS=0 skips the
# instruction counts (valgrind's cachegrind); BENCH_REALTIME=0 runs at
# normal priority instead of SCHED_FIFO (benchmarks/quiet.sh).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
BUILD=$(cd "${1:-build}" && pwd) || exit 1
reps=${2:-5}
use_cg=${HOSTSPEED_INSNS:-1}
command -v valgrind >/dev/null 2>&1 || use_cg=0
npb=${HOSTSPEED_NPB:-ep:S cg:W mg:W ft:W is:W}
pads=(0 16 32 48 64 80 96 112)
nl=${HOSTSPEED_LAYOUTS:-8}
((nl >= 1 && nl <= 8)) || nl=8
pads=("${pads[@]:0:nl}")
LD="$BUILD/bench/hostspeed-layouts"
. benchmarks/quiet.sh

if ! nm -D --defined-only "$BUILD/accgpu.so" 2>/dev/null | grep -qw plugin_init; then
  echo "hostspeed: no plugin built: skipped"
  exit 0
fi
progs=()
for f in benchmarks/kernels/*.c; do n=${f##*/}; progs+=("kernels/${n%.c}"); done
for p in $npb; do progs+=("npb/${p%:*}"); done
targets=()
for p in "${progs[@]}"; do
  for l in "${pads[@]}"; do targets+=("$LD/$p.serial.L$l" "$LD/$p.acc.L$l"); done
done
mkdir -p "$LD"
make -s -k -j2 --no-print-directory BUILD="$BUILD" "${targets[@]}" >"$LD/build.log" 2>&1 ||
  echo "hostspeed: some builds failed: see $LD/build.log"

# seconds KIND BIN ARG: the program's own time ("-" when it failed).
seconds() {
  local out
  out=$(ACC_DEVICE_TYPE=host timeout 300 "${BENCH_PRIO[@]}" "$2" "$3" 2>&1) || { echo -; return; }
  case $1 in
    kernel) awk '$NF == "verified" { print $3 }' <<<"$out" | tail -n 1 ;;
    npb) grep -q 'Verification *= *SUCCESSFUL' <<<"$out" &&
           sed -nE 's/^ Time in seconds = +//p' <<<"$out" ;;
  esac
}

# insns BIN ARG: instructions the whole run executes (cachegrind's I refs,
# runtime start and data set-up included), "-" without valgrind.  Unlike
# the times, the same on a loaded machine: on the shared 2-core VM single
# runs of either build are bimodal (himeno 1.2 / 2.1 ms alternating), and
# best-of-N cannot resolve 2 %; equal instructions show the host device
# adds no work, the time column what placement and the machine add.
insns() {
  [ "$use_cg" = 1 ] || { echo -; return; }
  ACC_DEVICE_TYPE=host timeout 900 valgrind --tool=cachegrind --cache-sim=no \
    --cachegrind-out-file=/dev/null "$1" "$2" 2>&1 >/dev/null |
    sed -nE 's/.*I *refs: *([0-9,]+).*/\1/p' | tr -d , | head -n 1 | grep . || echo -
}

# min A B: the smaller time, "-" when either run failed ("" starts a series).
min() {
  awk -v a="$1" -v b="${2:--}" 'BEGIN { if (b == "-" || a == "-") print "-";
    else if (a == "" || b + 0 < a + 0) print b; else print a }'
}

# stats SERIAL-BESTS HOST-BESTS: "mean_s mean_h ratio at_0 spread" over the
# layouts' best times (the first layout is pad 0), "-" for what failed.
stats() {
  awk -v s="$1" -v h="$2" 'BEGIN {
    n = split(s, a, " "); split(h, b, " "); lo = hi = a[1]
    for (i = 1; i <= n; i++) {
      if (a[i] + 0 <= 0 || b[i] + 0 <= 0) { print "- - - - -"; exit }
      ms += a[i] / n; mh += b[i] / n
      if (a[i] + 0 < lo + 0) lo = a[i]; if (a[i] + 0 > hi + 0) hi = a[i]
    }
    printf "%.6f %.6f %.3f %.3f %.2f\n", ms, mh, mh / ms, b[1] / a[1], hi / lo }'
}

# row NAME SIZE KIND PROG ARG: at each layout REPS alternating runs of
# both builds, the best of each; then the means over layouts.
row() {
  local name=$1 size=$2 kind=$3 bin=$LD/$4 arg=$5 bs bh all_s="" all_h="" l
  for l in "${pads[@]}"; do
    if [ ! -x "$bin.acc.L$l" ] || [ ! -x "$bin.serial.L$l" ]; then
      printf '%-13s %-6s %10s %10s %7s %7s %6s %7s  %s\n' "$name" "$size" - - - - - - "not built"
      return 1
    fi
  done
  for l in "${pads[@]}"; do
    bs="" bh=""
    for ((r = 0; r < reps; r++)); do
      bs=$(min "$bs" "$(seconds "$kind" "$bin.serial.L$l" "$arg")")
      bh=$(min "$bh" "$(seconds "$kind" "$bin.acc.L$l" "$arg")")
    done
    all_s+="$bs " all_h+="$bh "
  done
  local ms mh ratio at0 spread note="" iratio
  read -r ms mh ratio at0 spread <<<"$(stats "$all_s" "$all_h")"
  iratio=$(awk -v h="$(insns "$bin.acc.L0" "$arg")" -v s="$(insns "$bin.serial.L0" "$arg")" 'BEGIN { if (h + 0 > 0 && s + 0 > 0) printf "%.3f", h / s; else print "-" }')
  [ "$ratio" = - ] && note="run failed"
  [ "$ratio" != - ] && awk -v r="$ratio" 'BEGIN { exit !(r > 1.02) }' && note="above goal"
  printf '%-13s %-6s %10s %10s %7s %7s %6s %7s  %s\n' "$name" "$size" "$ms" "$mh" "$ratio" "$at0" "$spread" "$iratio" "$note"
  [ "$note" != "run failed" ]
}

echo
echo "hostspeed: host device (ACC_DEVICE_TYPE=host) vs serial build (same source without -fplugin);"
echo "at ${#pads[@]} code layouts, the best of $reps alternating runs each; serial_s, host_s: their means, seconds of"
echo "the timed part; ratio: host/serial of the means (goal <= 1.02); at_0: the binaries as linked;"
echo "spread: the serial build's slowest layout / fastest; insns: host/serial instructions of a whole run"
echo "(cachegrind; HOSTSPEED_INSNS=0 skips it); runs at $BENCH_PRIO_NOTE"
printf '%-13s %-6s %10s %10s %7s %7s %6s %7s\n' program size serial_s host_s ratio at_0 spread insns
status=0
for p in "${progs[@]}"; do
  case $p in
    kernels/*) row "${p#kernels/}" small kernel "$p" small || status=1 ;;
    npb/*)
      n=${p#npb/}; c=$(tr ' ' '\n' <<<"$npb" | sed -n "s/^$n://p" | head -n 1)
      row "npb-$n" "$c" npb "$p" "$c" || status=1 ;;
  esac
done
exit $status

#!/usr/bin/env bash
# make bench: the host device against the serial build.  Every kernel
# benchmark and NPB program is built twice from the same source: with the
# plugin (run with ACC_DEVICE_TYPE=host, the host fallback) and with plain
# gcc (pragmas ignored).  Both run REPS times, alternating, and the best
# time of each is compared; the goal is host/serial <= 1.02 for every one.
# The times are the programs' own (the timed part only).  On a loaded
# machine single runs vary far more than 2 %: the best of several is the
# measure least disturbed by other work (docs/compiler.md, "Host fallback
# speed", says what differs and how it was checked without timing noise).
# Usage: benchmarks/hostspeed/run.sh [BUILD-DIR] [REPS]
# Environment: HOSTSPEED_NPB="ep:S cg:W ..." (benchmark:class pairs);
# HOSTSPEED_INSNS=0 skips the instruction counts (valgrind's cachegrind).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
BUILD=$(cd "${1:-build}" && pwd) || exit 1
reps=${2:-5}
use_cg=${HOSTSPEED_INSNS:-1}
command -v valgrind >/dev/null 2>&1 || use_cg=0
npb=${HOSTSPEED_NPB:-ep:S cg:W mg:W ft:W is:W}
KD="$BUILD/bench/kernels"

if ! nm -D --defined-only "$BUILD/accgpu.so" 2>/dev/null | grep -qw plugin_init; then
  echo "hostspeed: no plugin built: skipped"
  exit 0
fi
kernels=()
for f in benchmarks/kernels/*.c; do n=${f##*/}; kernels+=("${n%.c}"); done
targets=()
for n in "${kernels[@]}"; do targets+=("$KD/$n.acc" "$KD/$n.serial"); done
for p in $npb; do targets+=("$BUILD/npb/accgpu/${p%:*}" "$BUILD/npb/serial/${p%:*}"); done
make -s -k --no-print-directory BUILD="$BUILD" "${targets[@]}" >"$KD/hostspeed.log" 2>&1 ||
  echo "hostspeed: some builds failed: see $KD/hostspeed.log"

# seconds KIND BIN ARG: the program's own time ("-" when it failed).
seconds() {
  local out
  out=$(ACC_DEVICE_TYPE=host timeout 300 "$2" "$3" 2>&1) || { echo -; return; }
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

# row NAME SIZE KIND ACC-BIN SERIAL-BIN ARG: REPS alternating runs, best of each.
row() {
  local name=$1 size=$2 kind=$3 acc=$4 ser=$5 arg=$6 bs="" bh="" t
  if [ ! -x "$acc" ] || [ ! -x "$ser" ]; then
    printf '%-13s %-6s %10s %10s %7s %7s  %s\n' "$name" "$size" - - - - "not built"
    return
  fi
  for ((r = 0; r < reps; r++)); do
    t=$(seconds "$kind" "$ser" "$arg"); bs=$(awk -v a="$bs" -v b="${t:--}" 'BEGIN { if (b == "-" || a == "-") print "-"; else if (a == "" || b + 0 < a + 0) print b; else print a }')
    t=$(seconds "$kind" "$acc" "$arg"); bh=$(awk -v a="$bh" -v b="${t:--}" 'BEGIN { if (b == "-" || a == "-") print "-"; else if (a == "" || b + 0 < a + 0) print b; else print a }')
  done
  local ratio note="" iratio
  ratio=$(awk -v h="$bh" -v s="$bs" 'BEGIN { if (h + 0 > 0 && s + 0 > 0) printf "%.3f", h / s; else print "-" }')
  iratio=$(awk -v h="$(insns "$acc" "$arg")" -v s="$(insns "$ser" "$arg")" 'BEGIN { if (h + 0 > 0 && s + 0 > 0) printf "%.3f", h / s; else print "-" }')
  [ "$ratio" = - ] && note="run failed"
  [ "$ratio" != - ] && awk -v r="$ratio" 'BEGIN { exit !(r > 1.02) }' && note="above goal"
  printf '%-13s %-6s %10s %10s %7s %7s  %s\n' "$name" "$size" "$bs" "$bh" "$ratio" "$iratio" "$note"
  [ "$note" != "run failed" ]
}

echo
echo "hostspeed: host device (ACC_DEVICE_TYPE=host) vs serial build (same source without -fplugin);"
echo "best of $reps alternating runs each, seconds of the timed part; goal: host/serial <= 1.02;"
echo "insns: host/serial instructions of a whole run (cachegrind; HOSTSPEED_INSNS=0 skips it)"
printf '%-13s %-6s %10s %10s %7s %7s\n' program size serial_s host_s ratio insns
status=0
for n in "${kernels[@]}"; do
  row "$n" small kernel "$KD/$n.acc" "$KD/$n.serial" small || status=1
done
for p in $npb; do
  n=${p%:*} c=${p#*:}
  row "npb-$n" "$c" npb "$BUILD/npb/accgpu/$n" "$BUILD/npb/serial/$n" "$c" || status=1
done
exit $status

#!/usr/bin/env bash
# The cost of the emulator's checks (make bench): saxpy, jacobi2d (a max
# reduction), himeno (a + reduction over workers and vectors), NPB CG and
# MG class S, each built twice with the plugin, in this one run:
#   plain      -fplugin-arg-accgpu-emu-check=no: an image without hooks
#   hooks off  the checked image with ACCGPU_EMU_MEMCHECK=0, threads in
#              order (ACCGPU_EMU_SCHEDULE=inorder)
#   memcheck   the checked image with memcheck, threads in order
#   default    the checked image as it runs by default: memcheck and the
#              lockstep order (a thread hands over at each store)
#   racecheck  the checked image with ACCGPU_EMU_RACECHECK=1
# Prints wall seconds of each whole program (best of 3; racecheck: one run)
# and the ratio to plain.  Goals (issue #9): memcheck <= 2x, racecheck <= 20x.
# The plain image has no hooks, so no lockstep either.
# Usage: benchmarks/emucheck/run.sh [BUILD-DIR]
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
BUILD=$(cd "${1:-build}" && pwd) || exit 1
DIR="$BUILD/bench/emucheck"
mkdir -p "$DIR"
export ACC_DEVICE_TYPE=emulator
PLUG="-fplugin=$BUILD/accgpu.so -Iinclude"
LIBS="-L$BUILD -laccgpu -Wl,-rpath,$BUILD -lm"

# build NAME SRC: NAME.plain and NAME.checked.
build() {
  local name=$1 src=$2
  # shellcheck disable=SC2086
  gcc -O2 -std=gnu11 $PLUG -fplugin-arg-accgpu-emu-check=no "$src" \
    -o "$DIR/$name.plain" $LIBS -DNPB_BUILD='"accgpu"' &&
  gcc -O2 -std=gnu11 $PLUG "$src" -o "$DIR/$name.checked" $LIBS \
    -DNPB_BUILD='"accgpu"'
}

# best3 CMD...: the least wall time of three runs (RUNS runs), or "fail".
best3() {
  local best="" t0 t1 dt k
  for ((k = 0; k < ${RUNS:-3}; k++)); do
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>"$DIR/err" || { echo fail; return; }
    [ -s "$DIR/err" ] && { echo fail; return; }
    t1=$(date +%s.%N)
    dt=$(awk -v a="$t1" -v b="$t0" 'BEGIN { print a - b }')
    if [ -z "$best" ] || awk -v a="$dt" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$dt
    fi
  done
  printf '%.3f' "$best"
}

ratio() {
  if [ "$1" = fail ] || [ "$2" = fail ]; then echo "-"; else
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; fi
}

printf '%-10s %9s %9s %9s %9s %9s %10s %10s %10s %10s\n' program plain hooks-off \
  memcheck default racecheck "off/plain" "mem/plain" "def/plain" "race/plain"
bad=0
for spec in saxpy:benchmarks/kernels/saxpy.c jacobi2d:benchmarks/kernels/jacobi2d.c \
            himeno:benchmarks/kernels/himeno.c cg:benchmarks/npb/cg.c mg:benchmarks/npb/mg.c; do
  name=${spec%%:*} src=${spec#*:} arg=""
  [[ $src == *npb* ]] && arg=S
  if ! build "$name" "$src" 2>"$DIR/$name.build.log"; then
    echo "$name: does not build (see $DIR/$name.build.log)"; bad=1; continue
  fi
  # shellcheck disable=SC2086
  p=$(best3 "$DIR/$name.plain" $arg)
  # shellcheck disable=SC2086
  o=$(ACCGPU_EMU_MEMCHECK=0 ACCGPU_EMU_SCHEDULE=inorder best3 "$DIR/$name.checked" $arg)
  # shellcheck disable=SC2086
  m=$(ACCGPU_EMU_SCHEDULE=inorder best3 "$DIR/$name.checked" $arg)
  # shellcheck disable=SC2086
  d=$(best3 "$DIR/$name.checked" $arg)
  # shellcheck disable=SC2086
  r=$(RUNS=1 ACCGPU_EMU_RACECHECK=1 best3 "$DIR/$name.checked" $arg)
  for v in "$p" "$o" "$m" "$d" "$r"; do [ "$v" = fail ] && bad=1; done
  printf '%-10s %9s %9s %9s %9s %9s %10s %10s %10s %10s\n' "$name" "$p" "$o" "$m" "$d" "$r" \
    "$(ratio "$o" "$p")" "$(ratio "$m" "$p")" "$(ratio "$d" "$p")" "$(ratio "$r" "$p")"
done
exit $bad

#!/usr/bin/env bash
# Differential tests with random OpenACC programs (tests/accfuzz/gen.py):
# each program is built serially (pragmas ignored: the reference) and with
# the plugin, and must print the same on every device, quietly.
#
# Usage: tests/accfuzz/run.sh [BUILD-DIR] [FIRST-SEED [LAST-SEED]]
# Environment:
#   ACCGPU_FUZZ_OUT=DIR     programs and logs (default BUILD/accfuzz)
#   ACCGPU_FUZZ_DEVICES="D..."  devices (default: emulator, the emulator
#                           with a random schedule, host, multicore; also
#                           emulator-reverse, emulator-racecheck and
#                           emulator-initcheck: a race-free program must
#                           draw no report)
#   ACCGPU_FUZZ_JOBS=N      programs at once (default 2)
#   ACCGPU_FUZZ_KINDS=K,..  draw regions of these kinds only (gen.py's names)
# Prints the failing seeds (DIR/results has them all); a failing seed's
# program stays in DIR/SEED/ with each device's output.
set -u
export PYTHONDONTWRITEBYTECODE=1   # gen.py imports its modules: no cache in the tree
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
BUILD=$(cd "${1:-$TOP/build}" && pwd)
FIRST=${2:-1}
LAST=${3:-$FIRST}
OUT=${ACCGPU_FUZZ_OUT:-$BUILD/accfuzz}
DEVICES=${ACCGPU_FUZZ_DEVICES:-emulator emulator-random host multicore}
JOBS=${ACCGPU_FUZZ_JOBS:-2}
CC=${CC:-gcc}
mkdir -p "$OUT"

# run_on DEV BIN: runs BIN on DEV, stdout to DEV.out, stderr to DEV.err.
run_on() {
  local dev=$1 bin=$2 env=()
  case $dev in
    emulator-random) env=(ACC_DEVICE_TYPE=emulator ACCGPU_EMU_SCHEDULE=random:$3) ;;
    emulator-reverse) env=(ACC_DEVICE_TYPE=emulator ACCGPU_EMU_SCHEDULE=reverse) ;;
    emulator-racecheck) env=(ACC_DEVICE_TYPE=emulator ACCGPU_EMU_RACECHECK=1) ;;
    emulator-initcheck) env=(ACC_DEVICE_TYPE=emulator ACCGPU_EMU_INITCHECK=1) ;;
    *) env=(ACC_DEVICE_TYPE="$dev") ;;
  esac
  env "${env[@]}" timeout 120 "$bin" >"$dev.out" 2>"$dev.err"
}

# one SEED: prints "PASS SEED" or "FAIL SEED: why".
one() {
  local seed=$1 d=$OUT/$1 why=""
  mkdir -p "$d" && cd "$d" || return
  python3 "$HERE/gen.py" "$seed" >prog.c || { echo "FAIL $seed: generator"; return; }
  "$CC" -O2 -Wno-unknown-pragmas prog.c -o serial -lm >serial.log 2>&1 &&
    ./serial >ref.out 2>ref.err || { echo "FAIL $seed: serial build or run (generator bug)"; return; }
  if ! timeout 300 "$CC" -O2 -fplugin="$BUILD/accgpu.so" -I"$TOP/include" prog.c \
       -o acc -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD" -lm >acc.log 2>&1 || [ -s acc.log ]; then
    echo "FAIL $seed: compile: $(grep -m1 -E 'error|sorry|warning' acc.log)"
    return
  fi
  for dev in $DEVICES; do
    if ! run_on "$dev" ./acc "$seed"; then why+=" $dev:exit$?"
    elif [ -s "$dev.err" ]; then why+=" $dev:stderr"
    elif ! cmp -s ref.out "$dev.out"; then
      why+=" $dev:$(diff ref.out "$dev.out" | sed -n 's/^> \([a-z0-9]*\) .*/\1/p' | head -3 | tr '\n' ,)"
    fi
  done
  if [ -n "$why" ]; then echo "FAIL $seed:$why"; else echo "PASS $seed"; rm -f serial acc; fi
}

export -f one run_on
export HERE TOP BUILD OUT DEVICES CC
seq "$FIRST" "$LAST" | xargs -P "$JOBS" -I{} bash -c 'one {}' | sort -t' ' -k2n >"$OUT/results"
grep -v '^PASS' "$OUT/results"
pass=$(grep -c '^PASS' "$OUT/results")
fail=$(grep -c '^FAIL' "$OUT/results")
echo "accfuzz: $pass passed, $fail failed"
[ "$fail" = 0 ]

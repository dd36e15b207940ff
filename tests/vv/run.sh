#!/usr/bin/env bash
# Runs the C tests of the OpenACC V&V suite (github.com/OpenACCUserGroup/
# OpenACCV-V) with accgpu and counts passes as the suite's harness does: exit
# status 0 and nothing at all on stderr; a test that does not compile fails.
#
# Usage: tests/vv/run.sh SUITE [OUT-DIR] [NAME-GLOB...]
#   SUITE    the suite's checkout or its Tests/ directory (holding *.c and
#            acc_testsuite.h)
#   OUT-DIR  results (default build/vv): OUT/bin/NAME, OUT/log/NAME.*,
#            OUT/results.tsv (test, compile, one column per device)
# Environment:
#   VV_DEVICES="emulator host"  ACC_DEVICE_TYPE values to run each program on
#   VV_COMPILER=plugin|gomp     accgpu (default) or GCC's own OpenACC host
#                               fallback (-fopenacc -foffload=disable; the
#                               baseline; one column, "gomp")
#   VV_JOBS=2, VV_TIMEOUT=60    tests at once; seconds per run
#   VV_CC_TIMEOUT=300           seconds per compilation (a loaded machine
#                               needs minutes for some emulator images)
#   BUILD=build, CC=gcc
# Result cells: PASS, CE (does not compile), FAIL n (exit status n; the suite
# sets bit k-1 for failed subtest k), STDERR (exit 0 with stderr output),
# TIMEOUT.  Ends with one "vv: DEVICE N/TOTAL passed" line per column.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SUITE=${1:?usage: tests/vv/run.sh SUITE [OUT-DIR] [NAME-GLOB...]}
[ -d "$SUITE/Tests" ] && SUITE=$SUITE/Tests
SUITE=$(cd "$SUITE" && pwd) || exit 1
OUT=${2:-$ROOT/build/vv}
[ $# -gt 1 ] && shift 2 || shift
mkdir -p "$OUT/bin" "$OUT/log" && OUT=$(cd "$OUT" && pwd)
BUILD=$(cd "${BUILD:-$ROOT/build}" && pwd) || exit 1
CC=${CC:-gcc}
COMPILER=${VV_COMPILER:-plugin}
DEVICES=${VV_DEVICES:-emulator host}
[ "$COMPILER" = gomp ] && DEVICES=gomp
JOBS=${VV_JOBS:-2}
TMO=${VV_TIMEOUT:-60}
CC_TMO=${VV_CC_TIMEOUT:-300}
export ROOT SUITE OUT BUILD CC COMPILER DEVICES TMO CC_TMO

# One test: compile, run on each device, print one TSV row.
one() {
  local name=$1 src=$SUITE/$1.c bin=$OUT/bin/$1 log=$OUT/log/$1 row ok=1
  local -a flags
  if [ "$COMPILER" = gomp ]; then
    flags=(-fopenacc -foffload=disable)
  else
    flags=(-O2 "-fplugin=$BUILD/accgpu.so" "-I$ROOT/include" "-L$BUILD"
           -laccgpu "-Wl,-rpath,$BUILD")
  fi
  if timeout "$CC_TMO" "$CC" "-I$SUITE" "$src" "${flags[@]}" -lm -o "$bin" \
       >"$log.cc" 2>&1; then
    row="$name	ok"
  else
    row="$name	CE" ok=0
  fi
  for dev in $DEVICES; do
    if [ $ok = 0 ]; then row="$row	CE"; continue; fi
    # libgomp knows no device type "gomp": its column runs with its default.
    if [ "$dev" = gomp ]; then local -a env=(env -u ACC_DEVICE_TYPE)
    else local -a env=(env "ACC_DEVICE_TYPE=$dev"); fi
    "${env[@]}" timeout "$TMO" "$bin" >"$log.$dev.out" 2>"$log.$dev.err" </dev/null
    local rc=$?
    if [ $rc -eq 124 ]; then row="$row	TIMEOUT"
    elif [ $rc -ne 0 ]; then row="$row	FAIL $rc"
    elif [ -s "$log.$dev.err" ]; then row="$row	STDERR"
    else row="$row	PASS"; fi
  done
  printf '%s\n' "$row"
}
export -f one

cd "$SUITE" || exit 1
if [ $# -eq 0 ]; then set -- '*'; fi
names=()
for g in "$@"; do
  for f in $g.c; do [ -f "$f" ] && names+=("${f%.c}"); done
done
[ ${#names[@]} -gt 0 ] || { echo "vv: no test matches" >&2; exit 1; }
# Rows also go to OUT/results.partial as they finish (a full run takes long).
printf '%s\n' "${names[@]}" | xargs -P "$JOBS" -I{} bash -c 'one "$1"' _ {} \
  | tee "$OUT/results.partial" | sort >"$OUT/results.tsv.new"
{ printf 'test\tcompile'; for d in $DEVICES; do printf '\t%s' "$d"; done
  printf '\n'; cat "$OUT/results.tsv.new"; } >"$OUT/results.tsv"
rm -f "$OUT/results.tsv.new" "$OUT/results.partial"
col=3
for d in $DEVICES; do
  n=$(awk -F'\t' -v c=$col 'NR>1 && $c=="PASS"' "$OUT/results.tsv" | wc -l)
  echo "vv: $d $n/${#names[@]} passed"
  col=$((col + 1))
done

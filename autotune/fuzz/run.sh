#!/usr/bin/env bash
# Runs the fuzz targets of autotune/fuzz (built by `make fuzz` or `make
# all` when clang with libFuzzer is here) for SECONDS each, under ASan and
# UBSan, starting from a seed corpus: the shipped models and GPU
# descriptions, tests/tune/extra.yaml, autotune/fuzz/seeds/TARGET/ and
# every past finding in autotune/tests/fuzz-regress/TARGET/.  What a run
# discovers is kept in BUILD/fuzz/corpus/TARGET for the next run, but with
# --fresh (make test's short run, whose length must not grow with that
# corpus: libFuzzer first replays all of it).  A crash,
# sanitizer report, leak, hang (10 s an input) or a run past 2 GB fails
# the target; its input is left in BUILD/fuzz/crashes/ — add it to
# autotune/tests/fuzz-regress/TARGET/ (tune-tests replays those) and fix.
# A timeout whose input runs fast when tried again is the machine's stall,
# not a finding (reported, not failed).  --fresh also fixes libFuzzer's seed.
# Usage: autotune/fuzz/run.sh [--fresh] BUILD-DIR SECONDS [TARGET...].  Ends with
# "fuzz: N passed, N failed, N skipped".
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
fresh=0
[ "${1:-}" = --fresh ] && { fresh=1; shift; }
BUILD=$(cd "${1:-build}" && pwd) || exit 1
SECS=${2:-60}
shift 2 2>/dev/null
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(model gpu profile expr sched)
pass=0 fail=0 skip=0
SEEDS=$(mktemp -d "${TMPDIR:-/tmp}/accgpu-fuzz-seeds.XXXXXX") || exit 1
trap 'rm -rf "$SEEDS"' EXIT

# seeds TARGET DIR: fills DIR with the target's seed inputs.
seeds() {
  mkdir -p "$2"
  case $1 in
    model) cp autotune/models/*.yaml tests/tune/extra.yaml "$2"/ ;;
    gpu) cp autotune/gpus/*.yaml "$2"/ ;;
  esac
  cp autotune/fuzz/seeds/"$1"/* "$2"/ 2>/dev/null
  return 0
}

# unit LOG: the input libFuzzer wrote for its finding.
unit() { grep -a -m1 -o "Test unit written to .*" "$1" | cut -d' ' -f5; }

# stalled BIN LOG: true when LOG's finding is a timeout whose input, run
# again alone, finishes within a tenth of the limit: the process was not
# running (a virtual machine paused, a loaded CI host), the code did not
# hang.  A real hang or slow input recurs and still fails.
stalled() {
  local u
  grep -aq 'ERROR: libFuzzer: timeout' "$2" && u=$(unit "$2") && [ -f "$u" ] ||
    return 1
  timeout 1 "$1" "$u" >/dev/null 2>&1
}

# make test's short run starts from the same random seed every time, so
# what it tries does not change from one run to the next.
seed=
[ "$fresh" = 1 ] && seed=-seed=1

for t in "${names[@]}"; do
  bin="$BUILD/fuzz/fuzz-$t"
  if [ ! -x "$bin" ]; then
    echo "fuzz-$t: not built (needs clang and libFuzzer: make deps)"
    skip=$((skip + 1))
    continue
  fi
  corpus="$BUILD/fuzz/corpus/$t" crashes="$BUILD/fuzz/crashes"
  [ "$fresh" = 1 ] && corpus="$SEEDS/new-$t"
  log="$BUILD/fuzz/$t.log"
  mkdir -p "$corpus" "$crashes"
  seeds "$t" "$SEEDS/$t"
  if "$bin" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 $seed \
       -dict=autotune/fuzz/yaml.dict -artifact_prefix="$crashes/$t-" \
       "$corpus" "$SEEDS/$t" "autotune/tests/fuzz-regress/$t" >"$log" 2>&1; then
    pass=$((pass + 1))
    echo "fuzz-$t: $(grep -a -m1 -o '^Done [0-9]* runs' "$log" | cut -d' ' -f2) inputs in ${SECS} s, no finding"
  elif stalled "$bin" "$log"; then
    pass=$((pass + 1))
    echo "fuzz-$t: a timeout that did not recur when its input was run again" \
         "(the machine stalled; input kept in $(unit "$log"))"
  else
    fail=$((fail + 1))
    echo "FAIL: fuzz-$t: $(grep -a -m1 -E 'ERROR: |SUMMARY: |runtime error' "$log")"
    grep -a -m1 -o "Test unit written to .*" "$log"
    echo "  (log: $log)"
  fi
done
echo "fuzz: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]

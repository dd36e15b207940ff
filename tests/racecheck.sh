#!/usr/bin/env bash
# make test-racecheck: everything accgpu builds, run on the emulator under
# ACCGPU_EMU_RACECHECK=1 (memcheck on too), with zero reports allowed:
#   - the e2e corpus, and the deliberately racy programs of tests/e2e/racy/,
#     each of which must be reported (tests/e2e/run.sh, ACCGPU_E2E_EMU);
#   - the kernel benchmarks (benchmarks/kernels, small size), each verifying
#     itself;
#   - NPB EP, CG, MG, FT and IS class S, each verifying itself.
# Usage: tests/racecheck.sh [BUILD-DIR].  Ends with
# "racecheck: N passed, N failed".
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
BUILD=$(cd "${1:-build}" && pwd) || exit 1
REL=$(realpath --relative-to="$ROOT" "$BUILD") # as make names its targets
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export ACC_DEVICE_TYPE=emulator ACCGPU_EMU_RACECHECK=1

# check LABEL CMD...: passes when CMD exits 0 with nothing on stderr and,
# for NPB, verifies.
check() {
  local label=$1 rc
  shift
  timeout 600 "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] &&
     { [[ $label != npb/* ]] || grep -Eq 'Verification += +SUCCESSFUL' "$tmp/out"; }; then
    echo "PASS  $label"
    passed=$((passed + 1))
  else
    echo "FAIL  $label (exit $rc)"
    sed -n '1,12s/^/    | /p' "$tmp/err"
    failed=$((failed + 1))
  fi
}

ACCGPU_E2E_EMU=racecheck tests/e2e/run.sh "$BUILD" | tee "$tmp/e2e"
line=$(grep -E '^e2e-racecheck: [0-9]+ passed' "$tmp/e2e" | tail -n 1)
p=$(sed -E 's/^e2e-racecheck: ([0-9]+) passed.*/\1/' <<<"$line")
f=$(sed -E 's/^e2e-racecheck: [0-9]+ passed, ([0-9]+) failed.*/\1/' <<<"$line")
passed=$((passed + ${p:-0})); failed=$((failed + ${f:-1}))

for src in benchmarks/kernels/*.c; do
  name=$(basename "${src%.c}")
  bin="$BUILD/bench/kernels/$name.acc"
  make --no-print-directory -s "$REL/bench/kernels/$name.acc" >/dev/null 2>&1 ||
    { echo "FAIL  kernels/$name (does not build)"; failed=$((failed + 1)); continue; }
  check "kernels/$name" "$bin"
done

for name in ep cg mg ft is; do
  bin="$BUILD/npb/accgpu/$name"
  make --no-print-directory -s "$REL/npb/accgpu/$name" >/dev/null 2>&1 ||
    { echo "FAIL  npb/$name (does not build)"; failed=$((failed + 1)); continue; }
  check "npb/$name" "$bin" S
done

echo
echo "racecheck: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

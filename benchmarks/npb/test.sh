#!/usr/bin/env bash
# Class S of NPB EP, CG, MG, FT and IS, checked by each benchmark's own
# verification against the published NPB values:
#   - the serial build and the `gcc -fopenacc` build (must pass: they check
#     our sources);
#   - the accgpu build on the emulator, the host fallback and the multicore
#     device (ACC_DEVICE_TYPE=multicore), skipped (with
#     the reason) when build/accgpu.so is absent or does not load, or when
#     benchmarks/npb/KNOWN_FAILURES names the benchmark ("name: reason" lines;
#     NPB_IGNORE_KNOWN=1 runs them anyway).
# A run passes when it exits 0, prints "Verification = SUCCESSFUL" and writes
# nothing on stderr.  Ends with "npb: N passed, N failed, N skipped".
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
build=${NPB_BUILD_DIR:-$top/build}
names="ep cg mg ft is"
known="$top/benchmarks/npb/KNOWN_FAILURES"
limit=${NPB_TEST_TIMEOUT:-300}
passed=0 failed=0 skipped=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run LABEL BINARY [ENV...]: runs BINARY S under ENV, counts the outcome.
run() {
  local label=$1 bin=$2
  shift 2
  local rc
  env "$@" timeout "$limit" "$bin" S >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" -eq 0 ] && grep -Eq 'Verification += +SUCCESSFUL' "$tmp/out" &&
     [ ! -s "$tmp/err" ]; then
    printf '  PASS  %-28s %s s\n' "$label" \
      "$(sed -nE 's/^ Time in seconds = +//p' "$tmp/out")"
    passed=$((passed + 1))
  else
    printf '  FAIL  %-28s exit %d\n' "$label" "$rc"
    tail -n 5 "$tmp/out" "$tmp/err" | sed 's/^/        /'
    failed=$((failed + 1))
  fi
}

# plugin_problem: prints why build/accgpu.so cannot compile these programs
# (missing, or a stub GCC refuses to load); prints nothing when it loads.
plugin_problem() {
  if [ ! -f "$build/accgpu.so" ]; then
    echo "build/accgpu.so not built"
    return
  fi
  printf 'int main(void) { return 0; }\n' >"$tmp/probe.c"
  if ! gcc -fplugin="$build/accgpu.so" -c "$tmp/probe.c" -o "$tmp/probe.o" \
       2>"$tmp/probe.err"; then
    if grep -q 'GPL-compatible' "$tmp/probe.err"; then
      echo "build/accgpu.so is a stub GCC will not load (no plugin code yet)"
    else
      echo "build/accgpu.so does not load: $(head -n 1 "$tmp/probe.err" | cut -c1-60)"
    fi
  fi
}

skip() {
  printf '  SKIP  %-28s %s\n' "$1" "$2"
  skipped=$((skipped + 1))
}

# build TARGET...: returns make's status; its output goes to $tmp/make.
build() {
  make --no-print-directory -s -C "$top" BUILD="$build" "$@" >"$tmp/make" 2>&1
}

echo "npb: class S, serial and gcc -fopenacc -foffload=disable builds"
for n in $names; do
  for v in serial gomp; do
    if build "$build/npb/$v/$n"; then
      run "$n $v" "$build/npb/$v/$n" -u ACC_DEVICE_TYPE
    else
      printf '  FAIL  %-28s does not build\n' "$n $v"
      sed 's/^/        /' "$tmp/make" | tail -n 10
      failed=$((failed + 1))
    fi
  done
done

plugin_reason=$(plugin_problem)
# Negative control: a serial build that spoils each result by 1e-6 must
# report UNSUCCESSFUL and exit 1, or the checks above prove nothing.
echo "npb: class S, negative control (results spoiled by 1e-6 must fail)"
for n in $names; do
  bin="$tmp/$n-spoiled"
  if ! gcc -O2 -std=gnu11 -w -DNPB_NEGATIVE_CONTROL "$top/benchmarks/npb/$n.c" \
       -o "$bin" -lm 2>"$tmp/err"; then
    printf '  FAIL  %-28s does not build\n' "$n spoiled"
    failed=$((failed + 1))
    continue
  fi
  timeout "$limit" "$bin" S >"$tmp/out" 2>&1
  rc=$?
  if [ "$rc" -eq 1 ] && grep -Eq 'Verification += +UNSUCCESSFUL' "$tmp/out"; then
    printf '  PASS  %-28s rejected\n' "$n spoiled"
    passed=$((passed + 1))
  else
    printf '  FAIL  %-28s accepted (exit %d)\n' "$n spoiled" "$rc"
    failed=$((failed + 1))
  fi
done

echo "npb: class S, accgpu build on the emulator, the host fallback and multicore"
for n in $names; do
  reason=$plugin_reason
  if [ -z "$reason" ] && [ -z "${NPB_IGNORE_KNOWN:-}" ] && [ -f "$known" ] &&
     grep -Eq "^$n:" "$known"; then
    reason="KNOWN_FAILURES: $(grep -E "^$n:" "$known" | head -n 1 | cut -d: -f2- | sed 's/^ *//')"
  fi
  if [ -n "$reason" ]; then
    skip "$n accgpu emulator" "$reason"
    skip "$n accgpu host" "$reason"
    skip "$n accgpu multicore" "$reason"
    continue
  fi
  if ! build "$build/npb/accgpu/$n"; then
    printf '  FAIL  %-28s does not build with the plugin\n' "$n accgpu"
    sed 's/^/        /' "$tmp/make" | tail -n 10
    failed=$((failed + 3))
    continue
  fi
  run "$n accgpu emulator" "$build/npb/accgpu/$n" ACC_DEVICE_TYPE=emulator
  run "$n accgpu host" "$build/npb/accgpu/$n" ACC_DEVICE_TYPE=host
  run "$n accgpu multicore" "$build/npb/accgpu/$n" ACC_DEVICE_TYPE=multicore
done

echo "npb: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

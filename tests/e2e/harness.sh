#!/usr/bin/env bash
# Checks tests/e2e/run.sh's NVIDIA GPU runs without a GPU:
#   1. auto: the probe says whether a GPU was found, in one line;
#   2. fake (the emulator stands in for the GPU): every corpus test also
#      runs under the name nvidia, with its own output files, and passes;
#   3. a GPU the runtime cannot use (here: a fake one that cannot reserve
#      its memory) is one failure, said in one line;
#   4. off: no probe, no nvidia runs.
# Usage: tests/e2e/harness.sh [BUILD-DIR].  Ends with
# "e2e-harness: N passed, N failed".
. "$(dirname "$0")/../tune/common.sh" "${1:-build}" e2e-harness
T=compute_size_zero   # a quick corpus test
RUN="$ROOT/tests/e2e/run.sh"

# e2e MODE LOG DIR ARGS...: run.sh with ACCGPU_E2E_NVIDIA=MODE, output in
# DIR, log in LOG.  Returns run.sh's status.
e2e() {
  local mode=$1 log=$2 dir=$3
  shift 3
  ACCGPU_E2E_NVIDIA=$mode ACCGPU_E2E_OUT="$dir" "$RUN" "$BUILD" "$@" \
    >"$log" 2>&1
}

# 1.
if e2e auto "$OUT/auto.log" "$OUT/auto" "$T" &&
   [ "$(grep -cE '^e2e: (no NVIDIA GPU .*: nvidia runs skipped|NVIDIA GPU found .*: every test also runs on it)$' "$OUT/auto.log")" = 1 ]; then
  ok
else
  bad "auto: no single probe line: $(head -5 "$OUT/auto.log")"
fi

# 2.
if e2e fake "$OUT/fake.log" "$OUT/fake" "$T" &&
   grep -q '^e2e: fake NVIDIA GPU' "$OUT/fake.log" &&
   grep -q "^PASS  $T\$" "$OUT/fake.log" && [ -f "$OUT/fake/$T/nvidia.out" ] &&
   [ -f "$OUT/fake/$T/nvidia.err" ] && [ ! -s "$OUT/fake/$T/nvidia.err" ]; then
  ok
else
  bad "fake: no nvidia run of $T: $(head -5 "$OUT/fake.log"); $(ls "$OUT/fake/$T" 2>&1 | tr '\n' ' ')"
fi

# 3. (the diag test keeps the emulator's runs out of it)
d=$(cd tests/e2e && ls diag/*.c | head -1)
d=${d%.c}
if ACCGPU_EMU_MEMORY=1000000G e2e fake "$OUT/broken.log" "$OUT/broken" "$d"; then
  bad "broken GPU: run.sh passed: $(head -5 "$OUT/broken.log")"
elif grep -q '^e2e: an NVIDIA GPU is there but the runtime cannot use it' "$OUT/broken.log" &&
     grep -q '^e2e: 1 passed, 1 failed' "$OUT/broken.log"; then
  ok
else
  bad "broken GPU: $(head -8 "$OUT/broken.log")"
fi

# 4.
if e2e off "$OUT/off.log" "$OUT/off" "$T" && ! grep -q NVIDIA "$OUT/off.log" &&
   [ ! -e "$OUT/off/$T/nvidia.out" ]; then
  ok
else
  bad "off: $(head -5 "$OUT/off.log")"
fi

echo "e2e-harness: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

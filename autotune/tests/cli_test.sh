#!/usr/bin/env bash
# acc-tune's command line against what issue #11 found: values beyond 64
# bits clamped silently, trip counts above 2^62 hanging (from -D and from a
# profile), -k naming no kernel, and -o overwriting an input (the model,
# also under another name).  Every case must end at once with exit status
# 1 or 2, one line on stderr naming what is wrong, and the inputs intact.
# Usage: autotune/tests/cli_test.sh [BUILD-DIR].  Ends with "tune-cli: N
# passed, N failed".
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
T="${1:-build}/acc-tune"
OUT=$(mktemp -d "${TMPDIR:-/tmp}/tune-cli-test.XXXXXX") || exit 1
trap 'rm -rf "$OUT"' EXIT
pass=0 fail=0
GPU="$OUT/gpu.yaml" M="$OUT/model.yaml"
cp autotune/gpus/k40.yaml "$GPU"
cp autotune/models/jacobi.yaml "$M"
want_sum=$(cat "$GPU" "$M" | md5sum)

# refuses WHAT STATUS REGEX ARGS...: acc-tune ARGS exits STATUS within 20 s
# with one stderr line matching REGEX, and the inputs are unchanged.
refuses() {
  local what=$1 st=$2 re=$3 rc
  shift 3
  timeout 20 "$T" "$@" >"$OUT/out" 2>"$OUT/err"
  rc=$?
  if [ "$rc" != "$st" ] || [ "$(wc -l <"$OUT/err")" != 1 ] ||
     ! grep -qE -- "$re" "$OUT/err" ||
     [ "$(cat "$GPU" "$M" | md5sum)" != "$want_sum" ]; then
    fail=$((fail + 1))
    echo "FAIL: $what: exit $rc (want $st), stderr: $(head -3 "$OUT/err")"
  else
    pass=$((pass + 1))
  fi
}

refuses "-D beyond 64 bits" 2 \
  '^acc-tune: -D n=99999999999999999999: the value is out of range' \
  -g "$GPU" -q -D n=99999999999999999999 "$M"
# model NAME UPPER: a one-loop model $OUT/NAME.yaml.
model() {
  printf 'kernels:\n  - id: k\n    loops:\n      - {var: i, upper: %s}\n' "$2" \
    >"$OUT/$1.yaml"
  printf '    body:\n      - {array: a, elem: 1, access: read, index: {i: 1}}\n' \
    >>"$OUT/$1.yaml"
}
model one n
refuses "-D n = 2^62+1" 1 \
  "^acc-tune: $OUT/one.yaml:4: loop 'i' from 0 for 4611686018427387905 iterations goes beyond 2\^62" \
  -g "$GPU" -q -D n=4611686018427387905 "$OUT/one.yaml"
model pow "n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n"
refuses "n^20 overflows" 1 "^acc-tune: $OUT/pow.yaml:4: the upper bound overflows 64 bits" \
  -g "$GPU" -q -D n=16 "$OUT/pow.yaml"
printf 'kernels:\n  - id: "jacobi.c:20:jacobi"\n    trips: {j: 4611686018427387905}\n' \
  >"$OUT/prof.yaml"
refuses "profile trip 2^62+1" 1 \
  "^acc-tune: $M:[0-9]+: loop 'j' .*\(the profile's trip count\) goes beyond 2\^62" \
  -g "$GPU" -q -D n=64 -p "$OUT/prof.yaml" "$M"
refuses "-k nosuch" 1 "^acc-tune: -k nosuch: $M has no kernel with this id" \
  -g "$GPU" -q -D n=64 -k nosuch "$M"
refuses "-o the model" 1 "^acc-tune: -o $M: that is the input $M; not overwriting it" \
  -g "$GPU" -q -D n=64 -o "$M" "$M"
mkdir "$OUT/d"
refuses "-o the model by another path" 1 "that is the input $M" \
  -g "$GPU" -q -D n=64 -o "$OUT/d/../model.yaml" "$M"
ln "$M" "$OUT/hard.yaml"
refuses "-o a hard link to the model" 1 "that is the input $M" \
  -g "$GPU" -q -D n=64 -o "$OUT/hard.yaml" "$M"
ln -s model.yaml "$OUT/soft.yaml"
refuses "-o a symbolic link to the model" 1 "that is the input $M" \
  -g "$GPU" -q -D n=64 -o "$OUT/soft.yaml" "$M"
refuses "-o the GPU description" 1 "that is the input $GPU" \
  -g "$GPU" -q -D n=64 -o "$GPU" "$M"
refuses "-n beyond int" 2 "^acc-tune: -n 4294967297: invalid value" \
  -g "$GPU" -q -n 4294967297 "$M"
refuses "-b nan" 2 "^acc-tune: -b nan: invalid value" -g "$GPU" -q -b nan "$M"

# And a good run still writes its file.
if "$T" -g "$GPU" -q -D n=64 -k jacobi.c:20:jacobi -o "$OUT/s.yaml" "$M" &&
   grep -q '^  - kernel: "jacobi.c:20:jacobi"$' "$OUT/s.yaml"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAIL: -k with the model's id and -o a new file"
fi
echo "tune-cli: $pass passed, $fail failed"
[ "$fail" = 0 ]

#!/usr/bin/env bash
# autotune/gpu-eval.sh end to end on the emulator (times mean nothing
# there): acc-tune --all-schedules writes one schedule file per ranked
# candidate, the pipeline builds and profiles each, and its R^2 arithmetic
# matches hand-computed values.
# Usage: autotune/tests/gpu_eval_test.sh [BUILD-DIR].  Ends with
# "gpu-eval: N passed, N failed".
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
BUILD=${1:-build}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/gpu-eval-test.XXXXXX") || exit 1
trap 'rm -rf "$OUT"' EXIT
pass=0 fail=0
check() { # check WHAT CONDITION...
  local what=$1
  shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $what"; fi
}
r2() { printf "$1" | autotune/gpu-eval.sh --r2; }

# R^2 by hand: x 1 2 3 4, y 2 4 5 4: Sxy 3.5, Sxx 5, Syy 4.75,
# R^2 = 3.5^2 / (5 x 4.75) = 0.515789...; an exact line gives 1; a flat y 0.
check "R2 hand example" [ "$(r2 '1 2\n2 4\n3 5\n4 4\n')" = 0.5158 ]
check "R2 exact line" [ "$(r2 '1 3\n2 5\n3 7\n')" = 1.0000 ]
check "R2 flat" [ "$(r2 '1 3\n2 3\n3 3\n')" = 0.0000 ]

# --all-schedules: one file per ranked configuration, listed in order.
T="$BUILD/acc-tune"
M=autotune/models/jacobi.yaml
"$T" -g autotune/gpus/k40.yaml -n 100000 -D n=64 "$M" >"$OUT/table.txt"
"$T" -g autotune/gpus/k40.yaml -q -D n=64 --all-schedules "$OUT/all" "$M"
nrank=$(grep -cE '^ +[0-9]+  [23]_' "$OUT/table.txt")
nfile=$(find "$OUT/all" -name 'k1-r*.yaml' | wc -l)
check "one file per ranked candidate ($nrank ranked, $nfile files)" \
  [ "$nrank" -gt 10 -a "$nrank" = "$nfile" ]
check "index lists them" [ "$(($(wc -l <"$OUT/all/index.tsv") - 1))" = "$nfile" ]
# Rank 5 of the table is the fifth file, with one kernel entry.
want=$(awk '$1 == 5 { print $2, $3 }' "$OUT/table.txt")
got=$(awk '/schedule:/ { gsub(/"/, "", $2); s = $2 }
           /^    block:/ { gsub(/[][,]/, " "); b = $2 "x" $3 "x" $4 }
           END { print s, b }' "$OUT/all/k1-r005.yaml")
check "rank 5 file is the table's rank 5 ($want / $got)" [ "$want" = "$got" ]
check "one kernel per file" [ "$(grep -c '  - kernel:' "$OUT/all/k1-r005.yaml")" = 1 ]

# The pipeline on a two-kernel program, ranks 1..3.
if ACC_DEVICE_TYPE=emulator autotune/gpu-eval.sh -b "$BUILD" -g autotune/gpus/k40.yaml \
     -s small -n 3 -o "$OUT/eval" jacobi2d >"$OUT/eval.log" 2>&1; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAIL: gpu-eval.sh: $(tail -3 "$OUT/eval.log")"
fi
R="$OUT/eval/results.tsv"
check "3 candidates + default per kernel, times > 0" [ "$(awk -F'\t' \
  'NR > 1 && $5 > 0 { n[$2]++ } END { for (k in n) if (n[k] == 4) c++; print c }' "$R")" = 2 ]
check "summary per kernel" [ "$(grep -c 'candidates    3  R2 [01]\.[0-9]\{4\}  .* speedup [0-9.]*x' \
  "$OUT/eval/summary.txt")" = 2 ]
# The summary's R^2 is the fit over the results' (cost, seconds).
id=benchmarks/kernels/jacobi2d.c:41:main
fit=$(awk -F'\t' -v id="$id" '$2 == id && $3 > 0 { print $4, $5 }' "$R" |
      autotune/gpu-eval.sh --r2)
check "summary R2 from results" grep -q "$id .* R2 $fit " "$OUT/eval/summary.txt"

echo "gpu-eval: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# Checks table52-gomp (GCC's own offloading of the Table 5.2 cases) where no
# GPU times it: that it refuses to time libgomp's host fallback, that GCC's
# build of the cases gives the serial reference's results there, that it
# refuses a vector length other than the built-in one, and that
# table52-join.sh joins two GPU outputs.  Ends with "N passed, N failed".
#
# Usage: table52-gomp-test.sh BUILD-DIR
set -u
bin=${1:?usage: table52-gomp-test.sh BUILD-DIR}/bench/table52/table52-gomp
join=$(dirname "$0")/table52-join.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # NAME CONDITION...
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name"; fi
}
run() { # EXPECTED-STATUS, then the command; output in $tmp/out, $tmp/err
  local want=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err"
  [ $? -eq "$want" ]
}

check "host fallback: nothing timed" \
  run 0 env ACC_DEVICE_TYPE=host "$bin"
check "host fallback: says so, quietly" \
  eval 'grep -q "nothing timed" "$tmp/out" && [ ! -s "$tmp/err" ] && ! grep -q "|" "$tmp/out"'

check "results on the host" \
  run 0 env TABLE52_GOMP_HOST=1 TABLE52_REPS=1 "$bin" 4096 16384
check "results on the host: 42 right" \
  eval '[ "$(grep -c "| *- ok$" "$tmp/out")" -eq 42 ] && [ ! -s "$tmp/err" ]'

check "built-in vector length" \
  run 2 env TABLE52_GEOM="192 8 64" "$bin"
check "built-in vector length: named" grep -q "TABLE52_GEOM" "$tmp/err"

# Two GPU outputs, as table52 and table52-gomp print them.
hdr="reductions on the GPU: 192 gangs, 8 workers, vector 128; reducing trips 65536 and 1048576"
printf '%s\n%s\n%s\n' "Seed 001 Table 5.2 $hdr" "microseconds (best of 10, the region)" \
  "gang   int    + |       30.0       29.0   1.03 ok" >"$tmp/acc"
printf '%s\n%s\n%s\n' "Seed 001 Table 5.2 $hdr" "microseconds (best of 10, the region)" \
  "gang   int    + |       60.0 ok" >"$tmp/gcc"
check "join" run 0 "$join" "$tmp/acc" "$tmp/gcc"
check "join: the ratio" grep -Eq '^gang +int +\+ \| +30\.0 +29\.0 +60\.0 \| +0\.50$' "$tmp/out"
check "join: the lead" grep -q "ahead of gcc in 1 of 1 cases" "$tmp/out"
sed -i 's/best of 10/best of 5/' "$tmp/gcc"
check "join: different runs refused" run 1 "$join" "$tmp/acc" "$tmp/gcc"

echo "table52-gomp: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# Forces acc-tune schedules on the e2e corpus (not part of make test: it
# compiles every test twice, minutes).  For each tests/e2e/*.c with kernel
# models (-fplugin-arg-accgpu-tune-dump), writes a schedule per kernel with
# the pattern of its nest depth picked by ROUND (1_1; 2_1, 2_2, 2_3; 3_1..3_4
# in turn, block x 32 and y 4 for patterns with a threadIdx.y loop, else
# block x 64), compiles with it and runs on the emulator: the test must
# still exit 0 with nothing on stderr.  Kernels whose schedule is ignored
# keep the default mapping (counted per reason).
# Usage: tests/tune/corpus.sh [BUILD-DIR] [ROUNDS] (default 3 rounds: every
# pattern once).  Ends with "tune-corpus: N passed, N failed".
. "$(dirname "$0")/common.sh" "${1:-build}" corpus
ROUNDS=${2:-3}
export ACC_DEVICE_TYPE=emulator
. tests/e2e/directives.sh

# write_sched MODEL ROUND SCHED
write_sched() {
  awk -v round="$2" '
    function flush(   p, m, i, bx, by) {
      if (id == "" || n < 1 || n > 3) return
      if (n == 1) { p = "1_1"; m[1] = "x x" }
      else if (n == 2) {
        p = (round % 3 == 0) ? "2_1" : (round % 3 == 1) ? "2_2" : "2_3"
        if (p == "2_1") { m[1] = "none x"; m[2] = "x none" }
        if (p == "2_2") { m[1] = "none y"; m[2] = "x x" }
        if (p == "2_3") { m[1] = "y y"; m[2] = "x x" }
      } else {
        p = (round % 4 == 0) ? "3_1" : (round % 4 == 1) ? "3_2" : (round % 4 == 2) ? "3_3" : "3_4"
        if (p == "3_1") { m[1] = "none x"; m[2] = "y none"; m[3] = "x none" }
        if (p == "3_2") { m[1] = "none y"; m[2] = "none x"; m[3] = "x none" }
        if (p == "3_3") { m[1] = "none z"; m[2] = "none y"; m[3] = "x x" }
        if (p == "3_4") { m[1] = "none z"; m[2] = "y y"; m[3] = "x x" }
      }
      by = (p == "2_3" || p == "3_1" || p == "3_4") ? 4 : 1
      bx = by > 1 ? 32 : 64
      printf "  - kernel: %s\n    schedule: \"%s\"\n    block: [%d, %d, 1]\n", id, p, bx, by
      printf "    grid: [1, 1, 1]\n    map:\n"
      for (i = 1; i <= n; i++) {
        split(m[i], tb, " ")
        printf "      %s: {thread: %s, block: %s}\n", v[i], tb[1], tb[2]
      }
    }
    BEGIN { print "schedules:" }
    /^  - id: / { flush(); id = $3; n = 0; inl = 0; next }
    /^    loops:/ { inl = 1; next }
    inl && /^      - \{var: / { x = $3; sub(/,$/, "", x); v[++n] = x; next }
    /^    [a-z]/ { inl = 0 }
    END { flush() }' "$1" >"$3"
}

for src in tests/e2e/*.c; do
  name=$(basename "$src" .c)
  grep -q "^$name " tests/e2e/KNOWN_FAILURES && continue
  directives "$src" test | grep -q '^env ' && continue
  flags=$(directives "$src" test | sed -n 's/^cflags //p' | tr '\n' ' ')
  # shellcheck disable=SC2086
  "$CC" -O2 -fplugin="$PLUGIN" -I"$ROOT/include" $flags \
    -fplugin-arg-accgpu-tune-dump="$OUT/m.yaml" -c "$src" -o "$OUT/x.o" \
    >/dev/null 2>&1 || continue
  grep -q '^  - id:' "$OUT/m.yaml" || continue
  for ((r = 0; r < ROUNDS; r++)); do
    write_sched "$OUT/m.yaml" "$r" "$OUT/s.yaml"
    # shellcheck disable=SC2086
    if ! "$CC" -O2 -fplugin="$PLUGIN" -fplugin-arg-accgpu-info \
         -fplugin-arg-accgpu-schedule="$OUT/s.yaml" -I"$ROOT/include" $flags \
         "$src" -o "$OUT/t.exe" -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD" -lm \
         >"$OUT/notes.log" 2>&1; then
      bad "$name round $r: $(grep -m2 'error' "$OUT/notes.log")"
      continue
    fi
    sed -n -e "s/.*accgpu: acc-tune schedule \(‘[0-9_]*’\) applied.*/applied \1/p" \
      -e "s/.*accgpu: acc-tune schedule ‘[0-9_]*’ for .* ignored: \(.*\)/ignored: \1/p" \
      "$OUT/notes.log" >>"$OUT/tally"
    if ! (cd "$OUT" && timeout 60 ./t.exe >/dev/null 2>"$OUT/err") ||
       [ -s "$OUT/err" ]; then
      bad "$name round $r: $(head -2 "$OUT/err")"
      cp "$OUT/s.yaml" "$OUT/../corpus-fail-$name-$r.yaml" 2>/dev/null
    else
      ok
    fi
  done
done
[ -f "$OUT/tally" ] && sort "$OUT/tally" | uniq -c | sort -rn
echo "tune-corpus: $pass passed, $fail failed"
[ "$fail" = 0 ]

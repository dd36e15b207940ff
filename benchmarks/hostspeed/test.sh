#!/usr/bin/env bash
# make test: the plugin leaves loop alignment to GCC, so the host fallback's
# loops are aligned as the serial build's are (GCC's default, or the user's
# -falign-loops=N).  It used to ask for 32-byte loops: the padding before
# a short inner loop then ran at each entry, 1.9 % more instructions and
# 1.1-1.5x the serial time for xreuse (docs/compiler.md, "Host fallback
# speed").  Looks at the assembly GCC writes for a Floyd-Warshall region.
# Ends with "loop-align: N passed, N failed".
# Usage: benchmarks/hostspeed/test.sh [BUILD-DIR]
. "$(dirname "$0")/../../tests/setup.sh"
cat >"$tmp/fw.c" <<'PROG'
void fw(int n, int *d) {
  for (int k = 0; k < n; k++) {
#pragma acc parallel loop copy(d[0:n * n])
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        if (d[i * n + k] + d[k * n + j] < d[i * n + j])
          d[i * n + j] = d[i * n + k] + d[k * n + j];
  }
}
PROG

# aligned32 WANT FLAGS...: WANT is yes when the assembly has loops on
# 32-byte boundaries (.p2align 5), no when it has none.
aligned32() {
  local want=$1 got=no
  shift
  if ! gcc -S "$@" "$tmp/fw.c" -o "$tmp/fw.s" 2>"$tmp/err"; then
    failed=$((failed + 1)); echo "FAIL  gcc $*: $(head -c 300 "$tmp/err")"; return
  fi
  grep -q '^[[:space:]]*\.p2align 5$' "$tmp/fw.s" && got=yes
  if [ "$got" = "$want" ] && [ ! -s "$tmp/err" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL  gcc $*: 32-byte loops: want $want, got $got"
  fi
}
P="-fplugin=$BUILD/accgpu.so -Iinclude"
aligned32 no -O2 -Wno-unknown-pragmas          # GCC's own default: 16
aligned32 no -O2 $P
aligned32 no -O3 $P
aligned32 yes -O2 $P -falign-loops=32
aligned32 no -O2 $P -fno-align-loops
aligned32 no -Os $P
echo "loop-align: $passed passed, $failed failed"
[ $failed -eq 0 ]

#!/usr/bin/env bash
# Joins the GPU times of table52 (accgpu, hand-written) and table52-gomp
# (GCC's own -foffload=nvptx-none) per case: case, accgpu us, hand us,
# gcc us, accgpu/gcc (below 1: accgpu ahead), and how many cases accgpu leads.
#
# Usage: table52-join.sh TABLE52-OUTPUT TABLE52-GOMP-OUTPUT
#   (tests/gpu/run.sh writes them as RESULTS/table52.txt and
#   RESULTS/table52-gomp.txt, the latter with the joined table already
#   appended; both must be GPU runs at the same settings.)
set -eu
acc=${1:?usage: table52-join.sh TABLE52-OUTPUT TABLE52-GOMP-OUTPUT}
gomp=${2:?usage: table52-join.sh TABLE52-OUTPUT TABLE52-GOMP-OUTPUT}
for f in "$acc" "$gomp"; do
  if ! grep -q 'reductions.* on the GPU' "$f"; then
    echo "table52-join: $f is not a GPU run of table52 or table52-gomp:" >&2
    head -n 2 "$f" >&2
    exit 1
  fi
done
# Both at the same geometry, trip counts and repetitions.
setup() { sed -nE '1,3{s/.*on the GPU: (.*)/\1/p; s/.*(best of [0-9]+).*/\1/p}' "$1"; }
if [ "$(setup "$acc")" != "$(setup "$gomp")" ]; then
  echo "table52-join: the runs differ: $(setup "$acc" | tr '\n' ' ')/ $(setup "$gomp" | tr '\n' ' ')" >&2
  exit 1
fi
setup "$acc" | head -n 1
# A case line: POS TYPE OP | TIME...; the accgpu file comes first.
awk '
  FNR == 1 { file++ }
  $4 != "|" || $5 !~ /^[0-9.]+$/ { next }
  file == 1 { k = $1 " " $2 " " $3; order[++n] = k; a[k] = $5; h[k] = $6
              for (j = 7; j <= NF; j++) if ($j ~ /^WRONG/) bad[k] = bad[k] " " $j }
  file == 2 && NF == 6 { k = $1 " " $2 " " $3; g[k] = $5
              if ($6 != "ok") bad[k] = bad[k] " " $6 }
  END {
    printf "%-15s | %10s %10s %10s | %10s\n", "case", "accgpu us", "hand us",
           "gcc us", "accgpu/gcc"
    for (i = 1; i <= n; i++) {
      k = order[i]
      split(k, f, " ")
      if (!(k in g)) { printf "%-6s %-6s %s | %10.1f %10.1f %10s | no gcc time\n", f[1], f[2], f[3], a[k], h[k], "-"; continue }
      r = g[k] > 0 ? a[k] / g[k] : 0
      m++; lead += r < 1; logs += log(r > 0 ? r : 1e-9)
      if (r > worst) worst = r
      printf "%-6s %-6s %s | %10.1f %10.1f %10.1f | %10.2f%s\n", f[1], f[2], f[3], a[k], h[k], g[k], r, bad[k]
    }
    if (m)
      printf "accgpu ahead of gcc in %d of %d cases; accgpu/gcc geometric mean %.2f, worst %.2f\n",
             lead, m, exp(logs / m), worst
  }' "$acc" "$gomp"

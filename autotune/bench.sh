#!/usr/bin/env bash
# make bench: acc-tune's ranked tables for the seed's kernels (Table 7.3) and
# its speed: trace accesses per second and the time to tune a kernel of 16
# million threads.  Run from the repository root.
set -eu
B=${BUILD:-build}
T="$B/acc-tune"
G=autotune/gpus/h100.yaml
echo "== acc-tune: ranked schedules (H100 model, default sizes) =="
for m in xreuse yreuse matmul jacobi transpose laplacian divergence himeno; do
  "$T" -g "$G" -n 5 "autotune/models/$m.yaml"
done
echo
echo "== acc-tune speed =="
"$B/tune-bench"
echo "-- tuning a 16M-thread kernel (jacobi, n=4098: 4096 x 4096 threads) --"
"$T" -g "$G" -q -t -D n=4098 autotune/models/jacobi.yaml
echo "-- tuning a 16M-thread kernel with a sequential loop (x-reuse, n=4096, m=256) --"
"$T" -g "$G" -q -t -D n=4096 -D m=256 autotune/models/xreuse.yaml

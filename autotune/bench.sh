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
# tuned LABEL ACC-TUNE-ARGS...: runs acc-tune -t and prints its times
# against the 10-second target.
tuned() {
  local label=$1 out
  shift
  out=$("$T" -g "$G" -q -t "$@") || return 1
  printf '%s\n' "$out"
  printf '%s\n' "$out" | awk -v l="$label" '/^tune time/ {
    printf "%s: %s s wall (%.2fx of the 10 s target), %s s CPU (%.2fx)\n",
           l, $(NF-5), $(NF-5) / 10, $(NF-2), $(NF-2) / 10 }'
}
echo "-- tuning a 16M-thread kernel (jacobi, n=4098: 4096 x 4096 threads) --"
tuned "jacobi n=4098, $(nproc) threads" -D n=4098 autotune/models/jacobi.yaml
ACC_TUNE_THREADS=1 tuned "jacobi n=4098, 1 thread" -D n=4098 \
  autotune/models/jacobi.yaml
echo "-- tuning a 16M-thread kernel with a sequential loop (x-reuse, n=4096, m=256) --"
tuned "x-reuse n=4096 m=256, $(nproc) threads" -D n=4096 -D m=256 \
  autotune/models/xreuse.yaml

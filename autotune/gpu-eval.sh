#!/usr/bin/env bash
# gpu-eval.sh — does acc-tune's cost predict kernel time?  (seed 001,
# Table 7.3: R^2 per benchmark and the speedup of the chosen schedule.)
#
# For each kernel benchmark of Table 7.3 (benchmarks/kernels/NAME.c, the
# programs of the kernels in autotune/models/): the plugin dumps its kernel
# models, acc-tune ranks every candidate and writes each as its own
# schedule file (--all-schedules), the program is built with each one
# (-fplugin-arg-accgpu-schedule=) and once without (the default mapping),
# and every build runs with ACCGPU_PROFILE.  Per tuned kernel it prints
# the R^2 of the linear fit of measured time (time_total_s) on predicted
# cost over the candidates, and the speedup of rank 1 over the default.
#
# Usage: autotune/gpu-eval.sh [-b BUILD] [-g GPU.yaml] [-s small|large]
#                             [-n MAXRANK] [-o OUTDIR] [NAME...]
#        autotune/gpu-eval.sh --r2 < PAIRS   (R^2 of "x y" lines)
# NAME: xreuse yreuse matmul jacobi2d laplacian3d divergence transpose
# himeno (default: all).  -n evaluates ranks 1..MAXRANK only (default all).
# Environment: ACC_DEVICE_TYPE (default nvidia; the test uses emulator).
# Writes OUTDIR/results.tsv (name, kernel, rank, cost, seconds; rank 0 =
# default build) and OUTDIR/summary.txt (what is printed).  Exits non-zero
# when a build, a run or a profile fails.
set -u

# R^2 of the least-squares line through the "x y" pairs on stdin (0 when
# either coordinate is constant).
r2() {
  awk '{ n++; sx += $1; sy += $2; sxx += $1 * $1; syy += $2 * $2;
         sxy += $1 * $2 }
       END { if (n < 2) { print "nan"; exit }
             cxy = sxy - sx * sy / n; cxx = sxx - sx * sx / n;
             cyy = syy - sy * sy / n;
             if (cxx <= 0 || cyy <= 0) print "0.0000";
             else printf "%.4f\n", cxy * cxy / (cxx * cyy) }'
}
if [ "${1:-}" = --r2 ]; then
  r2
  exit
fi

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
BUILD=build GPU=autotune/gpus/h100.yaml SIZE=small MAXRANK=0 OUT=
while getopts "b:g:s:n:o:" c; do
  case $c in
    b) BUILD=$OPTARG ;;
    g) GPU=$OPTARG ;;
    s) SIZE=$OPTARG ;;
    n) MAXRANK=$OPTARG ;;
    o) OUT=$OPTARG ;;
    *) sed -n '2,/^set -u/p' "$0" | sed '$d' >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
BUILD=$(cd "$BUILD" && pwd) || exit 1
[ -n "$OUT" ] || OUT=$(mktemp -d "${TMPDIR:-/tmp}/gpu-eval.XXXXXX")
mkdir -p "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
export ACC_DEVICE_TYPE=${ACC_DEVICE_TYPE:-nvidia}
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(xreuse yreuse matmul jacobi2d laplacian3d
                                  divergence transpose himeno)

# The parameters of each program's kernels at its small / large size (the
# sizes in benchmarks/kernels/NAME.c).
params() {
  local l=0
  [ "$SIZE" = large ] && l=1
  case $1 in
    xreuse) [ $l = 1 ] && echo "nx=4096 ny=4096 w=4112" ||
              echo "nx=256 ny=256 w=272" ;;
    yreuse) [ $l = 1 ] && echo "nx=4096 ny=4096" || echo "nx=256 ny=256" ;;
    matmul) [ $l = 1 ] && echo "n=1024" || echo "n=96" ;;
    jacobi2d) [ $l = 1 ] && echo "n=4096" || echo "n=256" ;;
    laplacian3d | divergence) [ $l = 1 ] && echo "n=384" || echo "n=48" ;;
    transpose) [ $l = 1 ] && echo "n=8192" || echo "n=512" ;;
    himeno) [ $l = 1 ] && echo "ni=129 nj=129 nk=257" ||
              echo "ni=33 nj=33 nk=65" ;;
    *) return 1 ;;
  esac
}

fail=0
die() {
  echo "gpu-eval: $*" >&2
  fail=1
}

# build NAME SCHED EXE: the program, with schedule file SCHED ("" = none).
build() {
  local arg=()
  [ -n "$2" ] && arg=(-fplugin-arg-accgpu-schedule="$2")
  gcc -O2 -fplugin="$BUILD/accgpu.so" -I"$ROOT/include" "${arg[@]}" \
    "benchmarks/kernels/$1.c" -o "$3" -L"$BUILD" -laccgpu \
    -Wl,-rpath,"$BUILD" -lm >"$OUT/cc.log" 2>&1 &&
    ! grep -v 'no CUDA toolkit' "$OUT/cc.log" | grep -q 'error'
}

# run EXE PROFILE: one run with the kernel profile on.
run() {
  local a=()
  [ "$SIZE" = large ] && a=(large)
  ACCGPU_PROFILE="$2" "$1" "${a[@]}" >"$OUT/run.log" 2>&1
}

# seconds PROFILE ID: the kernel's time_total_s in the profile.
seconds() {
  awk -v id="  - id: \"$2\"" '
    $0 == id { on = 1; next }
    on && /^  - / { exit }
    on && $1 == "time_total_s:" { print $2; exit }' "$1"
}

printf 'name\tkernel\trank\tcost\tseconds\n' >"$OUT/results.tsv"
: >"$OUT/summary.txt"
for name in "${names[@]}"; do
  p=$(params "$name") || { die "$name: unknown benchmark"; continue; }
  dir="$OUT/$name"
  mkdir -p "$dir"
  defs=()
  for kv in $p; do defs+=(-D "$kv"); done
  if ! gcc -O2 -fplugin="$BUILD/accgpu.so" -I"$ROOT/include" \
       -fplugin-arg-accgpu-tune-dump="$dir/model.yaml" \
       -c "benchmarks/kernels/$name.c" -o "$dir/x.o" >"$OUT/cc.log" 2>&1; then
    die "$name: model dump failed: $(head -3 "$OUT/cc.log")"
    continue
  fi
  if ! "$BUILD/acc-tune" -g "$GPU" -q "${defs[@]}" -A "$dir/all" \
       "$dir/model.yaml" >"$OUT/tune.log" 2>&1; then
    die "$name: acc-tune failed: $(head -3 "$OUT/tune.log")"
    continue
  fi
  if ! build "$name" "" "$dir/default.exe" ||
     ! run "$dir/default.exe" "$dir/default.prof.yaml"; then
    die "$name: default build/run failed: $(head -3 "$OUT/cc.log" "$OUT/run.log")"
    continue
  fi
  # Every candidate (up to MAXRANK) of every kernel, in index order.
  tail -n +2 "$dir/all/index.tsv" | while IFS=$'\t' read -r id rank _ _ _ cost f; do
    [ "$MAXRANK" -gt 0 ] && [ "$rank" -gt "$MAXRANK" ] && continue
    exe="$dir/${f%.yaml}.exe" prof="$dir/${f%.yaml}.prof.yaml"
    if ! build "$name" "$dir/all/$f" "$exe" || ! run "$exe" "$prof"; then
      die "$name: $f: $(head -3 "$OUT/cc.log" "$OUT/run.log")"
      exit 1
    fi
    s=$(seconds "$prof" "$id")
    [ -n "$s" ] || { die "$name: $f: no time for $id"; exit 1; }
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$id" "$rank" "$cost" "$s"
    rm -f "$exe"
  done >>"$OUT/results.tsv" || fail=1
  # Per kernel: R^2 over its candidates, speedup of rank 1 over default.
  for id in $(cut -f1 "$dir/all/index.tsv" | tail -n +2 | sort -u); do
    d=$(seconds "$dir/default.prof.yaml" "$id")
    printf '%s\t%s\t0\t-\t%s\n' "$name" "$id" "${d:-nan}" >>"$OUT/results.tsv"
    rows=$(awk -F'\t' -v n="$name" -v id="$id" \
             '$1 == n && $2 == id && $3 > 0' "$OUT/results.tsv")
    k=$(printf '%s\n' "$rows" | grep -c .)
    fit=$(printf '%s\n' "$rows" | awk -F'\t' '{ print $4, $5 }' | r2)
    c1=$(printf '%s\n' "$rows" | awk -F'\t' '$3 == 1 { print $5 }')
    sp=$(awk -v d="${d:-0}" -v c="${c1:-0}" \
           'BEGIN { if (c > 0 && d > 0) printf "%.3f", d / c; else print "nan" }')
    printf '%-12s %-44s candidates %4d  R2 %s  default %s s  rank-1 %s s  speedup %sx\n' \
      "$name" "$id" "$k" "$fit" "${d:-nan}" "${c1:-nan}" "$sp" |
      tee -a "$OUT/summary.txt"
  done
done
echo "gpu-eval: results in $OUT (device: $ACC_DEVICE_TYPE, size: $SIZE)"
exit $fail

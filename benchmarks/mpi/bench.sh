#!/usr/bin/env bash
# make bench's MPI part: weak scaling of the distributed Jacobi on the
# emulator.  Each rank keeps the same block (ROWS x COLS, ITERS sweeps) at
# 1, 2 and 4 ranks; efficiency = time at 1 rank / time at P ranks, both
# measured in this run (1.00 is perfect weak scaling).  Each rank's emulator
# runs one thread, so efficiency falls once ranks outnumber the cores.
# Usage: benchmarks/mpi/bench.sh [BUILD-DIR]
# Environment: MPI_BENCH_ROWS, MPI_BENCH_COLS, MPI_BENCH_ITERS (per rank).
set -u
. "$(dirname "$0")/launch.sh"
mb_setup "${1:-build}" mpi-bench
case $? in 0) ;; 1) exit 0 ;; *) exit 1 ;; esac
rows=${MPI_BENCH_ROWS:-128} cols=${MPI_BENCH_COLS:-256} iters=${MPI_BENCH_ITERS:-40}
export ACC_DEVICE_TYPE=emulator ACCGPU_EMU_THREADS=1

# seconds NP PROG: the slowest rank's solve time, or "-" when it failed.
seconds() {
  local out
  out=$(mpi_run "$1" "$2" "$rows" "$cols" "$iters" weak 2>&1 | tail -n 1)
  [[ $out == *' verified' ]] && awk '{ print $(NF - 1) }' <<<"$out" || echo -
}
eff() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else printf "-" }'; }

echo
echo "mpi: Jacobi weak scaling on the emulator, ${rows}x${cols} rows x columns per rank, $iters sweeps," \
     "$(nproc) cores; efficiency = t(1 rank) / t(P ranks)"
printf '%-6s %-16s %10s %7s %12s %7s\n' ranks grid device_s eff staged_s eff
status=0
for np in 1 2 4; do
  td=$(seconds $np "$DIR/jacobi")
  ts=$(seconds $np "$DIR/jacobi-staged")
  [ $np -eq 1 ] && { d1=$td; s1=$ts; }
  [ "$td" = - ] || [ "$ts" = - ] && status=1
  printf '%-6s %-16s %10s %7s %12s %7s\n' $np "$((rows * np))x$cols" "$td" \
    "$(eff "$d1" "$td")" "$ts" "$(eff "$s1" "$ts")"
done
exit $status

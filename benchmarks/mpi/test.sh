#!/usr/bin/env bash
# make test's MPI part: the distributed Jacobi (halo exchange from device
# memory, and the staged variant) and EP on 1, 2 and 4 ranks on the
# emulator (and the Jacobi on the host device), each checked by rank 0
# against the serial computation of the whole problem; the default device
# of each rank (local rank % devices) under mpirun (ACC_DEVICE_NUM and
# acc_set_device_num winning over it: tests/env/local-rank.sh).  Every run
# must also leave stderr empty.  An mpirun costs most of a second, so the
# problems are small and the runs few.  Ends with "mpi: N passed, N failed[, N skipped]".
# Usage: benchmarks/mpi/test.sh [BUILD-DIR]
set -u
. "$(dirname "$0")/launch.sh"
mb_setup "${1:-build}" mpi
case $? in
  0) ;;
  1) echo "mpi: 0 passed, 0 failed, 1 skipped"; exit 0 ;;
  *) echo "mpi: 0 passed, 1 failed"; exit 1 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# expect WANT NP PROG ARGS...: rank 0's last line matches the regex WANT
# and nothing is on stderr.
expect() {
  local want=$1 np=$2
  shift 2
  mpi_run "$np" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$? got
  got=$(tail -n 1 "$tmp/out")
  if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && [[ $got =~ $want ]]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL  np=$np ${*#"$DIR/"} ($(env | grep -E '^ACC' | tr '\n' ' ')): exit $rc: $got"
    head -c 600 "$tmp/err"
  fi
}

export ACC_DEVICE_TYPE=emulator ACCGPU_EMU_THREADS=1
for np in 1 2 4; do
  # 62 rows: blocks of 15 and 16 rows at 4 ranks.
  expect ' verified$' $np "$DIR/jacobi" 62 40 10
  expect ' verified$' $np "$DIR/jacobi-staged" 62 40 10
  expect ' verified$' $np "$DIR/ep" 14
done
ACC_DEVICE_TYPE=host expect ' verified$' 2 "$DIR/jacobi" 62 40 10

# Two emulated GPUs: rank r gets device r % 2, unless the program says
# otherwise.
export ACCGPU_EMU_DEVICES=2
expect '^devices: 0 1 0 1$' 4 "$DIR/rankdev"
expect '^devices: 0 0$' 2 "$DIR/rankdev" set0
echo "mpi: $passed passed, $failed failed"
[ $failed -eq 0 ]

#!/usr/bin/env bash
# The default device of an MPI rank (runtime/local-rank.c), without MPI: the
# launchers' local-rank variables set by hand, two emulated GPUs.  Rank r
# gets device r % 2; ACC_DEVICE_NUM and acc_set_device_num win; a value
# that is not a rank stops the program naming the variable.
# Ends with "local-rank: N passed, N failed".
# Usage: tests/env/local-rank.sh [BUILD-DIR]
. "$(dirname "$0")/../../tests/setup.sh"
# Prints the device its kernel ran on; with a number, selects that device
# first; with "type", switches to the emulator from another device type;
# with "round", to the host and back to the emulator.
cat >"$tmp/p.c" <<'PROG'
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "round") == 0)
    acc_set_device_type(acc_device_host);
  if (argc > 1 && (!strcmp(argv[1], "type") || !strcmp(argv[1], "round")))
    acc_set_device_type(acc_device_emulator);
  else if (argc > 1)
    acc_set_device_num(atoi(argv[1]), acc_device_emulator);
  int a[64], s = 0;
  for (int i = 0; i < 64; i++) a[i] = i;
#pragma acc parallel loop reduction(+:s) copyin(a)
  for (int i = 0; i < 64; i++) s += a[i];
  printf("%d\n", s == 2016 ? acc_get_device_num(acc_device_emulator) : -1);
  return 0;
}
PROG
if ! gcc -O2 -fplugin="$BUILD/accgpu.so" -Iinclude "$tmp/p.c" -o "$tmp/p" \
     -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD" 2>"$tmp/cc.log"; then
  cat "$tmp/cc.log"; echo "local-rank: 0 passed, 1 failed"; exit 1
fi

# dev WANT [VAR=VALUE...] [-- ARG]: the program prints device WANT, quietly.
dev() {
  local want=$1 vars=() arg=()
  shift
  while [ $# -gt 0 ]; do
    [ "$1" = -- ] && { arg=("$2"); break; }
    vars+=("$1"); shift
  done
  env -u OMPI_COMM_WORLD_LOCAL_RANK -u MPI_LOCALRANKID -u SLURM_LOCALID \
    -u ACC_DEVICE_NUM ACC_DEVICE_TYPE=emulator ACCGPU_EMU_DEVICES=2 \
    "${vars[@]}" "$tmp/p" "${arg[@]}" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(cat "$tmp/out")" = "$want" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL  ${vars[*]} ${arg[*]}: want device $want: exit $rc: $(cat "$tmp/out") $(head -c 300 "$tmp/err")"
  fi
}
# bad VAR=VALUE: exit 1, one line naming the variable.
bad() {
  env -u ACC_DEVICE_NUM ACC_DEVICE_TYPE=emulator "$1" "$tmp/p" >/dev/null 2>"$tmp/err"
  local rc=$?
  if [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
     grep -q "^accgpu: error: ${1%%=*}=.*local MPI rank" "$tmp/err"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL  $1: exit $rc: $(head -c 300 "$tmp/err")"
  fi
}

dev 0
for v in OMPI_COMM_WORLD_LOCAL_RANK MPI_LOCALRANKID SLURM_LOCALID; do
  dev 0 "$v=0"; dev 1 "$v=1"; dev 0 "$v=2"; dev 1 "$v=7"
  dev 0 "$v=3" ACC_DEVICE_NUM=0   # the user's setting wins
  dev 0 "$v=1" -- 0                # so does acc_set_device_num
  for b in -1 x 1.5 ' 2' 2x 99999999999999999999; do bad "$v=$b"; done
done
dev 1 OMPI_COMM_WORLD_LOCAL_RANK=1 SLURM_LOCALID=0   # the launcher's own first
dev 0 OMPI_COMM_WORLD_LOCAL_RANK= SLURM_LOCALID=2    # empty: not set
# acc_set_device_type from the host picks the rank's device of the new type.
dev 1 ACC_DEVICE_TYPE=host OMPI_COMM_WORLD_LOCAL_RANK=3 -- type
dev 0 ACC_DEVICE_TYPE=host OMPI_COMM_WORLD_LOCAL_RANK=3 ACC_DEVICE_NUM=0 -- type
# ... and ACC_DEVICE_NUM's device when it is set, also after a switch to the
# host and back (device 0 before session 23).
dev 1 ACC_DEVICE_NUM=1 -- round
dev 1 OMPI_COMM_WORLD_LOCAL_RANK=2 ACC_DEVICE_NUM=1 -- round
dev 1 OMPI_COMM_WORLD_LOCAL_RANK=3 -- round
# With one device every rank shares it.
dev 0 OMPI_COMM_WORLD_LOCAL_RANK=3 ACCGPU_EMU_DEVICES=1
echo "local-rank: $passed passed, $failed failed"
[ $failed -eq 0 ]

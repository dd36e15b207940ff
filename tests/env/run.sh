#!/usr/bin/env bash
# The runtime's environment variables, table-driven: each bad value must
# stop a program with exit status 1 and one line naming the variable; good
# values must run it cleanly.  Ends with "env: N passed, N failed".
# Usage: tests/env/run.sh [BUILD-DIR]
. "$(dirname "$0")/../../tests/setup.sh"
cat >"$tmp/p.c" <<'PROG'
#include <stdio.h>
int main(void) {
  int a[256], s = 0;
  for (int i = 0; i < 256; i++) a[i] = i;
#pragma acc parallel loop reduction(+:s) copyin(a)
  for (int i = 0; i < 256; i++) s += a[i];
  printf("%d\n", s);
  return s != 32640;
}
PROG
if ! gcc -O2 -fplugin="$BUILD/accgpu.so" -Iinclude "$tmp/p.c" -o "$tmp/p" \
     -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD" 2>"$tmp/cc.log"; then
  cat "$tmp/cc.log"; echo "env: 0 passed, 1 failed"; exit 1
fi

# bad VAR=VALUE: exit 1, one line "accgpu: error: VAR=VALUE: ...".
bad() {
  env ACC_DEVICE_TYPE=emulator "$1" "$tmp/p" >/dev/null 2>"$tmp/err"
  local rc=$? var=${1%%=*}
  if [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
     grep -q "^accgpu: error: $var=" "$tmp/err"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL  $1: exit $rc: $(head -c 300 "$tmp/err")"
  fi
}
# good VAR=VALUE: runs, prints the sum, nothing on stderr.
good() {
  env ACC_DEVICE_TYPE=emulator "$1" "$tmp/p" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && grep -qx 32640 "$tmp/out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL  $1 (valid): exit $rc: $(head -c 300 "$tmp/err")"
  fi
}

for v in -1 abc 3x 1e3 100000 ' 1' 1.5; do bad "ACCGPU_EMU_DEVICES=$v"; done
for v in 0 -4 x 1000 9999999999999999999999; do bad "ACCGPU_EMU_THREADS=$v"; done
for v in 0 12Q -5G 1K 99999999999G; do bad "ACCGPU_EMU_MEMORY=$v"; done
for v in 12Q -1 1.5M 2T 99999999999G; do bad "ACCGPU_DEVICE_HEAP=$v"; done
for v in yes 2 on; do bad "ACCGPU_EMU_MEMCHECK=$v"; bad "ACCGPU_EMU_RACECHECK=$v"; done
for v in backwards random: random:x random:-1 Random; do bad "ACCGPU_EMU_SCHEDULE=$v"; done
for v in lazy 1 Deferred; do bad "ACCGPU_EMU_ASYNC=$v"; done
# The core's own variables (issue 11, item 9).
for v in gpu nvidia0 host,emulator; do bad "ACC_DEVICE_TYPE=$v"; done
for v in -1 abc ' 1' +1 1x 99 5; do bad "ACC_DEVICE_NUM=$v"; done
for v in yes 2 on -1; do bad "ACCGPU_TIME=$v"; done
for v in ACC_DEVICE_TYPE=EMULATOR ACC_DEVICE_NUM=0 ACCGPU_TIME=0; do good "$v"; done

# ACC_NUM_CORES on the multicore device: a number out of range stops the
# program as it starts (the device opens then), anything else at the first
# construct; one line naming the variable either way.
for v in 0 100000 -3 2x; do
  env ACC_DEVICE_TYPE=multicore ACC_NUM_CORES=$v "$tmp/p" >/dev/null 2>"$tmp/err"
  rc=$?
  if [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
     grep -q "^accgpu: error: .*ACC_NUM_CORES=$v is not a number of threads" "$tmp/err" &&
     ! grep -q "error: accgpu:" "$tmp/err"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL  ACC_NUM_CORES=$v: exit $rc: $(head -c 300 "$tmp/err")"
  fi
done

# No device of the type asked for: the error names the construct's line and
# the variable (on a machine with a GPU the program just runs).
env ACC_DEVICE_TYPE=nvidia "$tmp/p" >"$tmp/out" 2>"$tmp/err"; rc=$?
if { [ $rc -eq 0 ] && grep -qx 32640 "$tmp/out"; } ||
   { [ $rc -eq 1 ] && grep -qE '^accgpu: error: .*p\.c:5 \(parallel[a-z ]* in main\): .*no nvidia device is available \(ACC_DEVICE_TYPE=nvidia\)$' "$tmp/err"; }; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); echo "FAIL  ACC_DEVICE_TYPE=nvidia without a GPU: exit $rc: $(head -c 300 "$tmp/err")"
fi

for v in ACCGPU_EMU_DEVICES=1 ACCGPU_EMU_DEVICES=2 ACCGPU_EMU_THREADS=1 ACCGPU_EMU_THREADS=3 \
         ACCGPU_EMU_MEMORY=64M ACCGPU_EMU_MEMORY=2G ACCGPU_EMU_MEMCHECK=0 ACCGPU_EMU_MEMCHECK=1 \
         ACCGPU_EMU_RACECHECK=0 ACCGPU_EMU_RACECHECK=1 ACCGPU_EMU_SCHEDULE=inorder ACCGPU_EMU_SCHEDULE=lockstep \
         ACCGPU_EMU_SCHEDULE=reverse ACCGPU_EMU_SCHEDULE=random ACCGPU_EMU_SCHEDULE=random:123 \
         ACCGPU_EMU_ASYNC=deferred ACCGPU_EMU_ASYNC=eager \
         ACCGPU_DEVICE_HEAP=0 ACCGPU_DEVICE_HEAP=64K ACCGPU_DEVICE_HEAP=1G; do
  good "$v"
done
echo "env: $passed passed, $failed failed"
[ $failed -eq 0 ]

#!/usr/bin/env bash
# make test: the multicore image's loops execute no more instructions than
# the same loops compiled by GCC for the host fallback (ACC_DEVICE_TYPE=host,
# the loops as the user wrote them, as an OpenMP build's are): a CSR sparse
# product (NPB CG's) and a dot product, on one thread (ACC_NUM_CORES=1).
# The image used to compute an int index from the 64-bit iteration number
# at every step (a truncation GCC must keep), so each access sign-extended
# it: 8 instructions a nonzero against 7, 15 % more for NPB CG
# (docs/multicore.md, session 8).  Counts are valgrind's (cachegrind), the
# difference between 40 and 20 repetitions, so start-up and the image's
# loading cancel; each launch's own runtime path stays in (a few thousand
# instructions against ~0.8 M of loop work a repetition).
# Ends with "mc-code: N passed, N failed" (skipped without valgrind).
# Usage: benchmarks/multicore/test.sh [BUILD-DIR]
. "$(dirname "$0")/../../tests/setup.sh"
if ! command -v valgrind >/dev/null 2>&1; then
  echo "mc-code: no valgrind: skipped"; exit 0
fi
cat >"$tmp/k.c" <<'PROG'
#include <stdio.h>
#include <stdlib.h>
#define N 3000
#define W 16
static int rowstr[N + 1], colidx[N * W];
static double a[N * W], p[N], q[N];

static void spmv(void) {
#pragma acc parallel loop gang vector_length(32) \
    copyin(rowstr, colidx, a, p) copyout(q)
  for (int j = 0; j < N; j++) {
    double sum = 0.0;
#pragma acc loop vector reduction(+:sum)
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      sum += a[k] * p[colidx[k]];
    q[j] = sum;
  }
}

static double dot(void) {
  double s = 0.0;
#pragma acc parallel loop gang vector reduction(+:s) copyin(p, q)
  for (int j = 0; j < N; j++)
    s += p[j] * q[j];
  return s;
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 1;
  for (int j = 0; j <= N; j++)
    rowstr[j] = j * W;
  for (int k = 0; k < N * W; k++)
    colidx[k] = (k * 7919) % N, a[k] = 1.0 / (k + 1);
  for (int j = 0; j < N; j++)
    p[j] = j % 5;
  double s = 0;
  for (int r = 0; r < reps; r++) {
    spmv();
    s += dot();
  }
  printf("%g\n", s);
  return 0;
}
PROG
if ! gcc -O2 -fplugin="$BUILD/accgpu.so" -Iinclude "$tmp/k.c" -o "$tmp/k" \
     -L"$BUILD" -laccgpu -Wl,-rpath,"$BUILD" 2>"$tmp/err"; then
  echo "FAIL  compile: $(head -c 300 "$tmp/err")"; echo "mc-code: 0 passed, 1 failed"; exit 1
fi

# insns DEVICE REPS: instructions of a whole run (cachegrind's I refs).
insns() {
  ACC_DEVICE_TYPE=$1 ACC_NUM_CORES=1 valgrind --tool=cachegrind --cache-sim=no \
    --cachegrind-out-file=/dev/null "$tmp/k" "$2" 2>&1 >/dev/null |
    sed -nE 's/.*I *refs: *([0-9,]+).*/\1/p' | tr -d , | head -n 1
}
h20=$(insns host 20) h40=$(insns host 40)
m20=$(insns multicore 20) m40=$(insns multicore 40)
if [ -z "$h20" ] || [ -z "$h40" ] || [ -z "$m20" ] || [ -z "$m40" ]; then
  failed=$((failed + 1)); echo "FAIL  valgrind gave no count"
else
  ratio=$(awk -v h=$((h40 - h20)) -v m=$((m40 - m20)) 'BEGIN { printf "%.3f", m / h }')
  if awk -v r="$ratio" 'BEGIN { exit !(r <= 1.03) }'; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
  echo "$([ "$failed" = 0 ] && echo PASS || echo FAIL)  spmv + dot, 20 repetitions: multicore $((m40 - m20)) instructions, host $((h40 - h20)) (ratio $ratio, at most 1.03)"
fi
echo "mc-code: $passed passed, $failed failed"
[ $failed -eq 0 ]

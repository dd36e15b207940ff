/* ACCGPU_EMU_INITCHECK=1: an atomic update reads the value it updates.  A
 * histogram made with `create(hist)` and `atomic update hist[b]++` never
 * clears its bins on the device: each count starts from whatever the
 * allocation held (on the emulator -1).  An atomic write first (the bins
 * of the second histogram, cleared by a kernel) and an atomic capture of
 * written bins pass; the update of the never-written bins stops the
 * kernel naming the variable (before, atomics counted only as writes). */
/* accgpu-test: env ACCGPU_EMU_INITCHECK=1 */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*initcheck_atomic_update\.c:43 */
/* accgpu-expect-stderr: initcheck: read of 4 bytes at 0x[0-9a-f]+ by kernel .* \(parallel at .*initcheck_atomic_update\.c:43 in main\), block \([0-9]+,0,0\), thread \([0-9]+,0,0\): nothing wrote these bytes on the device .* 'hist' */
#include <stdio.h>

#define N 256
#define B 8

int main(void) {
  static int key[N], hist[B], ok[B], first[N];
  int want[B] = {0};
  for (int i = 0; i < N; i++) {
    key[i] = (i * 7) % B;
    want[key[i]]++;
  }
#pragma acc data copyin(key) create(hist, ok, first)
  {
#pragma acc parallel loop
    for (int b = 0; b < B; b++) {
#pragma acc atomic write
      ok[b] = 0; /* written before anything reads it: fine */
    }
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
      int old;
#pragma acc atomic capture
      old = ok[key[i]]++;
      first[i] = old == 0;
    }
#pragma acc update self(ok)
    int good = 1;
    for (int b = 0; b < B; b++)
      good &= ok[b] == want[b];
    printf("cleared bins %s\n", good ? "match" : "DIFFER");
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
#pragma acc atomic update
      hist[key[i]]++; /* the bins were never cleared on the device */
    }
#pragma acc update self(hist)
  }
  printf("%d\n", hist[0]);
  return 0;
}

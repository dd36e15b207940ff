/* accgpu-test: emulator-only */
/* An atomic on a thread's local memory faults on a GPU ("unspecified
 * launch failure"; found on an H200): a routine that updates *c atomically,
 * called with the address of the caller's local.  The emulator ran it
 * (each fiber's stack is ordinary memory); it now stops the kernel naming
 * the kernel, construct and thread. */
/* accgpu-expect-stderr: accgpu: error: .*atomic_local_memory\.c:19 */
/* accgpu-expect-stderr: atomic check: atomic of 4 bytes at 0x[0-9a-f]+ by kernel __accgpu_k_main_19_0 \(parallel at .*atomic_local_memory\.c:19 in main\), block \(0,0,0\), thread \(0,0,0\): atomic on a thread's local memory \(a GPU faults: .*the thread's own stack */
#include <stdio.h>

#pragma acc routine seq
static void inc(int *c) {
#pragma acc atomic update
  (*c)++;
}

int main(void) {
  int out[64], bad = 0;
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < 64; i++) {
    int cnt = i;
    inc(&cnt);
    out[i] = cnt;
  }
  for (int i = 0; i < 64; i++)
    bad += out[i] != i + 1;
  printf("%d wrong\n", bad);
  return bad != 0;
}

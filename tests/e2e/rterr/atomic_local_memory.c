/* accgpu-test: emulator-only */
/* An atomic on a thread's local memory faults on a GPU ("unspecified
 * launch failure"; found on an H200).  The emulator ran such code (each
 * fiber's stack is ordinary memory); it now stops the kernel naming the
 * kernel, construct and thread.  The compiler makes atomics through
 * pointers in seq routines and kernels choose at run time
 * (atomic_routine_pointer.c); not yet a gang-redundant atomic in a worker
 * routine, which one thread does for the gang: here on the address of its
 * caller's local. */
/* accgpu-expect-stderr: accgpu: error: .*atomic_local_memory\.c:23 */
/* accgpu-expect-stderr: atomic check: atomic of 4 bytes at 0x[0-9a-f]+ by kernel __accgpu_k_main_23_0 \(parallel at .*atomic_local_memory\.c:23 in main\), block \([0-9]+,0,0\), thread \(0,0,0\): atomic on a thread's local memory \(a GPU faults: .*the thread's own stack */
#include <stdio.h>

#pragma acc routine worker
static void inc(int *c) {
#pragma acc atomic update
  (*c)++;
}

int main(void) {
  static int out[64];
  int bad = 0;
#pragma acc parallel loop gang num_workers(4) vector_length(32) copyout(out)
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

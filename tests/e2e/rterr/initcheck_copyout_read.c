/* ACCGPU_EMU_INITCHECK=1: a kernel reads device memory that nothing wrote
 * since it was allocated.  PolyBench-ACC's 2mm maps D with copyout and
 * then computes D[i][j] *= beta on the device: the values are whatever
 * the allocation held (on the emulator NaNs, every element wrong, with
 * no word).  initcheck stops the kernel naming the variable; the copyin
 * array, the written part of a create'd array and one set by acc_memcpy_to_device pass. */
/* accgpu-test: env ACCGPU_EMU_INITCHECK=1 */
/* accgpu-test: emulator-only */
/* accgpu-expect-stderr: accgpu: error: .*initcheck_copyout_read\.c:29 */
/* accgpu-expect-stderr: initcheck: read of 8 bytes at 0x[0-9a-f]+ by kernel .* \(parallel at .*initcheck_copyout_read\.c:29 in main\), block \([0-9]+,0,0\), thread \([0-9]+,0,0\): nothing wrote these bytes on the device .* 'D' */
#include <stdio.h>
#include <openacc.h>

#define N 64

int main(void) {
  static double A[N], D[N], T[N], Z[N];
#pragma acc data copyin(A) create(T) copyout(D, Z)
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      T[i] = A[i] + 1; /* written before it is read: fine */
    static double zeros[N];
    acc_memcpy_to_device(acc_deviceptr(Z), zeros, sizeof Z);
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      Z[i] += T[i]; /* copied to first: fine */
    printf("first kernels passed\n");
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      D[i] *= 0.5; /* copyout: never written on the device */
  }
  printf("%g\n", D[0]);
  return 0;
}

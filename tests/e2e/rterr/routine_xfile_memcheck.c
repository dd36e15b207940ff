/* The emulator's memcheck sees the accesses of a routine of another file
 * (its image is instrumented like this file's): xf_fill
 * (tests/e2e/units/xfile_store.c) writes one element past the mapped
 * section. */
/* accgpu-test: units xfile_store.c */
/* accgpu-expect-stderr: memcheck: invalid write of 8 bytes at 0x[0-9a-f]+ by kernel __accgpu_k_main_16_0 .*past the end of a device allocation: 'y\[0:16\]' \(128 bytes, device \[[^)]*\), host 0x[0-9a-f]+\), at byte 128 */
#include <stdio.h>
#include <stdlib.h>

#pragma acc routine seq
void xf_fill(double *y, int n);

int main(void)
{
  double *y = malloc(16 * sizeof *y);
#pragma acc serial copyout(y[0:16])
  xf_fill(y, 16);
  printf("%g\n", y[3]);
  free(y);
  return 0;
}
/* Memcheck is the emulator's: a GPU does not report the access. */
/* accgpu-test: emulator-only */

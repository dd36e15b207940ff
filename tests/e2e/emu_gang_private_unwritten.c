/* emu_gang_private_unwritten.c — a gang-private array (`private(cnt)` on a
 * gang loop, in the block's shared memory) that the kernel reads and never
 * writes holds what shared memory held, as on a GPU: 0xff bytes on the
 * emulator under memcheck.  Before session 23 gcc took the emulator's
 * `static __thread` array, never stored to in the module, for zero and
 * folded the loads, so a program assuming a zeroed private array verified
 * here under every check.  Invalid on purpose; only the emulator's values
 * are checked. */
/* accgpu-test: emulator-only */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define G 4
#define M 64

int main(void)
{
  int cnt[M], out[G * M];
#pragma acc parallel loop gang private(cnt) copyout(out) vector_length(32)
  for (int g = 0; g < G; g++) {
#pragma acc loop vector
    for (int i = 0; i < M; i++)
      out[g * M + i] = cnt[i] + g; /* cnt never written */
  }
  if (acc_get_device_type() == acc_device_emulator)
    for (int k = 0; k < G * M; k++)
      CHECK_INT("unwritten gang-private element", out[k], -1 + k / M);
  return e2e_done();
}

/* emu_private_poisoned.c — on the emulated GPU a private variable, a
 * private array and a routine's local start as 0xfe bytes, as a GPU's
 * registers and local memory hold what the last kernel left: a private
 * read before it is written (a forgotten firstprivate) must not come out
 * as a lucky 0.  Before session 23 the fibers' fresh stacks gave 0, and a
 * `private(s)` sum that never set s to 0 verified on the emulator.  The
 * program reads the uninitialized values on purpose; on the host, the
 * multicore device and a GPU they are unspecified, so only the emulator's
 * values are checked. */
/* accgpu-test: emulator-only */
/* accgpu-test: accgpu-only */
#include <stdint.h>
#include <string.h>

#include "e2e.h"

#define N 64

/* A routine's local array read before written. */
#pragma acc routine seq
static int64_t first_of_scratch(int i)
{
  int64_t scratch[4];
  scratch[i % 2] = i;
  return scratch[3];
}

int main(void)
{
  int n = N, k;
  double s, t[4], out_s[N], out_t[N];
  int out_k[N];
  int64_t out_r[N];
#pragma acc parallel loop private(s, t, k) copyout(out_s[0:n], out_t[0:n], \
                                                  out_k[0:n], out_r[0:n])
  for (int i = 0; i < n; i++) {
    out_s[i] = s;             /* never written */
    t[0] = i;
    out_t[i] = t[(i % 3) + 1]; /* elements 1..3 never written */
    out_k[i] = k;
    out_r[i] = first_of_scratch(i);
  }
  if (acc_get_device_type() == acc_device_emulator) {
    double dpat;
    int64_t lpat;
    memset(&dpat, 0xfe, sizeof dpat);
    memset(&lpat, 0xfe, sizeof lpat);
    for (int i = 0; i < n; i++) {
      CHECK_INT("private int k", out_k[i], -16843010); /* 0xfefefefe */
      CHECK_INT("routine local", out_r[i] == lpat, 1);
      CHECK_INT("private double s", memcmp(&out_s[i], &dpat, 8), 0);
      CHECK_INT("private array t", memcmp(&out_t[i], &dpat, 8), 0);
    }
  }
  return e2e_done();
}

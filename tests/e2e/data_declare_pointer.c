/* data_declare_pointer.c — global pointers with `declare create` used in
 * compute constructs without data clauses. As for scalars
 * (data_declare_scalar.c) the regions use the pointer's device copy: a
 * pointer one kernel stores (a block from the device heap, an address
 * computed on the device) is what later kernels read; the attach actions
 * of `enter data copyin(p[0:n])` and of a data construct's `copy(q[0:n])`
 * point it at the device copy of the data; `kernels` as `parallel`. Before, the kernels got the
 * host's pointer by value, translated: the stores were lost (0 read back
 * on the emulator and multicore). Against serial code. */
/* accgpu-test: accgpu-only */
#include "e2e.h"
#include <stdlib.h>

#define N 500
static double *gx, *gy;
static int *gblock;
static long *gmark;
#pragma acc declare create(gx, gy, gblock, gmark)

static void init(void)
{
  gx = malloc(N * sizeof *gx);
  gy = malloc(N * sizeof *gy);
  for (int i = 0; i < N; i++) {
    gx[i] = i;
    gy[i] = 2.0 * i;
  }
#pragma acc enter data copyin(gx[0:N])
}

int main(void)
{
  init();
  /* the attach of enter data: the kernels reach gx's device copy */
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    gx[i] += 1;
  /* a data construct's section of gy, used without a clause inside */
#pragma acc data copy(gy[0:N])
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      gy[i] = gy[i] * 2 + gx[i];
#pragma acc kernels loop
    for (int i = 0; i < N; i++)
      gy[i] += 1;
  }
#pragma acc exit data copyout(gx[0:N])
  for (int i = 0; i < N; i++) {
    CHECK_REAL("gx after entered data", gx[i], i + 1.0, 0);
    CHECK_REAL("gy after the data construct", gy[i], 5.0 * i + 2, 0);
  }

  /* a pointer a kernel stores: a device-heap block, then a marker value */
  long seen = -1, sum = -1;
#pragma acc serial
  {
    gblock = (int *)malloc(N * sizeof(int));
    gmark = (long *)16;
  }
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    gblock[i] = 3 * i;
#pragma acc serial copyout(seen, sum)
  {
    seen = (long)gmark;
    sum = 0;
    for (int i = 0; i < N; i++)
      sum += gblock[i];
    free(gblock);
  }
  CHECK_INT("pointer stored by a kernel", seen, 16);
  /* the same through `kernels` (GCC maps the pointer tofrom there) */
  long kseen = -1;
#pragma acc kernels
  gmark = (long *)32;
#pragma acc kernels copyout(kseen)
  kseen = (long)gmark;
  CHECK_INT("pointer stored by a kernels region", kseen, 32);
  CHECK_INT("heap block kept in a declared pointer", sum,
            3L * N * (N - 1) / 2);
  free(gx);
  free(gy);
  return e2e_done();
}

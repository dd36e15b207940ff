/* compute_size_args.c — gang(num:), worker(n), vector(n) on loops size the
 * launch like num_gangs/num_workers/vector_length.  OpenACC 3.3 §2.9.2-2.9.4
 * allow these arguments only on loops in kernels constructs (in parallel,
 * serial and routines they are GCC's error "argument not permitted on 'gang'
 * clause": tests/e2e/diag/loop_args_outside_kernels.c), so the loops are in
 * kernels regions: a region of its own, a combined construct, and a region
 * whose num_gangs clause wins over the loop's argument.  Results must equal
 * serial (the launch sizes themselves are no observable result there: code
 * outside the loops of a kernels region does not run once per gang). */
#include "e2e.h"

#define N 1000

int main(void) {
  static float a[N], b[N], ra[N];
  const int g = 5;
  int v = 64;
  for (int i = 0; i < N; i++)
    b[i] = (float)(i % 13);
#pragma acc kernels copyin(b) copyout(a)
  {
#pragma acc loop independent gang(num:g) worker(2) vector(64)
    for (int i = 0; i < N; i++)
      a[i] = b[i] * 3.0f + 1.0f;
  }
  for (int i = 0; i < N; i++)
    ra[i] = b[i] * 3.0f + 1.0f;
  for (int i = 0; i < N; i++)
    CHECK_REAL("a", a[i], ra[i], 0.0);
#pragma acc kernels loop independent gang(num:7) vector(v) copyin(b) copyout(a)
  for (int i = 0; i < N; i++)
    a[i] = b[i] + 4.0f;
  for (int i = 0; i < N; i++)
    CHECK_REAL("a combined", a[i], b[i] + 4.0f, 0.0);
  /* the construct's clause wins over the loop's argument */
#pragma acc kernels copyin(b) copyout(a) num_gangs(3)
  {
#pragma acc loop independent gang(num:7) vector(32)
    for (int i = 0; i < N; i++)
      a[i] = b[i] - 2.0f;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("a2", a[i], b[i] - 2.0f, 0.0);
  return e2e_done();
}

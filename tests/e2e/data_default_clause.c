/* data_default_clause.c — `default(present)` on a data construct (OpenACC
 * 2.7, §2.6.2), which GCC 12's parser refuses: the compute constructs it
 * lexically contains without a default clause of their own treat the
 * arrays they use as present (plugin/data-default.cc).  Here the arrays
 * were entered earlier, changed on the device by the regions and read
 * back once at the end; a construct with its own default keeps it, and a
 * nested data construct's clauses still map what it names (the absent
 * case: rterr/data_default_absent.c, diag/data_default_none.c).  Against
 * serial loops. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

enum { N = 1000 };
static double a[N], b[N], c[N];

int main(void)
{
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 2 * i;
  }
#pragma acc enter data copyin(a, b)
#pragma acc data default(present)
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      a[i] += b[i];
#pragma acc kernels
    for (int i = 0; i < N; i++)
      b[i] = a[i] * 2;
#pragma acc data copyout(c)
    {
#pragma acc parallel loop default(none) present(a, b, c)
      for (int i = 0; i < N; i++)
        c[i] = a[i] - b[i];
    }
  }
#pragma acc exit data copyout(a, b)
  for (int i = 0; i < N; i++) {
    CHECK_REAL("a", a[i], 3.0 * i, 0);
    CHECK_REAL("b", b[i], 6.0 * i, 0);
    CHECK_REAL("c", c[i], -3.0 * i, 0);
  }
  return e2e_done();
}

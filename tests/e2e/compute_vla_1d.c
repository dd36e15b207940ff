/* compute_vla_1d.c — one-dimensional variable-length arrays in compute
 * regions: implicit copy, explicit copy/copyin/copyout (whole array and
 * a section), inside a data region with present, a kernels region, and
 * declare copy.
 * Every result is checked against a serial loop on the host. */
#include <stdlib.h>

#include "e2e.h"

static void run(int n)
{
  double a[n], b[n], c[n], d[n];
  for (int i = 0; i < n; i++) {
    a[i] = i * 0.25;
    b[i] = 3 - i;
    c[i] = -1;
    d[i] = 7;
  }

  /* implicit copy: read a and b, write c */
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    c[i] = a[i] * b[i];
  for (int i = 0; i < n; i++)
    CHECK_REAL("implicit c", c[i], (i * 0.25) * (3 - i), 0);

  /* explicit clauses: copyin a, copyout b, copy c (a section of d) */
#pragma acc parallel loop copyin(a) copyout(b) copy(c, d[1:n - 2])
  for (int i = 1; i < n - 1; i++) {
    b[i] = a[i] + 1;
    c[i] += a[i - 1];
    d[i] *= 2;
  }
  for (int i = 1; i < n - 1; i++) {
    CHECK_REAL("copyout b", b[i], i * 0.25 + 1, 0);
    CHECK_REAL("copy c", c[i], (i * 0.25) * (3 - i) + (i - 1) * 0.25, 0);
    CHECK_REAL("copy d section", d[i], 14, 0);
  }
  CHECK_REAL("d[0] untouched", d[0], 7, 0);

  /* data region: two kernels on the device copy, present in the second */
  for (int i = 0; i < n; i++)
    c[i] = i;
#pragma acc data copy(c) copyin(a)
  {
#pragma acc parallel loop present(c, a)
    for (int i = 0; i < n; i++)
      c[i] += a[i];
#pragma acc kernels loop present(c)
    for (int i = 0; i < n; i++)
      c[i] *= 2;
    if (e2e_separate_memory())
      CHECK_REAL("host copy not yet updated", c[n - 1], n - 1, 0);
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("data region c", c[i], 2 * (i + i * 0.25), 0);

  /* reduction over a VLA */
  double s = 0, want = 0;
#pragma acc parallel loop reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += a[i];
  for (int i = 0; i < n; i++)
    want += a[i];
  CHECK_REAL("sum", s, want, 1e-12);
}

/* declare copy of a VLA: the regions find it present */
static void declared(int n)
{
  double a[n];
#pragma acc declare copy(a)
#pragma acc parallel loop present(a)
  for (int i = 0; i < n; i++)
    a[i] = i * 2;
  double s = 0;
#pragma acc parallel loop reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += a[i] * a[i];
  CHECK_REAL("declare sum", s, 4.0 * (n - 1) * n * (2 * n - 1) / 6, 1e-12);
  if (e2e_separate_memory())
    return; /* the host copy is updated when the scope ends */
  CHECK_REAL("declare a", a[n - 1], 2 * (n - 1), 0);
}

int main(void)
{
  declared(10);
  declared(777);
  run(5);
  run(300);
  run(1031);
  return e2e_done();
}

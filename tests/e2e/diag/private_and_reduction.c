/* One variable in a private (or firstprivate) and a reduction clause of one
   construct (plugin/clause-conflicts.cc; flang's checks refuse it too):
   GCC 12 took it silently and its host fallback reduced where accgpu's
   kernels kept the private copy. */
/* accgpu-expect: error: 11: .s. appears in both .private. and .reduction. clauses of one construct */
/* accgpu-expect: error: 14: .t. appears in both .firstprivate. and .reduction. clauses of one construct */
/* accgpu-expect: error: 14: invalid private reduction on .t. */
/* accgpu-test: accgpu-only */
int f(const int *a, int n) {
  int s = 0, t = 1;
#pragma acc parallel loop private(s) reduction(+:s) copyin(a[0:n])
  for (int i = 0; i < n; i++)
    s += a[i];
#pragma acc parallel firstprivate(t) reduction(*:t) copyin(a[0:n])
  {
#pragma acc loop reduction(*:t)
    for (int i = 0; i < n; i++)
      t *= a[i];
  }
  return s + t;
}

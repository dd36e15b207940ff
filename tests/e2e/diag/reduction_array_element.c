/* reductions on array elements and sections that accgpu does not reduce:
   GCC 12's gimplifier crashes on them; the plugin stops first with a
   "sorry" at the clause, once per clause.  (An element at a run-time index
   is reduced: tests/e2e/reduction_element_index.c.) */
/* accgpu-expect: sorry: 13: reduction on an array section whose start */
/* accgpu-expect: sorry: 18: reduction on an array section whose start */
/* accgpu-expect: sorry: 23: reduction on an array section whose start */
/* accgpu-test: accgpu-only */
int f(int n, const double *a, const int *ix) {
  int errors[10] = {0};
  for (int x = 0; x < 9; x++) {
    /* a section of run-time bounds */
#pragma acc parallel loop reduction(+:errors[x:2]) copyin(a[0:n])
    for (int i = 0; i < n; i++)
      errors[x] += a[i] > x;
#pragma acc parallel copyin(a[0:n], ix[0:n])
    { /* a loop's element whose index reads device memory */
#pragma acc loop reduction(max:errors[ix[x]])
      for (int i = 0; i < n; i++)
        errors[ix[x]] = a[i] > errors[ix[x]] ? a[i] : errors[ix[x]];
      /* ... or whose index the region sets */
      int k = x + 1;
#pragma acc loop reduction(+:errors[k])
      for (int i = 0; i < n; i++)
        errors[k] += 1;
    }
  }
  return errors[0];
}

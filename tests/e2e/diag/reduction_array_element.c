/* reduction on an array element: GCC 12's gimplifier crashes on it; the
   plugin stops first with a "sorry" at the clause, once per clause. */
/* accgpu-expect: sorry: 9: reduction on an array element */
/* accgpu-expect: sorry: 12: reduction on an array element */
/* accgpu-test: accgpu-only */
int f(int n, const double *a) {
  int errors[10] = {0};
  for (int x = 0; x < 10; x++) {
#pragma acc parallel loop reduction(+:errors[x]) copyin(a[0:n])
    for (int i = 0; i < n; i++)
      errors[x] += a[i] > x;
#pragma acc kernels loop reduction(max:errors[x:1])
    for (int i = 0; i < n; i++)
      errors[x] = a[i] > errors[x] ? a[i] : errors[x];
  }
  return errors[0];
}

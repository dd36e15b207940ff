/* A reduction on a long double variable is one on a double stored back
   after the construct (docs/reductions.md, "long double"): with async the
   store would come before the construct ends, so it is refused. */
/* accgpu-expect: sorry: 8: long double.*variable .s. with .async */
/* accgpu-test: accgpu-only */
long double f(int n, const long double *a) {
  long double s = 0;
#pragma acc parallel loop reduction(+:s) async(1) copyin(a[0:n])
  for (int i = 0; i < n; i++)
    s += a[i];
#pragma acc wait(1)
  return s;
}

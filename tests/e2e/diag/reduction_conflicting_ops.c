/* A loop reduction whose nearest enclosing reduction on the same variable
 * (an acc loop around it in the same construct) has another operator: GCC 12
 * warns "conflicting reduction operations for 's'" in omp-low.cc, a pass
 * accgpu replaces (plugin/passes/loop-clause-checks.cc gives it, at the inner
 * clause, with a note at the other).  The result is unspecified (it differed
 * between devices); the test makes the warning an error with -Werror. */
/* accgpu-test: cflags -Werror */
/* accgpu-expect: error: 17: conflicting reduction operations for .s. */
/* accgpu-expect: error: 27: conflicting reduction operations for .m. */
/* accgpu-expect: error: 32: conflicting reduction operations for .t. */
/* accgpu-expect: error: 40: conflicting reduction operations for .p. */
int f(int n, const int *a) {
  int s = 0, m = 0, t = 0, p = 1, q = 0;
#pragma acc parallel loop gang reduction(+:s) copyin(a[0:n * n])
  for (int i = 0; i < n; i++) {
    int x = a[i];
#pragma acc loop vector reduction(max:s)
    for (int j = 0; j < n; j++)
      if (a[i * n + j] > s) s = a[i * n + j] + x;
  }
#pragma acc parallel copyin(a[0:n * n])
  {
#pragma acc loop gang reduction(+:m) reduction(+:t)
    for (int i = 0; i < n; i++) {
      /* each is checked against the nearest: m min against +, t max against
         the worker loop's + (noted there, not at the gang loop) */
#pragma acc loop worker reduction(min:m) reduction(+:t)
      for (int j = 0; j < n; j++) {
        int y = a[i * n + j];
        m = m < y ? m : y;
        t += y;
#pragma acc loop vector reduction(max:t)
        for (int k = 0; k < n; k++)
          t = t > k ? t : k;
      }
    }
  }
#pragma acc kernels loop gang reduction(*:p) reduction(+:q) copyin(a[0:n])
  for (int i = 0; i < n; i++)
#pragma acc loop vector reduction(+:p) reduction(+:q)
    for (int j = 0; j < n; j++) {
      p += a[j];
      q += a[j];
    }
  return s + m + t + p + q;
}

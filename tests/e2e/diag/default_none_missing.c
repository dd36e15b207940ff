/* default(none) and a variable without a data clause: the error names it. */
/* accgpu-expect: error: 7: k.*not specified|k.*default|default.*k */
void f(int n, float *a) {
  int k = 3;
#pragma acc parallel loop default(none) copy(a[0:n]) firstprivate(n)
  for (int i = 0; i < n; i++)
    a[i] = k;
}

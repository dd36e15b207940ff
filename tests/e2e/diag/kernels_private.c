/* private on a kernels construct (accepted: tests/e2e/kernels_private.c,
 * parameters and sections of arrays too) of a section of a pointer is a
 * sorry at the item, on the directive's continuation line where the
 * clause is written. */
/* accgpu-expect: sorry: 11: .private. of a section of pointer .tmp. */
void f(int n, double *a, double *tmp) {
#pragma acc kernels copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc kernels copy(a[0:n]) \
    private(tmp[0:4])
  {
#pragma acc loop independent
    for (int i = 0; i < n; i++) {
      tmp[0] = a[i] * 2;
      a[i] = tmp[0] + 1;
    }
  }
}

/* private on a kernels construct (accepted: tests/e2e/kernels_private.c)
 * takes variables, as private does everywhere: an array section is an
 * error at the clause, on the directive's continuation line where the
 * clause is written. */
/* accgpu-expect: error: 11: .private. on .kernels. takes variables */
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

/* private on a kernels construct: not a clause of kernels in OpenACC 3.3
 * (§2.5.3; it is one of parallel, serial and loop), and GCC 12's parser
 * rejects it.  accgpu keeps the error (docs/conformance.md, "private on
 * kernels"): it must be at the clause, on the directive's continuation
 * line where the clause is written, and name the clause and directive. */
/* accgpu-expect: error: 13: .private. is not valid for .#pragma acc kernels. */
void f(int n, double *a) {
  double t;
#pragma acc kernels copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc kernels copy(a[0:n]) \
    private(t)
  {
#pragma acc loop independent
    for (int i = 0; i < n; i++) {
      t = a[i] * 2;
      a[i] = t + 1;
    }
  }
}

/* private on a kernels construct (accepted: tests/e2e/kernels_private.c,
 * parameters and sections of arrays too; sections of pointers:
 * tests/e2e/private_pointer_section.c) of a struct member is an error at
 * the clause, on the directive's continuation line where it is written. */
/* accgpu-expect: error: 13: .private. on .kernels. takes variables */
struct S { double x; };
void f(int n, double *a) {
  struct S s;
#pragma acc kernels copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc kernels copy(a[0:n]) \
    private(s.x)
  {
#pragma acc loop independent
    for (int i = 0; i < n; i++) {
      s.x = a[i] * 2;
      a[i] = s.x + 1;
    }
  }
}

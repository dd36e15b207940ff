/* private(p[0:n]) of a pointer would need a new array of n elements for
 * each copy: a sorry at the item, naming the pointer (an array variable's
 * section is accepted: tests/e2e/loop_private_section.c). */
/* accgpu-expect: sorry: 11: .private. of a section of pointer .scratch. */
/* accgpu-expect: sorry: 16: .firstprivate. of a section of pointer .w. */
void f(int n, double *a, double *scratch, double *w)
{
  double ok[4];
#pragma acc parallel loop copy(a[0:n]) private(ok[0:4]) \
    private(                                               \
            scratch[0:4])
  for (int i = 0; i < n; i++) {
    scratch[0] = a[i] * 2;
    a[i] = scratch[0] + 1 + ok[0] * 0;
  }
#pragma acc parallel loop copy(a[0:n]) firstprivate(w[0:2])
  for (int i = 0; i < n; i++)
    a[i] += w[0];
}

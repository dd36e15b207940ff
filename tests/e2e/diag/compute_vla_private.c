/* Variable-length arrays that would need a run-time sized copy on the
 * device that accgpu does not make (firstprivate, or declared inside the
 * region) are a "sorry" that names the array, at the clause or the
 * declaration.  (`private(a)` of a VLA works since session 14:
 * tests/e2e/private_vla.c.) */
/* accgpu-expect: sorry: 13: variable-length array declared inside.*: .t.$ */
/* accgpu-expect: sorry: 25: firstprivate.*of variable size */

void inside(int n, int m, double *o)
{
#pragma acc parallel loop copyout(o[0:n])
  for (int i = 0; i < n; i++) {
    double t[m];
    for (int j = 0; j < m; j++)
      t[j] = j;
    o[i] = t[m - 1];
  }
}

void first(int n, double *o)
{
  double b[n];
  for (int i = 0; i < n; i++)
    b[i] = i;
#pragma acc parallel loop firstprivate(b) copyout(o[0:n])
  for (int i = 0; i < n; i++)
    o[i] = b[i];
}

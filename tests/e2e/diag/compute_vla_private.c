/* A variable-length array declared inside the region would need a
 * run-time sized copy on the device that accgpu does not make: a "sorry"
 * that names the array at its declaration.  (`private(a)` and
 * `firstprivate(a)` of a VLA declared before the construct work since
 * session 14: tests/e2e/private_vla.c.) */
/* accgpu-expect: sorry: 12: variable-length array declared inside.*: .t.$ */

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

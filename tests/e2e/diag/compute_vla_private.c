/* Variable-length arrays that would need a run-time sized copy on the
 * device (private, firstprivate, or declared inside the region) are a
 * "sorry" that names the array, at the clause or the declaration. */
/* accgpu-expect: sorry: 14: private copy of a variable-length array: .a.$ */
/* accgpu-expect: sorry: 25: variable-length array declared inside.*: .t.$ */
/* accgpu-expect: sorry: 35: firstprivate.*of variable size */
/* accgpu-expect: sorry: 43: private copy of a variable-length array: .c.$ */

void loop_private(int n, double *o)
{
  double a[n];
  for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma acc parallel loop private(a) copyout(o[0:n])
  for (int i = 0; i < n; i++) {
    a[i] = i;
    o[i] = a[i];
  }
}

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
#pragma acc parallel loop firstprivate(b) copyout(o[0:n])
  for (int i = 0; i < n; i++)
    o[i] = b[i];
}

void construct_private(int n, double *o)
{
  double c[n];
#pragma acc parallel private(c) copyout(o[0:n])
  {
#pragma acc loop
    for (int i = 0; i < n; i++) {
      c[i] = i;
      o[i] = c[i];
    }
  }
}

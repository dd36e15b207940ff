/* The ROSE compiler's dimensions in brackets (real6_rose_dims.c) take the
 * literals 0, 1 and 2: another value is an error at the clause naming
 * the form, not GCC's "expected '(' before '[' token". */
/* accgpu-expect: error: 9: .gang\[.: a dimension in brackets must be 0, 1 or 2 */
void f(double *a, int n)
{
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
#pragma acc loop gang[3]
    for (int j = 0; j < n; j++)
      a[j] += i;
}

/* A compute region calls a function that has no body in this file and no
 * routine directive: it cannot be compiled for the device.  The error names
 * the function and says a routine directive is needed. */
/* accgpu-expect: error: 10: helper_undeclared.*routine|routine.*helper_und */
int helper_undeclared(int);

void f(int n, int *a) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = helper_undeclared(i);
}

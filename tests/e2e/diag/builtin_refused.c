/* Calls a compute region may not make stay errors at the call naming the
 * function: library functions the device lacks (strlen, malloc, fprintf),
 * builtins CUDA has no counterpart for (__builtin_clrsb), long double math,
 * and printf with a format that is not a string literal (device printf
 * needs the literal). */
/* accgpu-expect: sorry: 20: cannot be called on the device.*strlen */
/* accgpu-expect: sorry: 23: cannot be called on the device.*malloc */
/* accgpu-expect: sorry: 28: long double */
/* accgpu-expect: sorry: 31: string literal.*printf */
/* accgpu-expect: sorry: 34: cannot be called on the device.*__builtin_clrsb */
/* accgpu-expect: sorry: 37: cannot be called on the device.*fprintf */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
void f(char *s, long double *x, int *a, int n, const char *fmt)
{
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = (int)strlen(s);
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++) {
    int *p = malloc(4);
    a[i] = p != 0;
  }
#pragma acc parallel loop copy(a[0:n], x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = sinl(x[i]);
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    printf(fmt, i);
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = __builtin_clrsb(a[i]);
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    fprintf(stderr, "%d\n", i);
}

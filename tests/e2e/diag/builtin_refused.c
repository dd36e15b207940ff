/* Calls a compute region may not make stay errors at the call naming the
 * function: library functions the device lacks (strlen, realloc, fprintf),
 * builtins CUDA has no counterpart for (__builtin_clrsb), modfl (sinl works),
 * and printf with a format that is not a string literal (device printf
 * needs the literal); wide string literals (narrow ones work). */
/* accgpu-expect: sorry: 21: cannot be called on the device.*strlen */
/* accgpu-expect: sorry: 24: cannot be called on the device.*realloc */
/* accgpu-expect: sorry: 29: cannot be called on the device.*modfl */
/* accgpu-expect: sorry: 32: string literal.*printf */
/* accgpu-expect: sorry: 35: cannot be called on the device.*__builtin_clrsb */
/* accgpu-expect: sorry: 38: cannot be called on the device.*fprintf */
/* accgpu-expect: sorry: 44: wide string literals */
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
    int *p = realloc(0, 4);
    a[i] = p != 0;
  }
#pragma acc parallel loop copy(a[0:n], x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = modfl(x[i], &x[(i + 1) % n]);
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
void g(int *a, int n)
{
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = L"wide"[i % 4];
}

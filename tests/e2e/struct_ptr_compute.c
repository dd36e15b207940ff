/* struct_ptr_compute.c — a struct and its pointer member's section on the
 * compute construct itself: `parallel loop copyin(s) copy(s.a[0:s.n])`
 * (GCC 12's front end rejects the struct appearing twice), the same on
 * kernels and through a struct pointer, and `present(s)` in a data region
 * that mapped s and s.a. Against serial loops. */
#include "e2e.h"
#include <stdlib.h>

typedef struct {
  int n;
  double *a;
  double *b;
  double w;
} field;

int main(void)
{
  enum { N = 300 };
  field s = {N, malloc(N * sizeof(double)), malloc(N * sizeof(double)), 3};
  for (int i = 0; i < N; i++)
    s.a[i] = i, s.b[i] = 2 * i;

#pragma acc parallel loop copyin(s) copy(s.a[0:s.n])
  for (int i = 0; i < s.n; i++)
    s.a[i] = s.w * s.a[i];
  for (int i = 0; i < N; i++)
    CHECK_REAL("parallel loop copyin(s) copy(s.a)", s.a[i], 3.0 * i, 0);

#pragma acc kernels copyin(s, s.b[0:N]) copyout(s.a[0:N])
  for (int i = 0; i < s.n; i++)
    s.a[i] = s.b[i] + s.w;
  for (int i = 0; i < N; i++)
    CHECK_REAL("kernels copyin(s, s.b) copyout(s.a)", s.a[i], 2.0 * i + 3, 0);

  field *p = &s;
#pragma acc parallel loop copyin(p[0:1]) copy(p->a[0:p->n])
  for (int i = 0; i < p->n; i++)
    p->a[i] += p->w;
  for (int i = 0; i < N; i++)
    CHECK_REAL("copyin(p[0:1]) copy(p->a)", s.a[i], 2.0 * i + 6, 0);

#pragma acc data copyin(s) copy(s.a[0:N])
  {
#pragma acc parallel loop present(s)
    for (int i = 0; i < s.n; i++)
      s.a[i] *= 2;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("present(s) in data region", s.a[i], 4.0 * i + 12, 0);
  free(s.a), free(s.b);
  return e2e_done();
}

/* struct_ptr_compute.c — a struct and its pointer member's section on the
 * compute construct itself: `parallel loop copyin(s) copy(s.a[0:s.n])`
 * (GCC 12's front end rejects the struct appearing twice), the same on
 * kernels and through a struct pointer, and `present(s)` in a data region
 * that mapped s and s.a, with async, if and wait, a member of a member and
 * a file-scope struct.
 * Against serial loops. */
/* accgpu-test: accgpu-only */
#include "e2e.h"
#include <stdlib.h>

typedef struct {
  int n;
  double *a;
  double *b;
  double w;
} field;

typedef struct {
  double h;
  struct {
    int n;
    double *a;
  } in;
} nest;

/* a file-scope struct */
static field gf;

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
    /* the struct and the member in one clause, either order */
#pragma acc parallel loop present(s, s.a[0:N])
    for (int i = 0; i < s.n; i++)
      s.a[i] += 1;
#pragma acc parallel present(s.a[0:N], s) copyin(s.b[0:N])
#pragma acc loop
    for (int i = 0; i < s.n; i++)
      s.a[i] += s.b[i] - 1;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("present(s) in data region", s.a[i], 6.0 * i + 12, 0);
  /* async, if and wait with the struct and its member */
  int on = 1, off = 0;
#pragma acc parallel loop copyin(s) copy(s.a[0:s.n]) async(1)
  for (int i = 0; i < s.n; i++)
    s.a[i] -= 12;
#pragma acc parallel loop copyin(s) copy(s.a[0:s.n]) if(on) wait(1)
  for (int i = 0; i < s.n; i++)
    s.a[i] += s.w;
#pragma acc parallel loop copyin(s) copy(s.a[0:s.n]) if(off)
  for (int i = 0; i < s.n; i++)
    s.a[i] *= 2;
#pragma acc wait
  for (int i = 0; i < N; i++)
    CHECK_REAL("async, if, wait", s.a[i], 12.0 * i + 6, 0);

  /* a member of a member */
  nest o = {0.5, {N, s.b}};
#pragma acc parallel loop copyin(o) copy(o.in.a[0:o.in.n])
  for (int i = 0; i < o.in.n; i++)
    o.in.a[i] *= o.h;
  for (int i = 0; i < N; i++)
    CHECK_REAL("copyin(o) copy(o.in.a)", s.b[i], 1.0 * i, 0);
  gf = s;
#pragma acc parallel loop copyin(gf) copy(gf.a[0:gf.n])
  for (int i = 0; i < gf.n; i++)
    gf.a[i] -= gf.w;
  for (int i = 0; i < N; i++)
    CHECK_REAL("file-scope struct", s.a[i], 12.0 * i + 3, 0);
  free(s.a), free(s.b);
  return e2e_done();
}

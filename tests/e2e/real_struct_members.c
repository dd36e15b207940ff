/* real_struct_members.c — sections of pointer members of a struct variable
 * on the compute construct itself, as deep-copy examples write them:
 * `parallel loop copyin(v.x[0:v.n]) copy(v.y[0:v.n])` with v a struct
 * parameter passed by value (the loop bound and a scale read from v's
 * other members), the same through a pointer `copyin(p->x[0:p->n])`, `kernels copyout(g.val[0:g.n])`, and `present(v.x[0:n])`
 * under a data region that mapped the member. Against serial loops. */
#include "e2e.h"
#include <stdlib.h>

typedef struct {
  int n;
  double *x;
  double *y;
  double scale;
} vec;

typedef struct {
  double *val;
  int n;
  int stride;
} grid;

static void axpy(vec v)
{
#pragma acc parallel loop copyin(v.x[0:v.n]) copy(v.y[0:v.n])
  for (int i = 0; i < v.n; i++)
    v.y[i] += v.scale * v.x[i];
}

static void fill(grid g)
{
#pragma acc kernels copyout(g.val[0:g.n])
  for (int i = 0; i < g.n; i++)
    g.val[i] = i * g.stride;
}

static void scale_present(vec v, double a)
{
#pragma acc data copy(v.x[0:v.n])
  {
#pragma acc parallel loop present(v.x[0:v.n])
    for (int i = 0; i < v.n; i++)
      v.x[i] *= a;
  }
}

/* through a pointer to the struct */
static double dot(const vec *p)
{
  double s = 0;
#pragma acc parallel loop copyin(p->x[0:p->n], p->y[0:p->n]) reduction(+:s)
  for (int i = 0; i < p->n; i++)
    s += p->x[i] * p->y[i] * p->scale;
  return s;
}

static void rescale(grid *g, double a)
{
#pragma acc parallel loop copy(g->val[0:g->n])
  for (int i = 0; i < g->n; i++)
    g->val[i] *= a * g->stride;
}

int main(void)
{
  enum { N = 300 };
  vec v = {N, malloc(N * sizeof(double)), malloc(N * sizeof(double)), 3};
  grid g = {malloc(N * sizeof(double)), N, 7};
  for (int i = 0; i < N; i++) {
    v.x[i] = i;
    v.y[i] = 1;
  }
  axpy(v);
  for (int i = 0; i < N; i++)
    CHECK_REAL("struct member sections", v.y[i], 1 + 3.0 * i, 0);
  fill(g);
  for (int i = 0; i < N; i++)
    CHECK_REAL("kernels copyout(member)", g.val[i], 7.0 * i, 0);
  scale_present(v, 0.5);
  for (int i = 0; i < N; i++)
    CHECK_REAL("present(member) under data", v.x[i], 0.5 * i, 0);
  double want = 0;
  for (int i = 0; i < N; i++)
    want += v.x[i] * v.y[i] * v.scale;
  CHECK_REAL("p->member sections", dot(&v), want, 1e-12);
  rescale(&g, 0.5);
  for (int i = 0; i < N; i++)
    CHECK_REAL("p->member copy", g.val[i], 7.0 * i * 0.5 * 7, 0);
  free(v.x);
  free(v.y);
  free(g.val);
  return e2e_done();
}

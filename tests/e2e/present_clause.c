/* present_clause.c — present on data mapped by an enclosing data region,
 * including a sub-section of a mapped array and data mapped by enter data
 * in another function. */
#include <stdlib.h>

#include "e2e.h"

static void scale(double *v, int lo, int len) {
#pragma acc parallel loop present(v[lo:len])
  for (int i = lo; i < lo + len; i++)
    v[i] *= 2.0;
}

static double *make_mapped(int n) {
  double *w = malloc(n * sizeof *w);
  for (int i = 0; i < n; i++)
    w[i] = 1.0;
#pragma acc enter data copyin(w[0:n])
  return w;
}

int main(void) {
  int n = 4000;
  double *v = malloc(n * sizeof *v);
  for (int i = 0; i < n; i++)
    v[i] = i;
#pragma acc data copy(v[0:n])
  {
    scale(v, 0, n);
    scale(v, 1000, 500); /* part of the mapped section */
  }
  for (int i = 0; i < n; i++)
    CHECK_REAL("v", v[i], i >= 1000 && i < 1500 ? 4.0 * i : 2.0 * i, 0);

  double *w = make_mapped(n);
  scale(w, 0, n);
#pragma acc exit data copyout(w[0:n])
  for (int i = 0; i < n; i++)
    CHECK_REAL("w", w[i], 2.0, 0);
  free(v);
  free(w);
  return e2e_done();
}

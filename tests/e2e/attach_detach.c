/* attach_detach.c — pointer members of structs on the device: mapping
 * s.p[0:n] after s attaches the device copy of s.p to the device array
 * (implicit attach), and explicit attach/detach clauses do the same for a
 * pointer whose target was mapped separately. */
#include <stdlib.h>

#include "e2e.h"

typedef struct {
  int n;
  double *p;
} vec;

int main(void) {
  int n = 2500;
  vec s = {n, malloc(n * sizeof(double))};
  for (int i = 0; i < n; i++)
    s.p[i] = i;

#pragma acc enter data copyin(s)
#pragma acc enter data copyin(s.p[0:s.n])
#pragma acc parallel loop present(s)
  for (int i = 0; i < s.n; i++)
    s.p[i] = 2.0 * s.p[i] + 1.0;
#pragma acc exit data copyout(s.p[0:s.n])
#pragma acc exit data delete(s)
  for (int i = 0; i < n; i++)
    CHECK_REAL("s.p (implicit attach)", s.p[i], 2.0 * i + 1.0, 0);

  double *q = malloc(n * sizeof *q);
  for (int i = 0; i < n; i++)
    q[i] = -i;
  vec t = {n, q};
#pragma acc enter data copyin(q[0:n])
#pragma acc enter data copyin(t)
#pragma acc enter data attach(t.p)
#pragma acc parallel loop present(t)
  for (int i = 0; i < t.n; i++)
    t.p[i] += 10.0;
#pragma acc exit data detach(t.p)
#pragma acc exit data delete(t)
#pragma acc exit data copyout(q[0:n])
  CHECK_TRUE("t.p is the host pointer again", t.p == q);
  for (int i = 0; i < n; i++)
    CHECK_REAL("q (explicit attach)", q[i], 10.0 - i, 0);
  free(s.p);
  free(q);
  return e2e_done();
}

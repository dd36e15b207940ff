/* data_attach.c — pointer attachment: after the struct and the array its
 * member points to are both present, attach(s->v) makes the device copy of
 * s->v hold the array's device address; detach puts the host address back.
 * Mapping s->v[0:n] together with s attaches implicitly.  Read back with
 * acc_memcpy_from_device. */
#include <stdlib.h>

#include "e2e.h"

struct vec {
  int n;
  double *v;
};

#ifdef _OPENACC
/* The value of the v member in the device copy of *S. */
static double *device_member(struct vec *s)
{
  struct vec d;
  acc_memcpy_from_device(&d, acc_deviceptr(s), sizeof d);
  return d.v;
}
#endif

int main(void)
{
  int n = 64, sep = e2e_separate_memory();
  struct vec *s = malloc(sizeof *s);
  s->n = n;
  s->v = malloc(n * sizeof *s->v);
  for (int i = 0; i < n; i++)
    s->v[i] = i;

#pragma acc enter data copyin(s[0:1]) copyin(s->v[0:n])
#ifdef _OPENACC
  CHECK_TRUE("implicit attach", device_member(s) == acc_deviceptr(s->v));
#endif
#pragma acc exit data detach(s->v)
#ifdef _OPENACC
  if (sep)
    CHECK_TRUE("detach restores the host pointer", device_member(s) == s->v);
#endif
#pragma acc enter data attach(s->v)
#ifdef _OPENACC
  CHECK_TRUE("explicit attach", device_member(s) == acc_deviceptr(s->v));
  double x = -1;
  acc_memcpy_from_device(&x, (double *)device_member(s) + 5, sizeof x);
  CHECK_REAL("through the attached pointer", x, 5, 0);
#endif
#pragma acc exit data detach(s->v) delete(s->v[0:n]) delete(s[0:1])
  if (sep) {
#ifdef _OPENACC
    CHECK_INT("s gone", acc_is_present(s, sizeof *s), 0);
    CHECK_INT("s->v gone", acc_is_present(s->v, n * sizeof *s->v), 0);
#endif
  }
  free(s->v);
  free(s);
  return e2e_done();
}

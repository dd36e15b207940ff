/* data_struct_members.c — sections pointed to by struct members.
 * `enter data copyin(s.a[0:n], s.b[0:n])` maps the pointer members too (to
 * hold the attached pointers); GCC lists them as separate clauses.  They
 * must form one present entry, so a later `copyin(s)` covering them is
 * present (not "partly present"), and exit data releases it once.
 * Checked against serial loops. */
#include <stdlib.h>

#include "e2e.h"

struct pair {
  double *a, *b;
};

struct pt {
  double x, y;
  int tag;
};

int main(void)
{
  int n = 200, sep = e2e_separate_memory();
  struct pair s;
  s.a = malloc(n * sizeof *s.a);
  s.b = malloc(n * sizeof *s.b);
  for (int i = 0; i < n; i++) {
    s.a[i] = i;
    s.b[i] = 0;
  }
#pragma acc enter data copyin(s.a[0:n], s.b[0:n])
#pragma acc enter data copyin(s)
#ifdef _OPENACC
  acc_attach((void **)&s.a);
  acc_attach((void **)&s.b);
#endif
#pragma acc parallel loop default(present)
  for (int i = 0; i < n; i++)
    s.b[i] = s.a[i] * 2 + 1;
#ifdef _OPENACC
  acc_detach((void **)&s.a);
  acc_detach((void **)&s.b);
#endif
#pragma acc exit data copyout(s.a[0:n], s.b[0:n])
#pragma acc exit data copyout(s)
  for (int i = 0; i < n; i++)
    CHECK_REAL("s.b", s.b[i], i * 2 + 1, 0);
#ifdef _OPENACC
  if (sep) { /* on the host everything is "present" */
    CHECK_TRUE("s.a not present after exit", !acc_is_present(s.a, 8));
    CHECK_TRUE("s not present after exit", !acc_is_present(&s, sizeof s));
  }
#endif

  /* adjacent scalar members: one entry; the whole struct is present */
  struct pt p = {1.5, 2.5, 7};
#pragma acc enter data copyin(p.x, p.y)
#ifdef _OPENACC
  CHECK_TRUE("p.x..p.y present", acc_is_present(&p.x, 2 * sizeof p.x));
#endif
#pragma acc exit data delete(p.x, p.y)
#ifdef _OPENACC
  if (sep)
    CHECK_TRUE("p.x gone", !acc_is_present(&p.x, sizeof p.x));
#endif
  free(s.a);
  free(s.b);
  return e2e_done();
}

/* data_nested_refcount.c — nested data regions: an inner region on data the
 * outer one mapped neither copies in nor copies out (the outermost region
 * owns the transfers), a structured region inside an enter/exit data
 * lifetime leaves the data mapped, all observable via acc_is_present. */
#include "e2e.h"

#ifndef _OPENACC
#define acc_is_present(p, n) 1
#endif

#define N 2000
static int a[N];

int main(void) {
  int sep = e2e_separate_memory();
  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma acc data copy(a[0:N])
  {
#pragma acc data copy(a[0:N])
    {
#pragma acc parallel loop present(a[0:N])
      for (int i = 0; i < N; i++)
        a[i] += 100;
    }
    /* The inner exit did not copy back: the outer region still holds it. */
    if (sep) {
      CHECK_INT("present after inner region", acc_is_present(a, sizeof a), 1);
      CHECK_INT("host a not yet updated", a[5], 5);
    }
    a[7] = -1; /* host-only change: the inner copyin must not have happened */
#pragma acc data copyin(a[0:N])
    {
#pragma acc parallel loop present(a[0:N])
      for (int i = 0; i < N; i++)
        a[i] += 1;
    }
  }
  if (sep)
    CHECK_INT("gone after outer region", acc_is_present(a, sizeof a), 0);
  for (int i = 0; i < N; i++)
    CHECK_INT("a", a[i], sep ? i + 101 : (i == 7 ? 0 : i + 101));

  /* Structured region inside a dynamic lifetime. */
#pragma acc enter data copyin(a[0:N])
#pragma acc data copy(a[0:N])
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      a[i] = 2 * i;
  }
  if (sep) {
    CHECK_INT("still present (dynamic count)", acc_is_present(a, sizeof a), 1);
    CHECK_INT("no copy-out yet", a[3], 104);
    CHECK_INT("part of it is present", acc_is_present(a + 10, 40), 1);
  }
#pragma acc exit data copyout(a[0:N])
  for (int i = 0; i < N; i++)
    CHECK_INT("a after exit data", a[i], 2 * i);
  return e2e_done();
}

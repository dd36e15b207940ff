/* firstprivate_pointer_value.c — `firstprivate(p)` of a pointer whose target
 * is present: the private copy starts at the host's value of p (OpenACC 3.3
 * §2.5.14: "initialized with the value of that item on the local thread"),
 * not the device copy's address; the same pointer used without a clause is
 * still translated (it reads the device copy), and implicit scalars stay
 * firstprivate. */
#include <stdint.h>
#include <stdlib.h>
#include "e2e.h"

#define N 64

int main(void) {
  static double a[N], b[N];
  double *p = a, *q = b, *r = malloc(N * sizeof *r);
  uintptr_t seen[5] = {0, 0, 0, 0, 0};
  double sum = 0;
  int k = 3;
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 2 * i, r[i] = 3 * i;
#pragma acc enter data copyin(r[0:N])
#pragma acc data copyin(a, q[0:N])
  {
#pragma acc parallel firstprivate(p) copyout(seen[0:1]) num_gangs(1)
    seen[0] = (uintptr_t)p;
#pragma acc serial firstprivate(q) copyout(seen[1:1])
    seen[1] = (uintptr_t)q;
#pragma acc parallel loop firstprivate(r) copyout(seen[2:1])
    for (int i = 0; i < 1; i++)
      seen[2] = (uintptr_t)(r + i);
    /* a _Pragma's clauses have the construct's location, as implicit ones */
    _Pragma("acc parallel firstprivate(q) copyout(seen[4:1]) num_gangs(1)")
    seen[4] = (uintptr_t)q;
    /* q and r without a clause: pointers into the device copies */
#pragma acc parallel loop reduction(+:sum) copyout(seen[3:1])
    for (int i = 0; i < N; i++) {
      sum += q[i] * k + r[i];
      if (i == 0)
        seen[3] = 1;
    }
  }
#pragma acc exit data delete(r[0:N])
  CHECK_TRUE("firstprivate(p): host value", seen[0] == (uintptr_t)p);
  CHECK_TRUE("firstprivate(q) on serial: host value", seen[1] == (uintptr_t)q);
  CHECK_TRUE("firstprivate(r), entered data: host value",
             seen[2] == (uintptr_t)r);
  CHECK_TRUE("_Pragma firstprivate(q): host value", seen[4] == (uintptr_t)q);
  CHECK_TRUE("implicit use ran", seen[3] == 1);
  double ref = 0;
  for (int i = 0; i < N; i++)
    ref += 2.0 * i * 3 + 3.0 * i;
  CHECK_REAL("implicit pointers and scalar", sum, ref, 0);
  free(r);
  return e2e_done();
}

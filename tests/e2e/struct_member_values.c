/* struct_member_values.c — members of a struct variable that are values,
 * not pointer sections, in a compute construct's data clauses: a nested
 * struct member (present(t.in) after enter data), two scalar members that
 * were copied in separately (so they sit in separate device blocks), and
 * an array member.  Before, nothing mapped the struct as a whole and the
 * kernel was given its host address: it read and wrote host memory (a
 * memcheck error on the emulator, a fault or stale data on a GPU). */
#include <openacc.h>

#include "e2e.h"

struct inner { int a; double b; };
struct outer { int tag; struct inner in; int vals[16]; long lo, hi; };

int main(void) {
  struct outer t = {7, {3, 1.5}, {0}, 10, 20};
  for (int i = 0; i < 16; i++)
    t.vals[i] = i * i;
  int ref_vals[16];
  for (int i = 0; i < 16; i++)
    ref_vals[i] = i * i * 3 + 1;

#pragma acc enter data copyin(t.in)
#pragma acc parallel present(t.in) num_gangs(1)
  {
    t.in.a += 4;
    t.in.b *= 2.0;
  }
#pragma acc exit data copyout(t.in)

#pragma acc parallel loop copy(t.vals)
  for (int i = 0; i < 16; i++)
    t.vals[i] = t.vals[i] * 3 + 1;

  acc_copyin(&t.lo, sizeof t.lo);
  acc_copyin(&t.hi, sizeof t.hi);
#pragma acc parallel copy(t.lo, t.hi) num_gangs(1)
  {
    long s = t.lo + t.hi;
    t.lo = s * 2;
    t.hi = s - 1;
  }
  acc_copyout(&t.lo, sizeof t.lo);
  acc_copyout(&t.hi, sizeof t.hi);

  CHECK_INT("t.tag untouched", t.tag, 7);
  CHECK_INT("t.in.a", t.in.a, 3 + 4);
  CHECK_REAL("t.in.b", t.in.b, 3.0, 0);
  for (int i = 0; i < 16; i++)
    CHECK_INT("t.vals[i]", t.vals[i], ref_vals[i]);
  CHECK_INT("t.lo", t.lo, (10 + 20) * 2);
  CHECK_INT("t.hi", t.hi, 10 + 20 - 1);
  return e2e_done();
}

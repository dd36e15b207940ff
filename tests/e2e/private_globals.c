/* private_globals.c — private(t) of a global or static variable, on a
 * loop and on the parallel construct: each iteration (gang) works on its
 * own copy and the globals keep their values.  Before, the plugin refused
 * the regions ("global variable used on the device without a data clause
 * or declare"), though the clause is what gives t its meaning there. */
#include "e2e.h"

#define N 300

int t = 5;
static double w = 2.5;

int main(void) {
  int a[N], ref[N], b[N], refb[N];
  for (int i = 0; i < N; i++) {
    ref[i] = i * 2 + 1;
    refb[i] = i % 7 * 3;
  }
#pragma acc parallel loop private(t) copyout(a)
  for (int i = 0; i < N; i++) {
    t = i * 2;
    a[i] = t + 1;
  }
#pragma acc parallel private(t, w) copyout(b)
  {
    t = 3;
    w = 0.0;
#pragma acc loop
    for (int i = 0; i < N; i++)
      b[i] = i % 7 * t;
  }
  for (int i = 0; i < N; i++) {
    CHECK_INT("a from the loop-private t", a[i], ref[i]);
    CHECK_INT("b from the construct-private t", b[i], refb[i]);
  }
  CHECK_INT("global t after the regions", t, 5);
  CHECK_REAL("static w after the region", w, 2.5, 0);
  return e2e_done();
}

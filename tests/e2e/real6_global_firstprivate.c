/* real6_global_firstprivate.c — global scalars a `parallel` construct
 * writes without naming them in a data clause, as ported benchmarks keep
 * their settings and scratch values in globals: by OpenACC 3.3 §2.6.2
 * each is firstprivate, so the construct works on copies and the host's
 * globals keep their values, as the emulator and multicore devices did.
 * The host device ran the body on the globals themselves and changed
 * them.  A global in a private clause (of a loop or of the construct) was
 * "sorry, unimplemented: global variable used on the device without a data
 * clause or declare"; it gets a local copy as a local variable does.  Each
 * device's results are checked against the same loops run serially, and
 * the globals against their values before the constructs. */
/* accgpu-test: private-copies */
#include "e2e.h"

enum { N = 64 };
double scale = 1.5; /* a setting the region overwrites for its own use */
int last_row = -1;  /* scratch */
double tmp_g;       /* scratch, private on the loop */

int main(void) {
  double out[N], want[N];
  for (int i = 0; i < N; i++)
    want[i] = (i + 1) * 2.0 + i;
#pragma acc parallel num_gangs(1) copyout(out[0:N])
  {
    scale = 2.0; /* the construct's copy */
#pragma acc loop
    for (int i = 0; i < N; i++)
      out[i] = (i + 1) * scale;
    last_row = N - 1;
  }
  for (int i = 0; i < N; i++)
    out[i] += i;
  for (int i = 0; i < N; i++)
    CHECK_REAL("out", out[i], want[i], 0);
  CHECK_REAL("scale after the construct", scale, 1.5, 0);
  CHECK_INT("last_row after the construct", last_row, -1);

  tmp_g = -7;
#pragma acc parallel loop private(tmp_g) copy(out[0:N])
  for (int i = 0; i < N; i++) {
    tmp_g = out[i] * 0.5;
    out[i] = tmp_g + 1;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("out, private global", out[i], want[i] * 0.5 + 1, 0);
  CHECK_REAL("tmp_g after the loop", tmp_g, -7, 0);

#pragma acc parallel num_gangs(1) private(last_row) copy(out[0:N])
  {
    last_row = 3; /* the construct's own */
#pragma acc loop
    for (int i = 0; i < N; i++)
      out[i] = out[i] * last_row;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("out, construct-private global", out[i],
               (want[i] * 0.5 + 1) * 3, 0);
  CHECK_INT("last_row after the construct", last_row, -1);
  return e2e_done();
}

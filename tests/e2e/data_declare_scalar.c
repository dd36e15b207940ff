/* data_declare_scalar.c — global scalars with `declare create`/`copyin`/
 * `device_resident` used in compute constructs without data clauses. The
 * declare directive is a visible data clause (OpenACC 3.3 section 2.6.2):
 * the regions use the device copy, not a firstprivate copy of the host's
 * value (GCC's implicit rule), so a store in one region reaches later
 * regions, the routines they call, and `update self`. Against serial
 * code; the host never writes the variables between updates, so every
 * device (separate or shared memory) agrees. GCC's own OpenACC makes the
 * scalars firstprivate, its host fallback included: accgpu-only. */
/* accgpu-test: accgpu-only */
#include "e2e.h"

#define N 300
static int counter;
#pragma acc declare create(counter)
static double coef = 1.5;
#pragma acc declare copyin(coef)
static long total;
#pragma acc declare device_resident(total)

#pragma acc routine seq
static double scaled(int i)
{
  return coef * i + counter;
}

int main(void)
{
  double out[N];
  int seen = -1;
#pragma acc serial
  {
    counter = 7;
    total = 0;
  }
#pragma acc parallel loop
  for (int i = 0; i < N; i++) {
#pragma acc atomic update
    counter += 2;
  }
#pragma acc serial copyout(seen)
  {
    seen = counter;
    coef = coef * 2.0;
  }
  CHECK_INT("counter after the loop", seen, 7 + 2 * N);
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++) {
    out[i] = scaled(i);
#pragma acc atomic update
    total += i;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("routine sees stores", out[i], 3.0 * i + 7 + 2 * N, 0);
  long t = -1;
#pragma acc parallel num_gangs(1) copyout(t)
  t = total;
  CHECK_INT("device_resident total", t, (long)N * (N - 1) / 2);
#pragma acc update self(counter, coef)
  CHECK_INT("update self counter", counter, 7 + 2 * N);
  CHECK_REAL("update self coef", coef, 3.0, 0);
  return e2e_done();
}

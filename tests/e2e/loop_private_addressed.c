/* loop_private_addressed.c — a scalar whose address the host code passes
 * to a function (NPB EP's `randlc(&t1, a)` seed stepping) and that each
 * iteration of an independent gang/worker/vector loop in `kernels` assigns
 * before it reads it, as the NPB-ACC EP of spino327/NAS_OpenACC_2.5 does,
 * is private to the iterations like any other such scalar.  It was left
 * one `kernels` copy shared by every iteration (its address is taken):
 * racecheck reported it, and on multicore EP class S failed verification.
 * One whose address a call after the region gets stays shared (its last
 * value is read).  Every result equals the serial computation. */
/* accgpu-test: cflags -fplugin-arg-accgpu-info */
/* accgpu-test: env ACCGPU_EMU_RACECHECK=1 */
#include "e2e.h"

#define N 512
#define STEPS 200

static double out[N], ref[N];

/* One LCG step on *x (integers below 2^31, exact in a double). */
static double step(double *x, double a) {
  *x = (double)(((unsigned long long)(*x * a) + 12345u) % 2147483647u);
  return *x / 2147483647.0;
}

static double serial(double seed0, double a, double *sum) {
  double s = 0.0;
  for (int k = 0; k < N; k++) {
    double t = seed0 + k;
    for (int i = 0; i < STEPS; i++)
      t = (double)(((unsigned long long)(t * a) + 12345u) % 2147483647u);
    ref[k] = t;
    s += t / 2147483647.0;
  }
  *sum = s;
  return s;
}

int main(void) {
  double t1, a = 48271.0, sx = 0.0, rsum;
  t1 = 7.0;
  step(&t1, a); /* the host steps the seed through its address */
  double seed0 = t1;
  serial(seed0, a, &rsum);
#pragma acc kernels copyout(out[0:N])
  {
#pragma acc loop gang worker vector reduction(+:sx) independent /* accgpu-expect-note: .t1. is private to each iteration */
    for (int k = 0; k < N; k++) {
      t1 = seed0 + k;
      for (int i = 0; i < STEPS; i++)
        t1 = (double)(((unsigned long long)(t1 * a) + 12345u) % 2147483647u);
      out[k] = t1;
      sx += t1 / 2147483647.0;
    }
  }
  for (int k = 0; k < N; k++)
    CHECK_REAL("private addressed scalar", out[k], ref[k], 0);
  CHECK_REAL("sum", sx, rsum, 1e-12);

  /* a call after the region gets its address: it reads the last value,
     so the scalar stays the construct's one copy */
  double u = 0.0;
#pragma acc kernels copyout(out[0:N])
  {
#pragma acc loop seq /* accgpu-expect-note: .u. is assigned before it is read.*used after the region */
    for (int k = 0; k < N; k++) {
      u = seed0 + k;
      out[k] = u * 2.0;
    }
  }
  double ru = seed0 + N - 1;
  CHECK_REAL("last value", step(&u, a), step(&ru, a), 0);
  for (int k = 0; k < N; k++)
    CHECK_REAL("kept shared", out[k], (seed0 + k) * 2.0, 0);
  return e2e_done();
}

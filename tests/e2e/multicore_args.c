/* multicore_args.c — kernel arguments of every size reach every thread of
 * a multicore launch: a synchronous launch packs the values beside the
 * launch (runtime/multicore/launch-pack.c) when they fit, else reads the
 * caller's; an async one always carries a copy, taken at the launch (the
 * host changes the variables before `wait`).  Checked against the same
 * arithmetic done serially. */
/* accgpu-test: env ACC_NUM_CORES=3 */
#include "e2e.h"

#define N 1000
static double out[N], want[N];

typedef struct {
  float x, y, z;
} vec3;

/* Mixed sizes and alignments: char, short, int, long, float, double, a
   12-byte struct. */
static void mixed(char c, short s, int k, long l, float f, double d,
                  vec3 v, int async) {
#pragma acc parallel loop copyout(out[0:N]) firstprivate(v) async(async)
  for (int i = 0; i < N; i++)
    out[i] = c + s * 2.0 + k * 3.0 + l * 4.0 + f + d * i + v.x - v.y * v.z;
#pragma acc wait
  for (int i = 0; i < N; i++)
    want[i] = c + s * 2.0 + k * 3.0 + l * 4.0 + f + d * i + v.x - v.y * v.z;
}

/* 40 doubles: 640 bytes of pointers and values, more than a synchronous
   launch packs on its stack. */
#define P8(p) p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7
#define SUM8(p) (p##0 + p##1 + p##2 + p##3 + p##4 + p##5 + p##6 + p##7)
static void many(int async, double base) {
  double P8(a), P8(b), P8(c), P8(d), P8(e);
  double *all[] = {P8(&a), P8(&b), P8(&c), P8(&d), P8(&e)};
  for (int j = 0; j < 40; j++)
    *all[j] = base + j * 0.5;
#pragma acc parallel loop copyout(out[0:N]) async(async)
  for (int i = 0; i < N; i++)
    out[i] = i * SUM8(a) + SUM8(b) - SUM8(c) * 0.25 + SUM8(d) * SUM8(e);
  for (int j = 0; j < 40; j++) /* an async launch has its own copy */
    *all[j] = -1;
#pragma acc wait
  for (int j = 0; j < 40; j++)
    *all[j] = base + j * 0.5;
  for (int i = 0; i < N; i++)
    want[i] = i * SUM8(a) + SUM8(b) - SUM8(c) * 0.25 + SUM8(d) * SUM8(e);
}

static void check(const char *what) {
  for (int i = 0; i < N; i++)
    e2e_check_real(what, __LINE__, out[i], want[i], 1e-12);
}

int main(void) {
  for (int r = 0; r < 3; r++) {
    int async = r == 2 ? 1 : acc_async_sync;
    vec3 v = {1.5f + r, -2.0f, 0.25f * r};
    mixed((char)(7 + r), (short)(-300 - r), 100000 + r, 1L << (33 + r),
          0.5f * r, 1e-3 * (r + 1), v, async);
    check("mixed");
    many(async, r * 10.0);
    check("many");
  }
  return e2e_done();
}

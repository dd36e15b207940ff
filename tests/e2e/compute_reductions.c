/* compute_reductions.c — reductions at gang, worker and vector level and
 * across levels, for every operator on int, unsigned, long long, float and
 * double, combined with the variable's value before the region. */
#include "e2e.h"

#define N 777
#define M 37

static int iv[N * M];
static unsigned uv[N * M];
static long long lv[N * M];
static double dv[N * M];

#define REDS(T, name, tag)                                                     \
  static void red_##name(const T *arr) {                                       \
    T s = 3, p = 1, mx = -5, mn = 100, ref_s = 3, ref_p = 1, ref_mx = -5,      \
      ref_mn = 100;                                                            \
    _Pragma("acc parallel loop gang vector reduction(+:s) reduction(max:mx) reduction(min:mn) copyin(arr[0:N * M])") \
    for (int i = 0; i < N * M; i++) {                                          \
      s += arr[i];                                                             \
      mx = arr[i] > mx ? arr[i] : mx;                                          \
      mn = arr[i] < mn ? arr[i] : mn;                                          \
    }                                                                          \
    _Pragma("acc parallel loop gang reduction(*:p) copyin(arr[0:20])")        \
    for (int i = 0; i < 20; i++)                                               \
      p *= ((long long)arr[i] % 3 == 0) ? 2 : 1;                                          \
    for (int i = 0; i < N * M; i++) {                                          \
      ref_s += arr[i];                                                         \
      ref_mx = arr[i] > ref_mx ? arr[i] : ref_mx;                              \
      ref_mn = arr[i] < ref_mn ? arr[i] : ref_mn;                              \
    }                                                                          \
    for (int i = 0; i < 20; i++)                                               \
      ref_p *= ((long long)arr[i] % 3 == 0) ? 2 : 1;                                      \
    CHECK_REAL(tag " +", (double)s, (double)ref_s, 1e-9);                      \
    CHECK_REAL(tag " *", (double)p, (double)ref_p, 0);                         \
    CHECK_REAL(tag " max", (double)mx, (double)ref_mx, 0);                     \
    CHECK_REAL(tag " min", (double)mn, (double)ref_mn, 0);                     \
  }
REDS(int, int, "int")
REDS(long long, ll, "long long")
REDS(double, dbl, "double")

int main(void) {
  for (int i = 0; i < N * M; i++) {
    iv[i] = (i * 37) % 1001 - 500;
    uv[i] = (unsigned)(i * 2654435761u) >> 8;
    lv[i] = (long long)iv[i] * 100000;
    dv[i] = iv[i] * 0.5;
  }
  red_int(iv);
  red_ll(lv);
  red_dbl(dv);

  /* Bitwise and logical operators on unsigned and int. */
  unsigned band = ~0u, bor = 0, bxor = 5, rband = ~0u, rbor = 0, rbxor = 5;
  int land = 1, lor = 0, rland = 1, rlor = 0;
#pragma acc parallel loop reduction(&:band) reduction(|:bor) reduction(^:bxor) \
    reduction(&&:land) reduction(||:lor) copyin(uv, iv)
  for (int i = 0; i < N * M; i++) {
    band &= uv[i] | 0xff000000u;
    bor |= uv[i] & 0xf0f0u;
    bxor ^= uv[i];
    land = land && (iv[i] > -600);
    lor = lor || (iv[i] == 499);
  }
  for (int i = 0; i < N * M; i++) {
    rband &= uv[i] | 0xff000000u;
    rbor |= uv[i] & 0xf0f0u;
    rbxor ^= uv[i];
    rland = rland && (iv[i] > -600);
    rlor = rlor || (iv[i] == 499);
  }
  CHECK_INT("&", band, rband);
  CHECK_INT("|", bor, rbor);
  CHECK_INT("^", bxor, rbxor);
  CHECK_INT("&&", land, rland);
  CHECK_INT("||", lor, rlor);

  /* Nested levels: gang outer, worker middle, vector inner reductions. */
  static double rows[N], rrows[N];
  double total = 1.5, rtotal = 1.5;
#pragma acc parallel loop gang num_workers(4) reduction(+:total) copyin(dv) copyout(rows)
  for (int i = 0; i < N; i++) {
    double r = 0;
#pragma acc loop worker vector reduction(+:r)
    for (int j = 0; j < M; j++)
      r += dv[i * M + j];
    rows[i] = r;
    total += r;
  }
  for (int i = 0; i < N; i++) {
    double r = 0;
    for (int j = 0; j < M; j++)
      r += dv[i * M + j];
    rrows[i] = r;
    rtotal += r;
  }
  for (int i = 0; i < N; i++)
    CHECK_REAL("row sums", rows[i], rrows[i], 1e-12);
  CHECK_REAL("total", total, rtotal, 1e-9);

  /* Worker-level reduction with a vector loop inside. */
  long long wmax = -1, rwmax = -1;
#pragma acc parallel num_gangs(3) num_workers(8) reduction(max:wmax) copyin(lv)
  {
#pragma acc loop gang worker reduction(max:wmax)
    for (int i = 0; i < N; i++) {
      long long part = 0;
#pragma acc loop vector reduction(+:part)
      for (int j = 0; j < M; j++)
        part += lv[i * M + j];
      wmax = part > wmax ? part : wmax;
    }
  }
  for (int i = 0; i < N; i++) {
    long long part = 0;
    for (int j = 0; j < M; j++)
      part += lv[i * M + j];
    rwmax = part > rwmax ? part : rwmax;
  }
  CHECK_INT("worker max of vector sums", wmax, rwmax);

  /* float sum over a vector loop inside a seq loop. */
  float fs = 0, rfs = 0;
#pragma acc parallel loop seq reduction(+:fs) copyin(iv)
  for (int r = 0; r < 3; r++) {
#pragma acc loop vector reduction(+:fs)
    for (int i = 0; i < 100; i++)
      fs += iv[r * 100 + i] * 0.5f;
  }
  for (int r = 0; r < 3; r++)
    for (int i = 0; i < 100; i++)
      rfs += iv[r * 100 + i] * 0.5f;
  CHECK_REAL("float seq/vector", fs, rfs, 1e-5);
  return e2e_done();
}
